-- Issue 50, points 2, 3 and 6: why an ID is on the suppression list (an objection or a withdrawn consent) and who put it
-- there (the person at the privacy centre, or a partner by machine); the machines' own keys (the audiences' pipeline,
-- data partners), each read of the list they make, and the fingerprint of the key the list's hashes were made with.

-- CreateEnum
CREATE TYPE "SuppressionReason" AS ENUM ('OBJECTION', 'WITHDRAWAL');

-- CreateEnum
CREATE TYPE "SuppressionSource" AS ENUM ('PRIVACY_CENTER', 'PARTNER');

-- CreateEnum
CREATE TYPE "MachineScope" AS ENUM ('READ_SUPPRESSIONS', 'SEND_WITHDRAWALS');

-- Every opt-out so far was the privacy centre's, offered as an objection ("exclusión/oposición").
ALTER TABLE "audience_suppression" ADD COLUMN "reason" "SuppressionReason" NOT NULL DEFAULT 'OBJECTION',
ADD COLUMN "source" "SuppressionSource" NOT NULL DEFAULT 'PRIVACY_CENTER',
ADD COLUMN "machine_key_id" UUID,
ALTER COLUMN "request_id" DROP NOT NULL;

-- From now on each row says its own.
ALTER TABLE "audience_suppression" ALTER COLUMN "reason" DROP DEFAULT,
ALTER COLUMN "source" DROP DEFAULT;

-- CreateTable
CREATE TABLE "machine_key" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "key_hash" CHAR(64) NOT NULL,
    "scopes" "MachineScope"[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "machine_key_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "suppression_list_read" (
    "id" UUID NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "machine_key_id" UUID NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "rows" INTEGER NOT NULL,
    "up_to" TIMESTAMPTZ(3),

    CONSTRAINT "suppression_list_read_pkey" PRIMARY KEY ("id")
);

-- CreateTable: one row at most (its id is true).
CREATE TABLE "suppression_key_fingerprint" (
    "id" BOOLEAN NOT NULL DEFAULT true CHECK ("id"),
    "fingerprint" CHAR(64) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suppression_key_fingerprint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "machine_key_name_key" ON "machine_key"("name");

-- CreateIndex
CREATE UNIQUE INDEX "machine_key_key_hash_key" ON "machine_key"("key_hash");

-- CreateIndex
CREATE INDEX "suppression_list_read_read_at_idx" ON "suppression_list_read"("read_at");

-- AddForeignKey
ALTER TABLE "audience_suppression" ADD CONSTRAINT "audience_suppression_machine_key_id_fkey" FOREIGN KEY ("machine_key_id") REFERENCES "machine_key"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "suppression_list_read" ADD CONSTRAINT "suppression_list_read_machine_key_id_fkey" FOREIGN KEY ("machine_key_id") REFERENCES "machine_key"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The API's role (granted read and write by 20261127144900_api_role's default privileges): it looks keys up but never
-- makes, changes or revokes one (`npm run machine-key` does, as the owner); it records reads and the key's fingerprint
-- but can neither rewrite nor delete them, so neither the record of the pipeline's reads nor the fingerprint that stops
-- a changed key can be undone through it.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "machine_key" FROM segmentia_api;
REVOKE UPDATE, DELETE, TRUNCATE ON "suppression_list_read" FROM segmentia_api;
REVOKE UPDATE, DELETE, TRUNCATE ON "suppression_key_fingerprint" FROM segmentia_api;
