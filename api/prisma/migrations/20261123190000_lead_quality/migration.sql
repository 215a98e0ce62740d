-- Lead quality: the lead's country, its fit score with the reasons, and whether it repeats an earlier request.
ALTER TABLE "contact_request" ADD COLUMN "country" CHAR(2),
ADD COLUMN "fit_score" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "fit_reasons" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "repeat_of_id" UUID,
ADD COLUMN "request_number" INTEGER NOT NULL DEFAULT 1;

ALTER TABLE "contact_request" ADD CONSTRAINT "contact_request_repeat_of_id_fkey" FOREIGN KEY ("repeat_of_id") REFERENCES "contact_request"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE INDEX "contact_request_fit_score_received_at_id_idx" ON "contact_request"("fit_score" DESC, "received_at" DESC, "id" DESC);

-- Erasing a lead unlinks its repeats: found by this index, not a scan per deleted row.
CREATE INDEX "contact_request_repeat_of_id_idx" ON "contact_request"("repeat_of_id");

-- A new request looks up the same prospect's earlier ones by email (any case) or by agency and email domain.
-- Prisma's schema cannot name expression indexes, so these two live only here.
CREATE INDEX "contact_request_email_key_idx" ON "contact_request"(lower("email"), "received_at");
CREATE INDEX "contact_request_agency_key_idx" ON "contact_request"(lower("agency_name"), lower(split_part("email", '@', 2)), "received_at");

-- Leads stored before this migration have no repeat link: their score is set by `npm run rescore -w api`.
