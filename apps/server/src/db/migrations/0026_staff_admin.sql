CREATE TABLE "staff_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_second_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sealed_secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_sms_days" (
	"day" date NOT NULL,
	"team_id" uuid NOT NULL,
	"out" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_sms_days_day_team_id_pk" PRIMARY KEY("day","team_id")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_second_factors" ADD CONSTRAINT "staff_second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sms_days" ADD CONSTRAINT "team_sms_days_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_user_idx" ON "staff_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_sms_days_team_idx" ON "team_sms_days" USING btree ("team_id","day");--> statement-breakpoint
CREATE INDEX "teams_lower_name_idx" ON "teams" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "teams_created_idx" ON "teams" USING btree ("created_at");--> statement-breakpoint
-- The audit log is append-only (ADR 025): no role of the app may change or remove an entry.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- Texts per team and UTC day for the admin panel: a job counts as out once it is sent, delivered or
-- failed, and as blocked once it failed; one upsert per team and day per statement (transition tables).
CREATE FUNCTION team_sms_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_sms_days AS d (day, team_id, "out", blocked)
    SELECT (n.created_at AT TIME ZONE 'UTC')::date, n.team_id, count(*)::int,
      (count(*) FILTER (WHERE n.state = 'failed'))::int
    FROM new_jobs n WHERE n.state IN ('sent', 'delivered', 'failed')
    GROUP BY 1, 2
  ON CONFLICT (day, team_id) DO UPDATE SET "out" = d."out" + excluded."out", blocked = d.blocked + excluded.blocked;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION team_sms_days_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_sms_days AS d (day, team_id, "out", blocked)
    SELECT day, team_id, sum(d_out)::int, sum(d_blocked)::int FROM (
      SELECT (n.created_at AT TIME ZONE 'UTC')::date AS day, n.team_id,
        (n.state IN ('sent', 'delivered', 'failed'))::int - (o.state IN ('sent', 'delivered', 'failed'))::int AS d_out,
        (n.state = 'failed')::int - (o.state = 'failed')::int AS d_blocked
      FROM new_jobs n JOIN old_jobs o ON o.id = n.id
      WHERE n.state IS DISTINCT FROM o.state) x
    WHERE d_out <> 0 OR d_blocked <> 0
    GROUP BY 1, 2
    HAVING sum(d_out) <> 0 OR sum(d_blocked) <> 0
  ON CONFLICT (day, team_id) DO UPDATE SET "out" = d."out" + excluded."out", blocked = d.blocked + excluded.blocked;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sms_jobs_team_days_insert AFTER INSERT ON "sms_jobs"
  REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION team_sms_days_after_insert();--> statement-breakpoint
CREATE TRIGGER sms_jobs_team_days_update AFTER UPDATE ON "sms_jobs"
  REFERENCING OLD TABLE AS old_jobs NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION team_sms_days_after_update();--> statement-breakpoint
INSERT INTO team_sms_days (day, team_id, "out", blocked)
  SELECT (created_at AT TIME ZONE 'UTC')::date, team_id, count(*)::int, (count(*) FILTER (WHERE state = 'failed'))::int
  FROM sms_jobs WHERE state IN ('sent', 'delivered', 'failed') GROUP BY 1, 2;
