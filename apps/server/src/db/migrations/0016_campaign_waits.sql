ALTER TABLE "campaign_recipients" ADD COLUMN "wait_reason" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "missing_field" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "wait_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "wait_until" timestamp with time zone;