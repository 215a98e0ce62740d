-- Issue 50, points 5 and 8 (security review 2's L13, L15, L22): one record of spent proof-of-work challenges for every
-- proved mutation, instead of a unique altcha_id in each of four tables, so that a challenge proves one action of any
-- kind; the API looks a challenge up here before it derives its key, and counts these rows for the hourly ceilings.
-- CreateEnum
CREATE TYPE "ProofPurpose" AS ENUM ('CONTACT_REQUEST', 'OPT_OUT', 'OBJECTION', 'DATA_LINK');

-- CreateTable
CREATE TABLE "proof_of_work_use" (
    "altcha_id" TEXT NOT NULL,
    "purpose" "ProofPurpose" NOT NULL,
    "used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proof_of_work_use_pkey" PRIMARY KEY ("altcha_id")
);

-- CreateIndex
CREATE INDEX "proof_of_work_use_purpose_used_at_idx" ON "proof_of_work_use"("purpose", "used_at");

-- The challenges already spent, each with its action's time; one that served two actions (possible until now) once.
INSERT INTO proof_of_work_use (altcha_id, purpose, used_at)
SELECT altcha_id, 'CONTACT_REQUEST'::"ProofPurpose", received_at FROM contact_request WHERE altcha_id IS NOT NULL
UNION ALL SELECT altcha_id, 'OPT_OUT'::"ProofPurpose", suppressed_at FROM audience_suppression
UNION ALL SELECT altcha_id, 'OBJECTION'::"ProofPurpose", received_at FROM audience_objection
UNION ALL SELECT altcha_id, 'DATA_LINK'::"ProofPurpose", requested_at FROM data_access_link
ON CONFLICT (altcha_id) DO NOTHING;

-- DropIndex
DROP INDEX "contact_request_altcha_id_key";
DROP INDEX "audience_suppression_altcha_id_key";
DROP INDEX "audience_objection_altcha_id_key";
DROP INDEX "data_access_link_altcha_id_key";

-- AlterTable
ALTER TABLE "contact_request" DROP COLUMN "altcha_id";
ALTER TABLE "audience_suppression" DROP COLUMN "altcha_id";
ALTER TABLE "audience_objection" DROP COLUMN "altcha_id";
ALTER TABLE "data_access_link" DROP COLUMN "altcha_id";

-- A spent challenge stays spent: the API's role adds rows and reads them, never changes or removes one.
REVOKE UPDATE, DELETE, TRUNCATE ON proof_of_work_use FROM segmentia_api;

-- The confirmation emails sent in the last hour (their hourly ceiling, read by the outbox's worker and the metrics).
CREATE INDEX "lead_notification_confirmation_delivered_at_idx" ON "lead_notification"("delivered_at") WHERE channel = 'CONFIRMATION';
