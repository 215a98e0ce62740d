-- pgBackRest's backups (:info, `pgbackrest info --output=json`) recorded in base_backup, which the API's metrics read
-- (segmentia_base_backup_age_seconds, the SegmentiaBaseBackupStale alert); those recorded already are left as they are.
INSERT INTO base_backup (label, started_at, finished_at, bytes)
SELECT backup ->> 'label', to_timestamp((backup -> 'timestamp' ->> 'start')::bigint),
  to_timestamp((backup -> 'timestamp' ->> 'stop')::bigint), (backup -> 'info' -> 'repository' ->> 'size')::bigint
FROM jsonb_array_elements((:'info')::jsonb -> 0 -> 'backup') AS backup
ON CONFLICT (label) DO NOTHING;
