-- CreateEnum
CREATE TYPE "LeadStatus" AS ENUM ('NEW', 'CONTACTED', 'DEMO_SENT', 'QUALIFIED', 'DISQUALIFIED', 'SPAM');

-- CreateEnum
CREATE TYPE "NotificationChannel" AS ENUM ('WEBHOOK', 'EMAIL');

-- CreateEnum
CREATE TYPE "ErasureReason" AS ENUM ('REQUEST', 'RETENTION');

-- DropIndex
DROP INDEX "contact_request_received_at_idx";

-- AlterTable
ALTER TABLE "contact_request" ADD COLUMN     "status" "LeadStatus" NOT NULL DEFAULT 'NEW',
ADD COLUMN     "status_updated_at" TIMESTAMPTZ(3);

-- Requests that filled the honeypot were never leads.
UPDATE "contact_request" SET "status" = 'SPAM' WHERE "is_spam";

-- CreateTable
CREATE TABLE "lead_notification" (
    "id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    "channel" "NotificationChannel" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "last_error" TEXT,

    CONSTRAINT "lead_notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead_erasure" (
    "id" UUID NOT NULL,
    "erased_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" "ErasureReason" NOT NULL,
    "count" INTEGER NOT NULL,
    "erased_by" TEXT,

    CONSTRAINT "lead_erasure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lead_notification_next_attempt_at_idx" ON "lead_notification"("next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "lead_notification_lead_id_channel_key" ON "lead_notification"("lead_id", "channel");

-- CreateIndex
CREATE INDEX "contact_request_received_at_id_idx" ON "contact_request"("received_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "lead_notification" ADD CONSTRAINT "lead_notification_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "contact_request"("id") ON DELETE CASCADE ON UPDATE CASCADE;
