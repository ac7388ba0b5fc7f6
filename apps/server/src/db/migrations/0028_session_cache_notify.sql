-- Every change to a row an AuthContext is read from (a session, its user or impersonator, their team)
-- tells the per-process session caches (modules/auth/session-cache.ts) to drop what they hold for it:
-- pg_notify reaches every process that LISTENs, at commit; the notice reaches the connection that
-- made the change, which passes it on once its statement or transaction has ended (db/client.ts).
-- Inserts need no signal: a new row cannot be cached yet.
CREATE FUNCTION session_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text := TG_TABLE_NAME || ':' || OLD.id::text;
BEGIN
  PERFORM pg_notify('session_cache', payload);
  RAISE NOTICE 'session_cache %', payload;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_cache AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_cache_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_cache_changed();
--> statement-breakpoint
CREATE TRIGGER teams_session_cache AFTER UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION session_cache_changed();
