-- The erasures the ledger does not hold yet (:known, the ids it holds), one JSON line each, oldest first: what a
-- restore must repeat (apply-ledger.sql). Staff's erasures (REQUEST) and spam's (SPAM); retention repeats its own.
SELECT jsonb_strip_nulls(jsonb_build_object(
  'erasure', id,
  'reason', reason,
  'erasedAt', to_char(erased_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'erasedBy', erased_by,
  'leads', lead_ids,
  'objections', CASE WHEN cardinality(objection_ids) > 0 THEN objection_ids END
))
FROM lead_erasure
WHERE reason IN ('REQUEST', 'SPAM') AND id <> ALL (:'known'::uuid[])
ORDER BY erased_at, id;
