CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_id" uuid,
	"target_name" text,
	"state" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cursor" uuid,
	"result" text,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_job_items" (
	"job_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"outcome" text,
	CONSTRAINT "bulk_job_items_job_id_item_id_pk" PRIMARY KEY("job_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_jobs_running_idx" ON "bulk_jobs" USING btree ("created_at") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "bulk_jobs_team_idx" ON "bulk_jobs" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_job_items_item_idx" ON "bulk_job_items" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "bulk_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bulk_jobs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY team_only ON "bulk_jobs" TO prospector_app USING ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE) WITH CHECK ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE);--> statement-breakpoint
CREATE POLICY all_teams ON "bulk_jobs" TO prospector_all_teams USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "bulk_job_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bulk_job_items" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY team_only ON "bulk_job_items" TO prospector_app USING ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE) WITH CHECK ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE);--> statement-breakpoint
CREATE POLICY all_teams ON "bulk_job_items" TO prospector_all_teams USING (true) WITH CHECK (true);
