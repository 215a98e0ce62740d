-- CreateTable
CREATE TABLE "consent_record" (
    "id" UUID NOT NULL,
    "consent_id" UUID NOT NULL,
    "decision_id" UUID NOT NULL,
    "enabled_ids" TEXT[],
    "revision" TEXT NOT NULL,
    "locale" "Locale" NOT NULL,
    "decided_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_record_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "consent_record_decision_id_key" ON "consent_record"("decision_id");

-- CreateIndex
CREATE INDEX "consent_record_consent_id_decided_at_idx" ON "consent_record"("consent_id", "decided_at" DESC);
