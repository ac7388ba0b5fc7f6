import {
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_WRONG_ATTEMPTS,
  messages,
  normalizeEmail,
  type CurrentUser,
} from '@prospector/core';
import type { ClientInfo } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { newNumericCode } from '../../lib/secrets.js';
import type { AuthDeps } from './auth.deps.js';
import * as q from './auth.queries.js';
import { createEmailChange } from './email-change.service.js';
import { createLoginCodes } from './login-codes.js';
import { createSessions } from './sessions.service.js';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Logging in with a code mailed to the address (the account is made at the first login), sessions
 * (sessions.service.ts) and an account's address changed by a code sent to the new one
 * (email-change.service.ts).
 */
export function createAuthService(deps: AuthDeps) {
  const { db, clock, teams, audit, affiliates } = deps;
  const codes = createLoginCodes(deps);
  const sessions = createSessions(deps);

  return {
    ...sessions,
    ...createEmailChange(deps, codes),

    /**
     * Sends a 6-digit code that lives 5 minutes; a new code voids the previous one. The answer is the
     * same whether or not the address has an account (the account is made at the first login).
     */
    async sendCode(input: { email: string; affId?: string | null | undefined }, client: ClientInfo) {
      const email = normalizeEmail(input.email);
      const code = newNumericCode(LOGIN_CODE_LENGTH);
      return codes.issueCode(
        { purpose: 'login', email },
        { email, code, affId: input.affId ?? null },
        client,
        {
          subject: `Your Prospector login code: ${code}`,
          text: `Your one-time login code is ${code}.\n\nIt expires in 5 minutes and works once. If you did not ask for it, you can ignore this e-mail.`,
          failure: 'login code e-mail could not be sent',
        },
      );
    },

    async login(input: { email: string; code: string }, client: ClientInfo) {
      const email = normalizeEmail(input.email);
      type Out = Result<{ token: string; user: CurrentUser; notice: string | null }, 'INVALID_CODE'>;
      return db.transaction(async (tx): Promise<Out> => {
        const attempt = await q.consumeCode(tx, {
          scope: { purpose: 'login', email },
          codeHash: codes.codeHash(email, input.code.trim()),
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
        const { token } = await sessions.openSession(tx, account.user.id, client);
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
  };
}
