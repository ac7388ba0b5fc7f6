/** What a team's API key may do (issue 33). A call names the one scope it needs. */
export const API_SCOPES = [
  'records:read',
  'records:write',
  'texts:send',
  'lists:manage',
  'campaigns',
  'webhooks',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** How each scope reads in Settings. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'records:read': 'Read records',
  'records:write': 'Write records',
  'texts:send': 'Send texts',
  'lists:manage': 'Manage lists',
  campaigns: 'Campaigns',
  webhooks: 'Webhooks',
};

/** Every key starts so, so a leaked one is recognisable by secret scanners and in logs. */
export const API_KEY_PREFIX = 'pk_';

/** Keys are `pk_` and 43 base64url characters (32 random bytes); anything else is refused unread. */
export function looksLikeApiKey(value: string): boolean {
  return /^pk_[A-Za-z0-9_-]{43}$/.test(value);
}

/** The part of a key Settings shows after it is made: its prefix and first characters. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 6)}…`;
}

export function keyHasScope(scopes: readonly string[], needed: ApiScope): boolean {
  return scopes.includes(needed);
}

/** An Idempotency-Key: 1 to 255 visible ASCII characters. */
export function isValidIdempotencyKey(value: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(value);
}

/** Page sizes of the v1 list calls. */
export const API_PAGE_DEFAULT = 50;
export const API_PAGE_MAX = 200;

export type ApiCursor = { createdAt: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor: where the last page ended, in creation order (then id, for ties): `<ms>.<id>`. */
export function encodeCursor(c: ApiCursor): string {
  return `${Date.parse(c.createdAt)}.${c.id}`;
}

/** The cursor's position, or null when it is not one this API made. */
export function decodeCursor(value: string): ApiCursor | null {
  const [ms, id, ...rest] = value.split('.');
  if (rest.length || !ms || !id || !/^\d{1,15}$/.test(ms) || !UUID.test(id)) return null;
  return { createdAt: new Date(Number(ms)).toISOString(), id };
}

/**
 * The IETF draft's `RateLimit-*` headers for a sliding window: the limit, what is left of it (never
 * below 0), and the whole seconds until the current window ends.
 */
export function rateLimitHeaders(input: {
  limit: number;
  used: number;
  windowMs: number;
  nowMs: number;
}): Record<string, string> {
  const remaining = Math.max(0, Math.floor(input.limit - input.used));
  const reset = Math.ceil((input.windowMs - (input.nowMs % input.windowMs)) / 1000);
  return {
    'ratelimit-limit': String(input.limit),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(reset),
  };
}
