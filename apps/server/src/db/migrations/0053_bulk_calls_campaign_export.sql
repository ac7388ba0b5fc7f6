-- Issue 32 item 2 (ADR 037 addendum): an export job writes each exported record's CSV line with its
-- outcome, and a campaign can take a finished campaign job's selection as its audience.
ALTER TABLE "bulk_job_items" ADD COLUMN "line" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_job_id" uuid REFERENCES "bulk_jobs"("id") ON DELETE SET NULL;
