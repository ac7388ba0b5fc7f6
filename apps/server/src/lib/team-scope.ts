import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a request may touch (ADR 028). Each route call runs inside a scope; once the session is
 * authenticated as a team's member the scope names the team, and the database layer then runs every
 * statement of that call as the role `prospector_app` with `app.team_id` set to it, so row-level
 * security hides every other team's rows even from a query that forgot its `team_id` filter.
 * Other requests (sign-in, webhooks, staff calls) run with all teams; so does work outside any
 * request (engines, scripts), as the connecting user, who owns the tables and may ANALYZE them.
 */
type Scope = { teamId: string | null };

const storage = new AsyncLocalStorage<Scope>();

/** Runs `next` (a Fastify hook's `done`) inside a fresh scope that names no team yet. */
export function enterRequestScope(next: () => void): void {
  storage.run({ teamId: null }, next);
}

/** Names the team of the current request's scope: its statements from now on see only that team. */
export function scopeToTeam(teamId: string): void {
  const scope = storage.getStore();
  if (scope) scope.teamId = teamId;
}

/**
 * The team the current statement must run as: its id inside a team member's request, null inside any
 * other request (all teams, as a role that owns nothing), undefined outside every request.
 */
export function currentTeam(): string | null | undefined {
  return storage.getStore()?.teamId;
}

/**
 * Runs `fn` with all teams, outside any request's scope: for work a request starts that outlives it
 * or is not its team's (a worker woken by the request, a cross-team write).
 */
export function withAllTeams<T>(fn: () => T): T {
  return storage.exit(fn);
}
