-- Staff reads at a million leads (docs/benchmarks.md, "Staff reads at a million leads"): every read of the list, its
-- count, the CSV and the overview is answered by an index, never a scan of the table. Prisma's schema cannot name an
-- index's INCLUDE columns, an expression index or a partial one: the schema names the btree indexes by their keys,
-- the rest live only here.

-- The list in each order, a page after the cursor, and its filters on status, language, interest and score read
-- within these indexes alone (index-only scans): the columns the filters and the overview read are included. The
-- overview's twelve weeks are one range of the first.
DROP INDEX "contact_request_received_at_id_idx";
CREATE INDEX "contact_request_received_at_id_idx" ON "contact_request"("received_at" DESC, "id" DESC)
  INCLUDE ("status", "locale", "interest", "fit_score", "country", "utm_source", "utm_medium", "utm_campaign", "referrer_host");
DROP INDEX "contact_request_fit_score_received_at_id_idx";
CREATE INDEX "contact_request_fit_score_received_at_id_idx" ON "contact_request"("fit_score" DESC, "received_at" DESC, "id" DESC)
  INCLUDE ("status", "locale", "interest");
CREATE INDEX "contact_request_status_received_at_id_idx" ON "contact_request"("status", "received_at" DESC, "id" DESC)
  INCLUDE ("locale", "interest", "fit_score");

-- The search (agency, contact or email) and the source (a campaign's parameters or the referring host): each one text,
-- its parts a line apart (a search is one line), found anywhere in any case (ILIKE) by a trigram index. The list
-- (api/src/leads/lead-sql.ts) filters on these same functions, which PostgreSQL inlines, so the indexes match.
CREATE FUNCTION lead_search_text(agency_name text, contact_name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT agency_name || E'\n' || contact_name || E'\n' || email $$;
CREATE INDEX "contact_request_search_idx" ON "contact_request" USING gin (lead_search_text("agency_name", "contact_name", "email") gin_trgm_ops);
CREATE FUNCTION lead_source_text(utm_source text, utm_medium text, utm_campaign text, referrer_host text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(utm_source, '') || E'\n' || coalesce(utm_medium, '') || E'\n' || coalesce(utm_campaign, '') || E'\n' || coalesce(referrer_host, '') $$;
CREATE INDEX "contact_request_source_idx" ON "contact_request"
  USING gin (lead_source_text("utm_source", "utm_medium", "utm_campaign", "referrer_host") gin_trgm_ops);

-- Two jobs that read the table on a schedule find their few rows without reading the rest: retention the spam past
-- its days, the outbox's worker the notifications not yet delivered (every delivered one stays in lead_notification).
CREATE INDEX "contact_request_spam_received_at_idx" ON "contact_request"("received_at") WHERE "is_spam" OR "status" = 'SPAM';
CREATE INDEX "lead_notification_undelivered_idx" ON "lead_notification"("next_attempt_at") WHERE "delivered_at" IS NULL;
