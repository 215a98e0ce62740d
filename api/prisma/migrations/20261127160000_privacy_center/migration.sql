-- The privacy centre (issue 42): the audiences' suppression list (a keyed hash of each advertising ID, never the ID) and
-- the written objections of web browsers, which staff answer. The API's role gets its rights on the new tables from the
-- default privileges of 20261127144900_api_role.
-- CreateEnum
CREATE TYPE "DeviceType" AS ENUM ('ANDROID', 'APPLE', 'CONNECTED_TV');

-- AlterEnum
ALTER TYPE "StaffActionKind" ADD VALUE 'OBJECTION_ANSWERED';

-- CreateTable
CREATE TABLE "audience_suppression" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "device_type" "DeviceType" NOT NULL,
    "id_hash" CHAR(64) NOT NULL,
    "suppressed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "altcha_id" TEXT NOT NULL,

    CONSTRAINT "audience_suppression_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audience_objection" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locale" "Locale" NOT NULL,
    "email" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "altcha_id" TEXT NOT NULL,
    "answered_at" TIMESTAMPTZ(3),
    "answered_by" TEXT,

    CONSTRAINT "audience_objection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "audience_suppression_request_id_key" ON "audience_suppression"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "audience_suppression_id_hash_key" ON "audience_suppression"("id_hash");

-- CreateIndex
CREATE UNIQUE INDEX "audience_suppression_altcha_id_key" ON "audience_suppression"("altcha_id");

-- CreateIndex
CREATE INDEX "audience_suppression_suppressed_at_id_idx" ON "audience_suppression"("suppressed_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "audience_objection_request_id_key" ON "audience_objection"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "audience_objection_altcha_id_key" ON "audience_objection"("altcha_id");

-- CreateIndex
CREATE INDEX "audience_objection_received_at_idx" ON "audience_objection"("received_at");
