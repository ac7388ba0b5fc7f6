CREATE TABLE "phone_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"team_id" uuid NOT NULL,
	"value" text NOT NULL,
	"item_id" uuid,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"primary" boolean,
	"origin" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "phone_history" ADD CONSTRAINT "phone_history_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_history_team_value_idx" ON "phone_history" USING btree ("team_id","value","id");--> statement-breakpoint
-- Who or what is writing: a writer sets it for its transaction (set_config(..., true)); unset, 'system'.
CREATE FUNCTION phone_history_origin() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('prospector.origin', true), '')::jsonb, '{"source":"system"}'::jsonb)
$$;--> statement-breakpoint
CREATE FUNCTION phone_history_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A copy of a whole database (moving to PostgreSQL) brings its history with it: nothing to add.
  IF current_setting('prospector.restoring', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO phone_history (team_id, value, item_id, event, to_status, "primary", origin)
  SELECT n.team_id, n.value, n.item_id, 'added', n.status, n."primary", phone_history_origin()
  FROM new_rows n WHERE NOT n.is_email;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION phone_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A copy of a whole database (moving to PostgreSQL) brings its history with it: nothing to add.
  IF current_setting('prospector.restoring', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO phone_history (team_id, value, item_id, event, from_status, to_status, "primary", origin)
  SELECT n.team_id, n.value, n.item_id,
    CASE WHEN n.status IS DISTINCT FROM o.status THEN 'status'
         WHEN n.item_id IS DISTINCT FROM o.item_id THEN 'moved' ELSE 'primary' END,
    o.status, n.status, n."primary", phone_history_origin()
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE NOT n.is_email AND (n.status IS DISTINCT FROM o.status OR n."primary" IS DISTINCT FROM o."primary"
    OR n.item_id IS DISTINCT FROM o.item_id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A phone removed by hand is history; one removed with its record or team (a cascade) is not written.
CREATE FUNCTION phone_history_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A copy of a whole database (moving to PostgreSQL) brings its history with it: nothing to add.
  IF current_setting('prospector.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  INSERT INTO phone_history (team_id, value, item_id, event, from_status, origin)
  SELECT o.team_id, o.value, o.item_id, 'removed', o.status, phone_history_origin()
  FROM old_rows o WHERE NOT o.is_email;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER identifiers_history_added AFTER INSERT ON identifiers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION phone_history_added();--> statement-breakpoint
CREATE TRIGGER identifiers_history_changed AFTER UPDATE ON identifiers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION phone_history_changed();--> statement-breakpoint
CREATE TRIGGER identifiers_history_removed AFTER DELETE ON identifiers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION phone_history_removed();--> statement-breakpoint
-- Append-only: no update ever; a delete only as the cascade of its team's deletion.
CREATE FUNCTION phone_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'phone_history is append-only';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER phone_history_append_only BEFORE UPDATE OR DELETE ON phone_history
  FOR EACH ROW EXECUTE FUNCTION phone_history_append_only();
--> statement-breakpoint
ALTER TABLE "phone_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "phone_history" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY team_only ON "phone_history" TO prospector_app USING ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE) WITH CHECK ((team_id = (SELECT nullif(current_setting('app.team_id', true), '')::uuid)) IS TRUE);--> statement-breakpoint
CREATE POLICY all_teams ON "phone_history" TO prospector_all_teams USING (true) WITH CHECK (true);
