CREATE TABLE "voice_accounts" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"sid" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voice_accounts_sid_key" UNIQUE("sid")
);
--> statement-breakpoint
ALTER TABLE "voice_accounts" ADD CONSTRAINT "voice_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_team_in_idx" ON "messages" USING btree ("team_id","created_at") WHERE "messages"."direction" = 'in';--> statement-breakpoint
CREATE INDEX "calls_team_started_idx" ON "calls" USING btree ("team_id","started_at");