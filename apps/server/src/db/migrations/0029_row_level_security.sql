-- Row-level security (ADR 028). The server never runs an app query as the tables' owner: each
-- connection acts as one of two roles that own nothing (db/team-scope.ts sets it):
--   prospector_app        a team's authenticated request; sees and writes only the rows of the team
--                         named by the setting app.team_id, and nothing when it is unset or empty;
--   prospector_all_teams  work that is not one team's (engines, sign-in, webhooks, staff, scripts).
-- Each role gets its own policies (`TO role`), so no role needs BYPASSRLS (only a superuser may grant
-- it) and the team policy has no OR branch to evaluate per row. FORCE makes the owner subject too.
-- Roles belong to the cluster: several databases (test clones, parallel test runs) create them at
-- once, so "already exists" in either of its two forms is not an error.
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['prospector_app', 'prospector_all_teams'] LOOP
    BEGIN
      EXECUTE format('CREATE ROLE %I NOLOGIN', r);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
    BEGIN
      EXECUTE format('GRANT %I TO %I', r, current_user);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
    EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', r);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', r);
    EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO %I', r);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', r);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO %I', r);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Every table with a team_id, and the children that reach their team through a parent (the parent's
-- own policy filters the subquery). A new team table without these fails test/rls.test.ts.
-- The team rule is a filter only, never an index condition: the setting is read once per statement
-- (an InitPlan), and `IS TRUE` keeps the planner from matching it to a team_id index. As an index
-- condition on `team_id = <setting>` the planner cannot see the value's frequency and, on a large
-- team, paired it with the query's own index in a BitmapAnd that read every entry of the team (the
-- board went from 19 ms to 760 ms; docs/scaling.md). The queries' own `team_id = $1` picks the index.
DO $$
DECLARE
  t record;
  team constant text := '(SELECT nullif(current_setting(''app.team_id'', true), '''')::uuid)';
BEGIN
  FOR t IN
    SELECT c.table_name AS name, '(team_id = ' || team || ') IS TRUE' AS rule
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
     WHERE c.table_schema = 'public' AND c.column_name = 'team_id' AND tb.table_type = 'BASE TABLE'
    UNION ALL VALUES
      ('teams', '(id = ' || team || ') IS TRUE'),
      ('sessions', 'user_id IN (SELECT id FROM users)'),
      ('list_items', 'list_id IN (SELECT id FROM lists)'),
      ('device_inbound', 'device_id IN (SELECT id FROM devices)'),
      ('device_campaign_days', 'device_id IN (SELECT id FROM devices)'),
      ('chat_members', 'chat_id IN (SELECT id FROM chats)'),
      ('chat_messages', 'chat_id IN (SELECT id FROM chats)'),
      ('skiptrace_batches', 'run_id IN (SELECT id FROM skiptrace_runs)'),
      ('skiptrace_run_items', 'run_id IN (SELECT id FROM skiptrace_runs)')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.name);
    EXECUTE format('CREATE POLICY team_only ON %I TO prospector_app USING (%s) WITH CHECK (%s)', t.name, t.rule, t.rule);
    EXECUTE format('CREATE POLICY all_teams ON %I TO prospector_all_teams USING (true) WITH CHECK (true)', t.name);
  END LOOP;
END
$$;
