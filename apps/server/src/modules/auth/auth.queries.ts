import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.js';
import { loginCodes, sessions, teams, users } from '../../db/schema/index.js';

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Serialises sendCode per address and per IP, on PGlite and across PostgreSQL connections alike. */
export async function lockSendKeys(db: Db, email: string, ip: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'login-email:' + email}, 0))`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'login-ip:' + ip}, 0))`);
}

export async function countSends(db: Db, where: { email?: string; ip?: string }, since: Date) {
  const key = and(
    where.email !== undefined ? eq(loginCodes.email, where.email) : undefined,
    where.ip !== undefined ? eq(loginCodes.ip, where.ip) : undefined,
  );
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginCodes)
    .where(and(key, gt(loginCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** Which codes a new one replaces, and which a code is tried against: a login's, or an account's e-mail change. */
export type CodeScope = { purpose: 'login'; email: string } | { purpose: 'email'; userId: string };

const inScope = (scope: CodeScope) =>
  scope.purpose === 'login'
    ? and(eq(loginCodes.purpose, 'login'), eq(loginCodes.email, scope.email))
    : and(eq(loginCodes.purpose, 'email'), eq(loginCodes.userId, scope.userId));

/**
 * Voids the open codes a new one replaces. A login code replaces only those the same sender (IP)
 * asked for: a stranger's sends never void the code the owner is about to type (ADR 032).
 */
export async function voidOpenCodes(db: Db, scope: CodeScope, now: Date, ip: string) {
  await db
    .update(loginCodes)
    .set({ voidedAt: now })
    .where(
      and(
        inScope(scope),
        scope.purpose === 'login' ? eq(loginCodes.ip, ip) : undefined,
        isNull(loginCodes.usedAt),
        isNull(loginCodes.voidedAt),
      ),
    );
}

export async function insertCode(db: Db, row: typeof loginCodes.$inferInsert) {
  await db.insert(loginCodes).values(row);
}

/**
 * Tries the code against the address's open codes (one per sender) in a single statement: a match
 * marks it used, a miss counts a wrong attempt on every open code. The row locks make parallel tries
 * see each other's effect, so one right code yields one session and three misses kill the codes
 * however they interleave.
 */
export async function consumeCode(
  db: Db,
  p: { scope: CodeScope; codeHash: string; now: Date; maxWrong: number },
) {
  const matches = sql`${loginCodes.codeHash} = ${p.codeHash}`;
  const rows = await db
    .update(loginCodes)
    .set({
      wrongAttempts: sql`${loginCodes.wrongAttempts} + case when ${matches} then 0 else 1 end`,
      usedAt: sql`case when ${matches} then ${iso(p.now)} else null end`,
    })
    .where(
      and(
        inScope(p.scope),
        isNull(loginCodes.usedAt),
        isNull(loginCodes.voidedAt),
        gt(loginCodes.expiresAt, p.now),
        lt(loginCodes.wrongAttempts, p.maxWrong),
      ),
    )
    .returning({ matched: sql<boolean>`${matches}`, affId: loginCodes.affId, email: loginCodes.email });
  const hit = rows.find((r) => r.matched);
  // Once a code has logged in, the other open codes of the address have no use left.
  if (hit)
    await db
      .update(loginCodes)
      .set({ voidedAt: p.now })
      .where(and(inScope(p.scope), isNull(loginCodes.usedAt), isNull(loginCodes.voidedAt)));
  return hit ?? rows[0] ?? null;
}

/** The account's e-mail change that still waits for its code, if any. */
export async function openEmailChange(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ email: loginCodes.email })
    .from(loginCodes)
    .where(
      and(
        inScope({ purpose: 'email', userId }),
        isNull(loginCodes.usedAt),
        isNull(loginCodes.voidedAt),
        gt(loginCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  const [s] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  return s!.id;
}

const impersonators = alias(users, 'impersonators');
const openers = alias(sessions, 'openers');

/**
 * The token lookup runs on every authenticated request and socket handshake, so it is a prepared
 * statement: building it with the query builder each time cost more CPU than running it (bench/).
 */
export function prepareSessionLookup(db: Db) {
  const statement = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      impersonatorId: sessions.impersonatorId,
      secondFactorAt: sessions.secondFactorAt,
      user: users,
      team: teams,
      impersonatorName: impersonators.name,
      impersonatorEmail: impersonators.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .leftJoin(openers, eq(openers.id, sessions.impersonatorSessionId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // An impersonation lives only while the staff session that opened it does (issue 36 item 5).
        or(
          isNull(sessions.impersonatorId),
          and(isNull(openers.revokedAt), gt(openers.expiresAt, sql.placeholder('now'))),
        ),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
  return async (tokenHash: string, now: Date) =>
    (await statement.execute({ tokenHash, now: now.toISOString() }))[0] ?? null;
}

/** Ends the live sessions that the given staff sessions opened by impersonation; answers what ended. */
async function revokeOpenedBy(db: Db, openerIds: string[], now: Date) {
  if (openerIds.length === 0) return [];
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(sessions.impersonatorSessionId, openerIds),
        isNull(sessions.revokedAt),
        // One whose hour ran out already ended then: endExpiredImpersonations writes that end.
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId, impersonatorId: sessions.impersonatorId });
}

/**
 * Marks ended the impersonations whose time ran out (their own hour, or the staff session that
 * opened them) and answers them: `revoked_at` becomes the moment they ended. One statement, so a
 * session is answered once whichever processes run it at the same time: the row lock makes a second
 * updater re-check `revoked_at is null` and skip it. With `tokenHash`, only that session.
 */
export async function endExpiredImpersonations(db: Db, now: Date, tokenHash?: string) {
  const at = now.toISOString();
  const rows = await queryRows<{
    id: string;
    userId: string;
    impersonatorId: string;
    endedAt: Date | string;
  }>(
    db,
    sql`
    update sessions set revoked_at = least(
      sessions.expires_at,
      (select o.expires_at from sessions o where o.id = sessions.impersonator_session_id))
    where sessions.impersonator_id is not null
      and sessions.revoked_at is null
      ${tokenHash ? sql`and sessions.token_hash = ${tokenHash}` : sql``}
      and (sessions.expires_at <= ${at}
        or exists (select 1 from sessions o
          where o.id = sessions.impersonator_session_id and o.expires_at <= ${at}))
    returning sessions.id, sessions.user_id as "userId", sessions.impersonator_id as "impersonatorId",
      sessions.revoked_at as "endedAt"`,
  );
  return rows.map((r) => ({ ...r, endedAt: new Date(r.endedAt) }));
}

/** A session that ended because the staff session that opened it ended. */
export type EndedImpersonation = Awaited<ReturnType<typeof revokeOpenedBy>>[number];

/**
 * Ends every live session of the user but `keep`, and the impersonations they opened; returns the
 * ended sessions' ids (their sockets close).
 */
export async function revokeUserSessions(db: Db, userId: string, keep: string | null, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? sql`${sessions.id} <> ${keep}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  const ids = rows.map((r) => r.id);
  const opened = await revokeOpenedBy(db, ids, now);
  return [...ids, ...opened.map((r) => r.id)];
}

/** Ends one session and the impersonations it opened, which it answers. */
export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return revokeOpenedBy(db, [sessionId], now);
}

/** Records that a staff member gave their second factor in this live session (ADR 025). */
export async function markSecondFactor(db: Db, sessionId: string, at: Date) {
  await db
    .update(sessions)
    .set({ secondFactorAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The addresses a user's sessions came from (a referral from one of them is the user's own: ADR 032). */
export async function sessionIpsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.ip} is not null`));
  return rows.map((r) => r.ip!);
}
