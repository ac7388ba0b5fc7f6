ALTER TABLE "items" ADD COLUMN "unread_sms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "items_inbox_idx" ON "items" USING btree ("team_id","last_activity_at" DESC NULLS LAST,"id") WHERE "items"."last_message" is not null;--> statement-breakpoint
CREATE INDEX "items_unread_idx" ON "items" USING btree ("team_id") WHERE "items"."unread_sms" > 0;