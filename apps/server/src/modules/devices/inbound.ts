import { inboundSms, serverMessages, type InboundRejection, type InboundSms } from '@prospector/core';

/** Reads each text of a batch on its own: an unreadable one is refused alone, with the first issue. */
export function readInbound(items: unknown[]): { texts: InboundSms[]; rejected: InboundRejection[] } {
  const texts: InboundSms[] = [];
  const rejected: InboundRejection[] = [];
  for (const item of items) {
    const parsed = inboundSms.safeParse(item);
    if (parsed.success) {
      texts.push(parsed.data);
      continue;
    }
    const id = (item as { id?: unknown } | null)?.id;
    const issue = parsed.error.issues[0];
    rejected.push({
      id: typeof id === 'string' ? id.slice(0, 200) : '',
      reason: serverMessages.deviceInbound.unreadable
        .replace('{issue}', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
        .slice(0, 500),
    });
  }
  return { texts, rejected };
}

/**
 * The SQLSTATE of a failed query, if the database answered one: an error the server sent carries a
 * `severity` beside its `code` (a socket's `EPIPE` has a code of five letters too, and no severity).
 * Drizzle keeps the driver's error as `cause`.
 */
export function sqlState(err: unknown): string | null {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Whether a text's failure may pass if it is sent again: no SQLSTATE (the connection or the pool), a
 * lost connection (08), a serialization failure or deadlock (40), short resources (53), an operator or
 * a timeout (57), a system or internal error (58, XX), or another device taking the same new number
 * at the same moment (23505: the next try finds it). Anything else the database said about this row
 * (bad data, a constraint, a trigger) will say it again: the text is refused for good, not retried.
 */
export function isPassingFault(code: string | null): boolean {
  return code === null || code === '23505' || /^(08|40|53|57|58|XX)/.test(code);
}
