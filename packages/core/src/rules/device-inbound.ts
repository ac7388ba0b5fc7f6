/**
 * Rules for the texts a device hands in (docs/device-protocol.md, "Inbound texts"): what the database
 * can store of a text, and how fast one device may hand texts in.
 */

/** A UTF-16 code unit of a surrogate pair that has lost its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A text as PostgreSQL can store it: without U+0000 (refused in `text` and in `jsonb`) and with each
 * lone surrogate (refused in `jsonb`) replaced by U+FFFD. Every other character is kept, so the
 * sender's words survive; the same input always gives the same output, so a phone's message id
 * stays one key for deduplication.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** A device's inbound allowance: texts per second, sustained, and how many it may save up. */
export type InboundRate = { perSecond: number; burst: number };

/** Defaults of DEVICE_INBOUND_PER_SECOND and DEVICE_INBOUND_BURST. */
export const DEFAULT_INBOUND_RATE: InboundRate = { perSecond: 10, burst: 50 };

/** Tokens left and when they were counted (ms). A device with no bucket yet starts full. */
export type TokenBucket = { tokens: number; at: number };

export type InboundGrant = {
  bucket: TokenBucket;
  /** How many of the texts asked for may be taken now (the first ones, in order). */
  granted: number;
  /** For the rest: when to ask again, the time the bucket needs to hold them (at most a full burst). */
  retryAfterMs: number;
};

/**
 * A token bucket: each text costs one token; tokens come back at `perSecond` up to `burst`. A batch
 * larger than what is left is cut, and the device is told when the rest (up to a burst) will fit,
 * so it resends them then rather than at once. A clock that steps back refills nothing.
 */
export function takeInboundTokens(
  bucket: TokenBucket | undefined,
  now: number,
  wanted: number,
  rate: InboundRate,
): InboundGrant {
  const elapsed = bucket ? Math.max(0, now - bucket.at) : 0;
  const tokens = bucket
    ? Math.min(rate.burst, bucket.tokens + (elapsed * rate.perSecond) / 1000)
    : rate.burst;
  const granted = Math.max(0, Math.min(wanted, Math.floor(tokens)));
  const left = tokens - granted;
  const rest = Math.min(wanted - granted, rate.burst);
  const retryAfterMs = rest > 0 ? Math.max(1, Math.ceil(((rest - left) / rate.perSecond) * 1000)) : 0;
  return { bucket: { tokens: left, at: now }, granted, retryAfterMs };
}

/** A bucket that has refilled to its burst carries no memory: the device may be forgotten. */
export function isBucketFull(bucket: TokenBucket, now: number, rate: InboundRate): boolean {
  return bucket.tokens + (Math.max(0, now - bucket.at) * rate.perSecond) / 1000 >= rate.burst;
}

/** The first agent version that keeps deferred texts and sends them again (docs/device-protocol.md). */
export const INBOUND_DEFERRAL_SINCE = [0, 2, 0] as const;

/**
 * Whether an agent of this version may be told to send texts later. Older agents read any ack as
 * "stored" and drop what it deferred, so they are never deferred: a flood from one costs the server
 * more, but no text is lost.
 */
export function agentKeepsDeferredTexts(agentVersion: string | null | undefined): boolean {
  const parts = /^(\d+)\.(\d+)\.(\d+)/.exec(agentVersion ?? '');
  if (!parts) return false;
  const [major, minor, patch] = parts.slice(1).map(Number) as [number, number, number];
  const [m, n, p] = INBOUND_DEFERRAL_SINCE;
  return major !== m ? major > m : minor !== n ? minor > n : patch >= p;
}
