-- Who of the staff did what with the leads (staff_action): the verified account (uid, email) and the action, never
-- the lead's data. A lead's actions cascade with it; the rest are erased by retention. Spam erased by retention is
-- recorded in the erasure ledger like a requested erasure (reason SPAM, by who marked it). The API's role gets its
-- rights on the new table from the default privileges of 20261127144900_api_role.
-- CreateEnum
CREATE TYPE "StaffActionKind" AS ENUM ('VIEW', 'LIST', 'EXPORT', 'STATUS', 'ERASE');

-- AlterEnum
ALTER TYPE "ErasureReason" ADD VALUE 'SPAM';

-- CreateTable
CREATE TABLE "staff_action" (
    "id" UUID NOT NULL,
    "acted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" "StaffActionKind" NOT NULL,
    "staff_uid" TEXT NOT NULL,
    "staff_email" TEXT NOT NULL,
    "lead_id" UUID,
    "status" "LeadStatus",
    "count" INTEGER,
    "erasure_id" UUID,

    CONSTRAINT "staff_action_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "staff_action_lead_id_acted_at_idx" ON "staff_action"("lead_id", "acted_at" DESC);

-- CreateIndex
CREATE INDEX "staff_action_acted_at_idx" ON "staff_action"("acted_at");

-- AddForeignKey
ALTER TABLE "staff_action" ADD CONSTRAINT "staff_action_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "contact_request"("id") ON DELETE CASCADE ON UPDATE CASCADE;
