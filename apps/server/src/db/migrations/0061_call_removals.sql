-- A call campaign's contact taken out of a queue before its call (issue 32): who took it out, from
-- whose queue. The time is the row's next_at, as for every stopped recipient; the reason is 'unqueued'.
ALTER TABLE "campaign_recipients" ADD COLUMN IF NOT EXISTS "removed_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN IF NOT EXISTS "removed_from" uuid REFERENCES "users"("id") ON DELETE SET NULL;
