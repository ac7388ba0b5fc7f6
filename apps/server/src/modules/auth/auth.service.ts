import {
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_WRONG_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
  messages,
  normalizeEmail,
  type CurrentUser,
} from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { withAllTeams } from '../../lib/team-scope.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { hmac, newNumericCode, newToken, sha256 } from '../../lib/secrets.js';
import type { Mailer } from '../../providers/mail/index.js';
import type { AffiliatesService } from '../affiliates/index.js';
import type { AuditService } from '../audit/index.js';
import type { TeamsErrorCode, TeamsService } from '../teams/index.js';
import type { AuthErrorCode } from './auth.errors.js';
import * as q from './auth.queries.js';
import { findSendLimit } from './send-limits.js';
import type { SessionCache } from './session-cache.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** An impersonation is short, and ends sooner with the staff session that opened it (issue 36 item 5). */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;

/** The staff session that opens an impersonation. */
export type Impersonator = { userId: string; sessionId: string };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  secret: string;
  ipLimits: { shortWindowMax: number; dayWindowMax: number };
  teams: TeamsService;
  audit: AuditService;
  affiliates: Pick<AffiliatesService, 'attributeSignup'>;
  /** Verified tokens, kept in step with every change to what they were read from. */
  sessionCache: SessionCache;
}) {
  const { db, clock, teams, audit, affiliates } = deps;
  const findLiveSession = q.prepareSessionLookup(db);
  const codeHash = (email: string, code: string) => hmac(deps.secret, `${email}:${code}`);

  type SendLimit = Extract<AuthErrorCode, 'SEND_LIMIT_SHORT' | 'SEND_LIMIT_DAY'>;
  const checkSendLimits = (tx: Db, email: string, ip: string) =>
    findSendLimit(tx, { email, ip, now: clock.now(), ipLimits: deps.ipLimits });

  /**
   * Opens a session for a user and returns its bearer token (only its hash is stored). A session
   * opened by staff lives an hour at most, and ends when the staff session that opened it ends.
   */
  async function openSession(tx: Db, userId: string, client: ClientInfo, by: Impersonator | null = null) {
    const token = newToken();
    const now = clock.now();
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
   * One code, sent: under the address's and the IP's send limits (one lock each, so parallel requests
   * count each other), voiding the open codes it replaces (the same sender's), then mailed. A refused
   * send changes nothing: the code already sent stays valid. Login codes and e-mail change
   * codes share the limits of the address they go to.
   */
  async function issueCode(
    scope: q.CodeScope,
    sent: { email: string; code: string; affId?: string | null },
    client: ClientInfo,
    mail: { subject: string; text: string; failure: string },
  ): Promise<Result<true, SendLimit | 'MAIL_FAILED'>> {
    const { email, code } = sent;
    const refused = await db.transaction(async (tx) => {
      await q.lockSendKeys(tx, email, client.ip);
      const limit = await checkSendLimits(tx, email, client.ip);
      if (limit) return limit;
      const now = clock.now();
      await q.voidOpenCodes(tx, scope, now, client.ip);
      await q.insertCode(tx, {
        email,
        purpose: scope.purpose,
        userId: scope.purpose === 'email' ? scope.userId : null,
        codeHash: codeHash(email, code),
        ip: client.ip,
        affId: sent.affId ?? null,
        expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
        createdAt: now,
      });
      return null;
    });
    if (refused) return fail(refused);
    try {
      await deps.mailer.send({ to: email, subject: mail.subject, text: mail.text });
    } catch (err) {
      deps.log.error({ err }, mail.failure);
      return fail('MAIL_FAILED');
    }
    return ok(true);
  }

  /**
   * Writes `admin.impersonationEnded` for each impersonation whose time ran out (ADR 032): noticed on
   * a request with its token, or by the sweep (`tokenHash` absent). Marking it ended and writing the
   * entry are one transaction, and the marking answers each session once, so the entry is written
   * once whichever processes notice it together.
   */
  async function endExpiredImpersonations(tokenHash?: string): Promise<number> {
    return db.transaction(async (tx) => {
      const ended = await q.endExpiredImpersonations(tx, clock.now(), tokenHash);
      for (const e of ended)
        await audit.record(tx, {
          action: 'admin.impersonationEnded',
          actorUserId: e.impersonatorId,
          targetUserId: e.userId,
          details: { sessionId: e.id, reason: 'expired', endedAt: e.endedAt.toISOString() },
        });
      return ended.length;
    });
  }

  return {
    openSession,
    endExpiredImpersonations: () => endExpiredImpersonations(),

    /**
     * Sends a 6-digit code that lives 5 minutes; a new code voids the previous one. The answer is the
     * same whether or not the address has an account (the account is made at the first login).
     */
    async sendCode(input: { email: string; affId?: string | null | undefined }, client: ClientInfo) {
      const email = normalizeEmail(input.email);
      const code = newNumericCode(LOGIN_CODE_LENGTH);
      return issueCode({ purpose: 'login', email }, { email, code, affId: input.affId ?? null }, client, {
        subject: `Your Prospector login code: ${code}`,
        text: `Your one-time login code is ${code}.\n\nIt expires in 5 minutes and works once. If you did not ask for it, you can ignore this e-mail.`,
        failure: 'login code e-mail could not be sent',
      });
    },

    async login(input: { email: string; code: string }, client: ClientInfo) {
      const email = normalizeEmail(input.email);
      type Out = Result<{ token: string; user: CurrentUser; notice: string | null }, 'INVALID_CODE'>;
      return db.transaction(async (tx): Promise<Out> => {
        const attempt = await q.consumeCode(tx, {
          scope: { purpose: 'login', email },
          codeHash: codeHash(email, input.code.trim()),
          now: clock.now(),
          maxWrong: LOGIN_CODE_MAX_WRONG_ATTEMPTS,
        });
        if (!attempt?.matched) return fail('INVALID_CODE');
        // A signup is attributed to the link it came through once, when this login creates the team.
        const known = attempt.affId ? await teams.findUserByEmail(tx, email) : null;
        const account = await teams.findOrCreateAccount(tx, email, attempt.affId);
        if (attempt.affId && !known && account.team.referredBy === attempt.affId)
          await affiliates.attributeSignup(tx, {
            teamId: account.team.id,
            userId: account.user.id,
            affId: attempt.affId,
            email,
            ip: client.ip,
            referrerIps: q.sessionIpsOf,
          });
        const { token } = await openSession(tx, account.user.id, client);
        await audit.record(tx, {
          action: 'auth.login',
          actorUserId: account.user.id,
          teamId: account.team.id,
          ip: client.ip,
        });
        const notice = account.otherInvitations?.length
          ? messages.auth.otherInvitations
              .replace('{team}', account.team.name)
              .replace('{others}', account.otherInvitations.join(', '))
          : null;
        return ok({ token, user: teams.toCurrentUser(account, null), notice });
      });
    },

    /**
     * The caller of a token, or null. Answered from the session cache when it holds the token (no
     * database round trip); the context it holds is shared by the requests it answers, so it is
     * read-only. Whatever this returns is what the cache holds.
     */
    async authenticate(token: string | undefined | null): Promise<AuthContext | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = sha256(token);
      const now = clock.now();
      const cached = deps.sessionCache.get(tokenHash, now.getTime());
      if (cached) return cached;
      const mark = deps.sessionCache.mark();
      const row = await findLiveSession(tokenHash, now);
      if (!row) {
        // An impersonation that ran out is audited as ended the first time anyone notices it.
        await endExpiredImpersonations(tokenHash);
        return null;
      }
      const impersonatedBy = row.impersonatorEmail ? row.impersonatorName || row.impersonatorEmail : null;
      const ctx: AuthContext = {
        sessionId: row.sessionId,
        secondFactorAt: row.secondFactorAt ? new Date(row.secondFactorAt) : null,
        impersonatorId: row.impersonatorId,
        userId: row.user.id,
        teamId: row.team.id,
        user: teams.toCurrentUser(row, impersonatedBy),
      };
      deps.sessionCache.put(tokenHash, ctx, row, mark, now.getTime());
      return ctx;
    },

    /**
     * An account's address changes only when a code sent to the new address comes back
     * (confirmEmailChange). The answer is the same whether or not the address has an account
     * elsewhere, and sends count against that address's code limits like login codes do.
     */
    async requestEmailChange(
      input: { userId: string; email: string },
      client: ClientInfo,
    ): Promise<Result<true, 'SEND_LIMIT_SHORT' | 'SEND_LIMIT_DAY' | 'MAIL_FAILED'>> {
      const email = normalizeEmail(input.email);
      const code = newNumericCode(LOGIN_CODE_LENGTH);
      return issueCode({ purpose: 'email', userId: input.userId }, { email, code }, client, {
        subject: `Your Prospector code to confirm this e-mail: ${code}`,
        text: `Someone asked to use this address for a Prospector account. The code that confirms it is ${code}.\n\nIt expires in 5 minutes and works once. If you did not ask for it, ignore this e-mail: nothing changes without the code.`,
        failure: 'e-mail change code could not be sent',
      });
    },

    /**
     * Tries the code of the account's pending e-mail change. A right code moves the account to the
     * proved address and ends every other session of it (`keepSessionId` is the caller's own, when
     * the owner changes their own address); the ended sessions' ids are returned so their sockets close.
     */
    async confirmEmailChange(
      input: { userId: string; code: string; keepSessionId: string | null; actorUserId: string },
      client: ClientInfo,
    ) {
      type Out = Result<{ email: string; endedSessions: string[] }, 'INVALID_CODE' | TeamsErrorCode>;
      // An address belongs to one account across teams: whether another team's account holds it is
      // read across teams (ADR 028), in the same transaction that moves it.
      return withAllTeams(() =>
        db.transaction(async (tx): Promise<Out> => {
          const pending = await q.openEmailChange(tx, input.userId, clock.now());
          if (!pending) return fail('NO_EMAIL_CHANGE');
          const attempt = await q.consumeCode(tx, {
            scope: { purpose: 'email', userId: input.userId },
            codeHash: codeHash(pending.email, input.code.trim()),
            now: clock.now(),
            maxWrong: LOGIN_CODE_MAX_WRONG_ATTEMPTS,
          });
          if (!attempt?.matched) return fail('INVALID_CODE');
          const moved = await teams.moveAccountToEmail(tx, input.userId, attempt.email);
          if (!moved.ok) return moved;
          const now = clock.now();
          const endedSessions = await q.revokeUserSessions(tx, input.userId, input.keepSessionId, now);
          await audit.record(tx, {
            action: 'auth.emailChanged',
            actorUserId: input.actorUserId,
            teamId: moved.value.teamId,
            targetUserId: input.userId,
            ip: client.ip,
            details: { from: moved.value.previous, to: attempt.email, endedSessions: endedSessions.length },
          });
          return ok({ email: attempt.email, endedSessions });
        }),
      );
    },

    /** The session's second factor was given now (a staff member's TOTP or recovery code; ADR 025). */
    async markSecondFactor(tx: Db, sessionId: string, at: Date) {
      await q.markSecondFactor(tx, sessionId, at);
    },

    /**
     * Ends the caller's session, and the impersonations it opened; answers the ended sessions' ids
     * (their sockets close). Staff leaving an impersonation ('Switch back') is audited as such, in
     * the staff member's name; so is each impersonation their own logout ends.
     */
    async logout(auth: AuthContext, client: ClientInfo): Promise<string[]> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const opened = await q.revokeSession(tx, auth.sessionId, now);
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
    },
  };
}
