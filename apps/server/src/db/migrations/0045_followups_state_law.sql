ALTER TABLE "campaigns" ADD COLUMN "follow_ups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "follow_up" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "last_step" integer;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "wait_law" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "law_states" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "contact_start_hour" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "contact_end_hour" integer;
