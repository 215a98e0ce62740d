-- The explorer's audiences a visitor asks for with the request, as the catalogue named them then.
ALTER TABLE "contact_request" ADD COLUMN "requested_audiences" JSONB NOT NULL DEFAULT '[]';
