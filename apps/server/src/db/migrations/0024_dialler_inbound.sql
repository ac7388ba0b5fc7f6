CREATE TABLE "user_call_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"no_status_calls" boolean DEFAULT false NOT NULL,
	"forward_only" boolean DEFAULT false NOT NULL,
	"forward_number" text,
	"default_vm" uuid
);
--> statement-breakpoint
ALTER TABLE "user_call_settings" ADD CONSTRAINT "user_call_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_call_settings" ADD CONSTRAINT "user_call_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_call_settings" ADD CONSTRAINT "user_call_settings_default_vm_voicemails_id_fk" FOREIGN KEY ("default_vm") REFERENCES "public"."voicemails"("id") ON DELETE set null ON UPDATE no action;