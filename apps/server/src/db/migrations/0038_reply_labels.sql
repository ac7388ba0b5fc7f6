CREATE TABLE "reply_labels" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"label" text NOT NULL,
	"confidence" real NOT NULL,
	"needs_look" boolean NOT NULL,
	"source" text NOT NULL,
	"model_label" text NOT NULL,
	"corrected_by" uuid,
	"corrected_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_labels" ADD CONSTRAINT "reply_labels_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_labels" ADD CONSTRAINT "reply_labels_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_labels" ADD CONSTRAINT "reply_labels_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_labels_team_label_idx" ON "reply_labels" USING btree ("team_id","label","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reply_labels_item_idx" ON "reply_labels" USING btree ("item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reply_labels_corrections_idx" ON "reply_labels" USING btree ("team_id","corrected_at") WHERE "reply_labels"."corrected_at" is not null;--> statement-breakpoint
ALTER TABLE "reply_labels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reply_labels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY team_only ON "reply_labels" TO prospector_app USING ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE) WITH CHECK ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE);--> statement-breakpoint
CREATE POLICY all_teams ON "reply_labels" TO prospector_all_teams USING (true) WITH CHECK (true);
