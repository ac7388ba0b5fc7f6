import { LOGIN_CODE_TTL_MS } from '@prospector/core';
import type { ClientInfo } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { hmac } from '../../lib/secrets.js';
import type { AuthDeps } from './auth.deps.js';
import type { AuthErrorCode } from './auth.errors.js';
import * as q from './auth.queries.js';
import { findSendLimit } from './send-limits.js';

type SendLimit = Extract<AuthErrorCode, 'SEND_LIMIT_SHORT' | 'SEND_LIMIT_DAY'>;
type Mail = { subject: string; text: string; failure: string };

/**
 * One code, sent: under the address's and the IP's send limits (one lock each, so parallel requests
 * count each other), voiding the open codes it replaces (the same sender's), then mailed. A refused
 * send changes nothing: the code already sent stays valid. Login codes and e-mail change
 * codes share the limits of the address they go to.
 */
async function issueCode(
  deps: AuthDeps,
  scope: q.CodeScope,
  sent: { email: string; code: string; affId?: string | null },
  client: ClientInfo,
  mail: Mail,
): Promise<Result<true, SendLimit | 'MAIL_FAILED'>> {
  const { db, clock } = deps;
  const { email, code } = sent;
  const refused = await db.transaction(async (tx) => {
    await q.lockSendKeys(tx, email, client.ip);
    const limit = await findSendLimit(tx, {
      email,
      ip: client.ip,
      now: clock.now(),
      ipLimits: deps.ipLimits,
    });
    if (limit) return limit;
    const now = clock.now();
    await q.voidOpenCodes(tx, scope, now, client.ip);
    await q.insertCode(tx, {
      email,
      purpose: scope.purpose,
      userId: scope.purpose === 'email' ? scope.userId : null,
      codeHash: hmac(deps.secret, `${email}:${code}`),
      ip: client.ip,
      affId: sent.affId ?? null,
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
      createdAt: now,
    });
    return null;
  });
  if (refused) return fail(refused);
  return mailCode(deps, email, mail);
}

/** The code's e-mail; a mailer that refuses it answers MAIL_FAILED (the code stays stored). */
async function mailCode(deps: AuthDeps, email: string, mail: Mail): Promise<Result<true, 'MAIL_FAILED'>> {
  try {
    await deps.mailer.send({ to: email, subject: mail.subject, text: mail.text });
  } catch (err) {
    deps.log.error({ err }, mail.failure);
    return fail('MAIL_FAILED');
  }
  return ok(true);
}

/** One-time codes mailed to an address (a login, an e-mail change): sent under limits, kept hashed. */
export function createLoginCodes(deps: AuthDeps) {
  return {
    codeHash: (email: string, code: string) => hmac(deps.secret, `${email}:${code}`),
    issueCode: (
      scope: q.CodeScope,
      sent: { email: string; code: string; affId?: string | null },
      client: ClientInfo,
      mail: Mail,
    ) => issueCode(deps, scope, sent, client, mail),
  };
}

export type LoginCodes = ReturnType<typeof createLoginCodes>;
