-- Issue 32 item 2 (ADR 037 addendum): an export job writes each exported record's CSV line with its
-- outcome, and a campaign can take a finished campaign job's selection as its audience.
ALTER TABLE "bulk_job_items" ADD COLUMN "line" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_job_id" uuid REFERENCES "bulk_jobs"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Fixing a selection of 100,000 records spent 3.8 of its 5.9 s in these two foreign keys' checks, one
-- per row (docs/scaling.md, "bulk assign"). A job's rows are written only by the statement that
-- creates the job, from the team's records, so neither check can fail; what the keys also did, their
-- cascades, is kept: a job's rows go with the job (and so with its team or author), and a record
-- removed for good is counted gone by the chunk that reaches it.
ALTER TABLE "bulk_job_items" DROP CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk";--> statement-breakpoint
ALTER TABLE "bulk_job_items" DROP CONSTRAINT "bulk_job_items_item_id_items_id_fk";--> statement-breakpoint
-- Served only that cascade: every read of a job's rows goes by the job (its primary key).
DROP INDEX "bulk_job_items_item_idx";--> statement-breakpoint
CREATE FUNCTION bulk_job_items_with_their_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bulk_job_items WHERE job_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bulk_jobs_items_removed AFTER DELETE ON bulk_jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bulk_job_items_with_their_job();
