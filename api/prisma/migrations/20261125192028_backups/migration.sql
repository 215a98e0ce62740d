-- Backups of the embedded PostgreSQL (tools/src/backup): each erasure keeps the ids of the leads it removed, which
-- the erasure ledger beside the backups copies (a restore applies it again), and the base backups are recorded for
-- the API's metrics.
-- AlterTable
ALTER TABLE "lead_erasure" ADD COLUMN     "lead_ids" UUID[] DEFAULT ARRAY[]::UUID[];

-- CreateTable
CREATE TABLE "base_backup" (
    "label" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "bytes" BIGINT NOT NULL,

    CONSTRAINT "base_backup_pkey" PRIMARY KEY ("label")
);
