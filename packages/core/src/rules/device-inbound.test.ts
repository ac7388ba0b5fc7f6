import { describe, expect, it } from 'vitest';
import {
  agentKeepsDeferredTexts,
  isBucketFull,
  storableText,
  takeInboundTokens,
  type TokenBucket,
} from './device-inbound.js';

describe('a received text as the database can store it', () => {
  it('drops U+0000 and keeps every other character', () => {
    expect(storableText('call\u0000 me\u0000')).toBe('call me');
    expect(storableText('\u0000')).toBe('');
  });

  it('replaces a lone high or low surrogate with U+FFFD and keeps pairs, emoji and accents', () => {
    expect(storableText('a\uD83Db')).toBe('a\uFFFDb');
    expect(storableText('a\uDE00b')).toBe('a\uFFFDb');
    expect(storableText('end\uD83D')).toBe('end\uFFFD');
    expect(storableText('\uDE00\uD83D')).toBe('\uFFFD\uFFFD');
    expect(storableText('Olá 😀 — 你好\r\n\t')).toBe('Olá 😀 — 你好\r\n\t');
    expect(JSON.parse(JSON.stringify(storableText('x\uD800\u0000y')))).toBe('x\uFFFDy');
  });

  it('gives the same text every time, so a message id stays one deduplication key', () => {
    const id = 'guid-\u0000\uDC00';
    expect(storableText(id)).toBe(storableText(id));
    expect(storableText(storableText(id))).toBe(storableText(id));
  });
});

describe("a device's inbound rate", () => {
  const rate = { perSecond: 10, burst: 50 };

  it('lets a new device hand in a full burst at once', () => {
    const grant = takeInboundTokens(undefined, 1_000, 30, rate);
    expect(grant).toEqual({ bucket: { tokens: 20, at: 1_000 }, granted: 30, retryAfterMs: 0 });
  });

  it('cuts a batch past the burst and says when the rest, up to a burst, will fit', () => {
    const grant = takeInboundTokens(undefined, 0, 500, rate);
    expect(grant.granted).toBe(50);
    // 450 left over, of which a burst (50) is asked for again: 5 s at 10 texts a second.
    expect(grant.retryAfterMs).toBe(5_000);
    const small = takeInboundTokens(undefined, 0, 53, rate);
    expect(small).toMatchObject({ granted: 50, retryAfterMs: 300 });
  });

  it('refills at the sustained rate, never past the burst', () => {
    const empty: TokenBucket = { tokens: 0, at: 0 };
    expect(takeInboundTokens(empty, 250, 10, rate)).toMatchObject({ granted: 2, retryAfterMs: 750 });
    expect(takeInboundTokens(empty, 60_000, 500, rate).granted).toBe(50);
  });

  it('holds a device that keeps asking to the sustained rate', () => {
    let bucket: TokenBucket | undefined;
    let taken = 0;
    for (let now = 0; now <= 10_000; now += 100) {
      const grant = takeInboundTokens(bucket, now, 500, rate);
      bucket = grant.bucket;
      taken += grant.granted;
    }
    expect(taken).toBe(50 + 100); // the burst, then 10 a second for 10 s
  });

  it('refills nothing when the clock steps back', () => {
    const grant = takeInboundTokens({ tokens: 1.5, at: 5_000 }, 1_000, 5, rate);
    expect(grant.granted).toBe(1);
    expect(grant.bucket.tokens).toBeCloseTo(0.5);
  });

  it('counts a fraction of a token towards the wait', () => {
    const grant = takeInboundTokens({ tokens: 0.5, at: 0 }, 0, 1, rate);
    expect(grant).toMatchObject({ granted: 0, retryAfterMs: 50 });
  });

  it('forgets a bucket only once it has refilled', () => {
    expect(isBucketFull({ tokens: 0, at: 0 }, 4_999, rate)).toBe(false);
    expect(isBucketFull({ tokens: 0, at: 0 }, 5_000, rate)).toBe(true);
  });
});

describe('agentKeepsDeferredTexts', () => {
  it('defers texts only to agents from 0.2.0 on, which keep and resend them', () => {
    expect(['0.2.0', '0.2.1', '0.10.0', '1.0.0'].map(agentKeepsDeferredTexts)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['0.1.0', '0.1.9', '', 'test', null, undefined].map(agentKeepsDeferredTexts)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
