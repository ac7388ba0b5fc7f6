import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_WRONG_ATTEMPTS, normalizeEmail } from '@prospector/core';
import type { ClientInfo } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { newNumericCode } from '../../lib/secrets.js';
import { withAllTeams } from '../../lib/team-scope.js';
import type { TeamsErrorCode } from '../teams/index.js';
import type { AuthDeps } from './auth.deps.js';
import * as q from './auth.queries.js';
import type { LoginCodes } from './login-codes.js';

type ChangeInput = { userId: string; code: string; keepSessionId: string | null; actorUserId: string };

/**
 * Tries the code of the account's pending e-mail change. A right code moves the account to the
 * proved address and ends every other session of it (`keepSessionId` is the caller's own, when
 * the owner changes their own address); the ended sessions' ids are returned so their sockets close.
 */
function confirmEmailChange(deps: AuthDeps, codes: LoginCodes, input: ChangeInput, client: ClientInfo) {
  const { db, clock, teams, audit } = deps;
  type Out = Result<{ email: string; endedSessions: string[] }, 'INVALID_CODE' | TeamsErrorCode>;
  // An address belongs to one account across teams: whether another team's account holds it is
  // read across teams (ADR 028), in the same transaction that moves it.
  return withAllTeams(() =>
    db.transaction(async (tx): Promise<Out> => {
      const pending = await q.openEmailChange(tx, input.userId, clock.now());
      if (!pending) return fail('NO_EMAIL_CHANGE');
      const attempt = await q.consumeCode(tx, {
        scope: { purpose: 'email', userId: input.userId },
        codeHash: codes.codeHash(pending.email, input.code.trim()),
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
}

/** An account's address, changed only when a code sent to the new address comes back. */
export function createEmailChange(deps: AuthDeps, codes: LoginCodes) {
  return {
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
      return codes.issueCode({ purpose: 'email', userId: input.userId }, { email, code }, client, {
        subject: `Your Prospector code to confirm this e-mail: ${code}`,
        text: `Someone asked to use this address for a Prospector account. The code that confirms it is ${code}.\n\nIt expires in 5 minutes and works once. If you did not ask for it, ignore this e-mail: nothing changes without the code.`,
        failure: 'e-mail change code could not be sent',
      });
    },

    confirmEmailChange: (input: ChangeInput, client: ClientInfo) =>
      confirmEmailChange(deps, codes, input, client),
  };
}
