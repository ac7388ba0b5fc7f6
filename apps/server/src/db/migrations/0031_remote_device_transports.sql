CREATE TABLE "device_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"device_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "transport" text DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "endpoint" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sealed_secrets" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "remote_state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_codes_hash_key" ON "device_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_hash_key" ON "devices" USING btree ("token_hash") WHERE "devices"."token_hash" is not null;--> statement-breakpoint
CREATE INDEX "sms_jobs_external_idx" ON "sms_jobs" USING btree ("device_id","external_id") WHERE "sms_jobs"."external_id" is not null;--> statement-breakpoint
-- Row-level security for the new team table, as migration 0029 does for every team table (ADR 028).
ALTER TABLE "device_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "device_codes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY team_only ON "device_codes" TO prospector_app USING ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE) WITH CHECK ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE);--> statement-breakpoint
CREATE POLICY all_teams ON "device_codes" TO prospector_all_teams USING (true) WITH CHECK (true);
