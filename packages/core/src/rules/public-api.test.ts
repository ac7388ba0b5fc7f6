import { describe, expect, it } from 'vitest';
import {
  apiKeyHint,
  decodeCursor,
  encodeCursor,
  isValidIdempotencyKey,
  keyHasScope,
  looksLikeApiKey,
  rateLimitHeaders,
} from './public-api.js';

const KEY = `pk_${'a'.repeat(43)}`;

describe('API keys', () => {
  it('recognises only keys of our shape, and shows a hint that is not the key', () => {
    expect(looksLikeApiKey(KEY)).toBe(true);
    expect(looksLikeApiKey(KEY.slice(0, -1))).toBe(false);
    expect(looksLikeApiKey(`sk_${'a'.repeat(43)}`)).toBe(false);
    expect(looksLikeApiKey(`${KEY} `)).toBe(false);
    expect(apiKeyHint(KEY)).toBe('pk_aaaaaa…');
  });

  it('a key may make only the calls of its scopes', () => {
    expect(keyHasScope(['records:read'], 'records:read')).toBe(true);
    expect(keyHasScope(['records:read'], 'records:write')).toBe(false);
    expect(keyHasScope([], 'texts:send')).toBe(false);
  });

  it('an Idempotency-Key is 1 to 255 visible ASCII characters', () => {
    expect(isValidIdempotencyKey('zap-run-42')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('a b')).toBe(false);
    expect(isValidIdempotencyKey('é')).toBe(false);
  });
});

describe('cursors', () => {
  it('a cursor gives back the position it was made from, and nonsense is refused', () => {
    const at = { createdAt: '2026-11-28T15:00:00.123Z', id: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    expect(decodeCursor(encodeCursor(at))).toEqual(at);
    for (const bad of ['', 'nonsense', '123', '123.not-a-uuid', `x.${at.id}`, `1.${at.id}.2`])
      expect(decodeCursor(bad)).toBeNull();
  });
});

describe('RateLimit headers', () => {
  it('say the limit, what is left (never below 0) and the seconds until the window ends', () => {
    const h = rateLimitHeaders({ limit: 60, used: 12.4, windowMs: 60_000, nowMs: 90_500 });
    expect(h).toEqual({ 'ratelimit-limit': '60', 'ratelimit-remaining': '47', 'ratelimit-reset': '30' });
    expect(rateLimitHeaders({ limit: 3, used: 5, windowMs: 60_000, nowMs: 0 })['ratelimit-remaining']).toBe(
      '0',
    );
  });
});
