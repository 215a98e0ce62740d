-- The explorer's search: audience names found accent- and case-insensitively by a trigram index.
-- Both extensions are trusted (PostgreSQL 13 and later): the database owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A name as the search compares it: lower case, without accents. Immutable (unaccent with its dictionary named), so it can be indexed.
CREATE OR REPLACE FUNCTION search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

CREATE INDEX "audience_translation_search_idx" ON "audience_translation" USING gin (search_text("name") gin_trgm_ops);
