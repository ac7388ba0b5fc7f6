import type { Db } from '../../db/client.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import { newToken, sha256 } from '../../lib/secrets.js';
import type { AuthDeps } from './auth.deps.js';
import * as q from './auth.queries.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** An impersonation is short, and ends sooner with the staff session that opened it (issue 36 item 5). */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;

/** The staff session that opens an impersonation. */
export type Impersonator = { userId: string; sessionId: string };

type SessionLookup = ReturnType<typeof q.prepareSessionLookup>;

/**
 * Opens a session for a user and returns its bearer token (only its hash is stored). A session
 * opened by staff lives an hour at most, and ends when the staff session that opened it ends.
 */
async function openSession(
  deps: AuthDeps,
  tx: Db,
  userId: string,
  client: ClientInfo,
  by: Impersonator | null = null,
) {
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + (by ? IMPERSONATION_TTL_MS : SESSION_TTL_MS));
  await q.insertSession(tx, {
    userId,
    tokenHash: sha256(token),
    impersonatorId: by?.userId ?? null,
    impersonatorSessionId: by?.sessionId ?? null,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Writes `admin.impersonationEnded` for each impersonation whose time ran out (ADR 032): noticed on
 * a request with its token, or by the sweep (`tokenHash` absent). Marking it ended and writing the
 * entry are one transaction, and the marking answers each session once, so the entry is written
 * once whichever processes notice it together.
 */
async function endExpiredImpersonations(deps: AuthDeps, tokenHash?: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const ended = await q.endExpiredImpersonations(tx, deps.clock.now(), tokenHash);
    for (const e of ended)
      await deps.audit.record(tx, {
        action: 'admin.impersonationEnded',
        actorUserId: e.impersonatorId,
        targetUserId: e.userId,
        details: { sessionId: e.id, reason: 'expired', endedAt: e.endedAt.toISOString() },
      });
    return ended.length;
  });
}

/**
 * The caller of a token, or null. Answered from the session cache when it holds the token (no
 * database round trip); the context it holds is shared by the requests it answers, so it is
 * read-only. Whatever this returns is what the cache holds.
 */
async function authenticate(
  deps: AuthDeps,
  findLiveSession: SessionLookup,
  token: string | undefined | null,
): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const now = deps.clock.now();
  const cached = deps.sessionCache.get(tokenHash, now.getTime());
  if (cached) return cached;
  const mark = deps.sessionCache.mark();
  const row = await findLiveSession(tokenHash, now);
  if (!row) {
    // An impersonation that ran out is audited as ended the first time anyone notices it.
    await endExpiredImpersonations(deps, tokenHash);
    return null;
  }
  const impersonatedBy = row.impersonatorEmail ? row.impersonatorName || row.impersonatorEmail : null;
  const ctx: AuthContext = {
    sessionId: row.sessionId,
    secondFactorAt: row.secondFactorAt ? new Date(row.secondFactorAt) : null,
    impersonatorId: row.impersonatorId,
    userId: row.user.id,
    teamId: row.team.id,
    user: deps.teams.toCurrentUser(row, impersonatedBy),
  };
  deps.sessionCache.put(tokenHash, ctx, row, mark, now.getTime());
  return ctx;
}

/**
 * Ends the caller's session, and the impersonations it opened; answers the ended sessions' ids
 * (their sockets close). Staff leaving an impersonation ('Switch back') is audited as such, in
 * the staff member's name; so is each impersonation their own logout ends.
 */
async function logout(deps: AuthDeps, auth: AuthContext, client: ClientInfo): Promise<string[]> {
  const { audit } = deps;
  return deps.db.transaction(async (tx) => {
    const opened = await q.revokeSession(tx, auth.sessionId, deps.clock.now());
    await audit.record(
      tx,
      auth.impersonatorId
        ? {
            action: 'admin.switchBack',
            actorUserId: auth.impersonatorId,
            teamId: auth.teamId,
            targetUserId: auth.userId,
            ip: client.ip,
            details: { sessionId: auth.sessionId },
          }
        : { action: 'auth.logout', actorUserId: auth.userId, teamId: auth.teamId, ip: client.ip },
    );
    for (const ended of opened)
      await audit.record(tx, {
        action: 'admin.impersonationEnded',
        actorUserId: ended.impersonatorId,
        targetUserId: ended.userId,
        ip: client.ip,
        details: { sessionId: ended.id, reason: 'staff logged out' },
      });
    return [auth.sessionId, ...opened.map((s) => s.id)];
  });
}

/**
 * Sessions: opened with a bearer token (only its hash is stored), a token read back into its caller
 * (through the session cache), ended by a logout, and impersonations that ran out audited as ended.
 */
export function createSessions(deps: AuthDeps) {
  const findLiveSession = q.prepareSessionLookup(deps.db);
  return {
    openSession: (tx: Db, userId: string, client: ClientInfo, by: Impersonator | null = null) =>
      openSession(deps, tx, userId, client, by),
    endExpiredImpersonations: () => endExpiredImpersonations(deps),
    authenticate: (token: string | undefined | null) => authenticate(deps, findLiveSession, token),
    /** The session's second factor was given now (a staff member's TOTP or recovery code; ADR 025). */
    markSecondFactor: (tx: Db, sessionId: string, at: Date) => q.markSecondFactor(tx, sessionId, at),
    logout: (auth: AuthContext, client: ClientInfo) => logout(deps, auth, client),
  };
}
