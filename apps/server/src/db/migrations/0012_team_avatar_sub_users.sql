ALTER TABLE "teams" ADD COLUMN "avatar" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "sub_users" jsonb DEFAULT '[]'::jsonb NOT NULL;