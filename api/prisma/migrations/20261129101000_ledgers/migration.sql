-- Issue 50, points 4 and 7 (security review 2's L17, L19; content review 4's P-M5).
--
-- Ledgers are ledgers: the API's role (20261127144900_api_role) may add to the staff-action trail and the suppression
-- list, and read them, but neither rewrite nor delete them (the erasure ledger is insert-only already). A lead's staff
-- actions still go with the lead: the foreign key's ON DELETE CASCADE runs as the table's owner. The actions that name
-- no lead are erased on the leads' schedule by erase_expired_staff_actions below, which the owner defines and which
-- erases only what is past the retention period.
REVOKE UPDATE, DELETE, TRUNCATE ON staff_action FROM segmentia_api;
REVOKE UPDATE, DELETE, TRUNCATE ON audience_suppression FROM segmentia_api;

-- The staff actions that name no lead (lists, exports, erasures, answered objections) acted more than `months` months
-- ago, by the database's clock (UTC: the same cutoff as RetentionService.cutoff), erased; returns how many. `months`
-- is LEAD_RETENTION_MONTHS and must lie within that setting's bounds (1 to 120), so no caller erases a recent action.
-- SECURITY DEFINER with a fixed search_path (the migration's schema, then pg_temp): no object of the caller's can
-- stand in for staff_action. Written as an escaped string: Prisma's pg adapter splits a migration at every semicolon.
DO E'
BEGIN
  EXECUTE format($sql$
    CREATE FUNCTION erase_expired_staff_actions(months integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = %I, pg_temp
    AS $body$
    DECLARE
      erased integer\073
    BEGIN
      IF months IS NULL OR months < 1 OR months > 120 THEN
        RAISE EXCEPTION ''erase_expired_staff_actions: months must be 1 to 120 (LEAD_RETENTION_MONTHS), not %%'', months\073
      END IF\073
      DELETE FROM staff_action
      WHERE lead_id IS NULL
        AND acted_at < (now() AT TIME ZONE ''UTC'' - make_interval(months => months)) AT TIME ZONE ''UTC''\073
      GET DIAGNOSTICS erased = ROW_COUNT\073
      RETURN erased\073
    END
    $body$
  $sql$, current_schema())\073
END
';
REVOKE ALL ON FUNCTION erase_expired_staff_actions(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION erase_expired_staff_actions(integer) TO segmentia_api;

-- The privacy centre's erasure also erases the address's written objections: the ledger counts them and keeps their
-- ids, as it keeps the leads'.
-- AlterTable
ALTER TABLE "lead_erasure" ADD COLUMN     "objection_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "objection_ids" UUID[] DEFAULT ARRAY[]::UUID[];

-- A person's own erasure tells sales to delete the chat notice and the email they were sent about its leads: through
-- the outbox, one row per sales channel, which names the erasure instead of a lead (so it does not go with the lead).
-- AlterTable
ALTER TABLE "lead_notification" ADD COLUMN     "erasure_id" UUID,
ALTER COLUMN "lead_id" DROP NOT NULL;

ALTER TABLE "lead_notification" ADD CONSTRAINT "lead_notification_lead_or_erasure" CHECK (num_nonnulls("lead_id", "erasure_id") = 1);

-- CreateIndex
CREATE UNIQUE INDEX "lead_notification_erasure_id_channel_key" ON "lead_notification"("erasure_id", "channel");

-- AddForeignKey
ALTER TABLE "lead_notification" ADD CONSTRAINT "lead_notification_erasure_id_fkey" FOREIGN KEY ("erasure_id") REFERENCES "lead_erasure"("id") ON DELETE CASCADE ON UPDATE CASCADE;
