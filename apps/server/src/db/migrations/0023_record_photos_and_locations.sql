ALTER TABLE "items" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "location" jsonb;