-- After a restore, the erasure ledger (on standard input, one JSON line per erasure) applied again in one
-- transaction: every lead and written objection it names erased, and each erasure's record written again where the
-- restore lost it. Prints how many leads and objections the restored database still held.
BEGIN;
CREATE TEMP TABLE ledger (entry jsonb) ON COMMIT DROP;
-- CSV with a quote and a delimiter no JSON line holds: each line is one value, read as it is.
\copy ledger FROM pstdin WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
WITH erased AS (
  DELETE FROM contact_request WHERE id IN (SELECT jsonb_array_elements_text(entry -> 'leads')::uuid FROM ledger) RETURNING 1
)
SELECT count(*) || ' leads erased again' FROM erased;
WITH erased AS (
  DELETE FROM audience_objection
  WHERE id IN (SELECT jsonb_array_elements_text(coalesce(entry -> 'objections', '[]')) ::uuid FROM ledger) RETURNING 1
)
SELECT count(*) || ' written objections erased again' FROM erased;
INSERT INTO lead_erasure (id, erased_at, reason, count, erased_by, lead_ids, objection_count, objection_ids)
SELECT (entry ->> 'erasure')::uuid, (entry ->> 'erasedAt')::timestamptz, coalesce(entry ->> 'reason', 'REQUEST')::"ErasureReason",
  jsonb_array_length(entry -> 'leads'), entry ->> 'erasedBy',
  ARRAY(SELECT jsonb_array_elements_text(entry -> 'leads'))::uuid[],
  jsonb_array_length(coalesce(entry -> 'objections', '[]')),
  ARRAY(SELECT jsonb_array_elements_text(coalesce(entry -> 'objections', '[]')))::uuid[]
FROM ledger
ON CONFLICT (id) DO NOTHING;
COMMIT;
