CREATE TABLE "reply_actions" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"label" text NOT NULL,
	"system_message_id" uuid,
	"undo" jsonb NOT NULL,
	"undone_by" uuid,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_action_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_message_id_reply_labels_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."reply_labels"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_system_message_id_messages_id_fk" FOREIGN KEY ("system_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_actions_item_idx" ON "reply_actions" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "reply_actions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reply_actions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY team_only ON "reply_actions" TO prospector_app USING ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE) WITH CHECK ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE);--> statement-breakpoint
CREATE POLICY all_teams ON "reply_actions" TO prospector_all_teams USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "reply_action_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reply_action_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY team_only ON "reply_action_settings" TO prospector_app USING ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE) WITH CHECK ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE);--> statement-breakpoint
CREATE POLICY all_teams ON "reply_action_settings" TO prospector_all_teams USING (true) WITH CHECK (true);
