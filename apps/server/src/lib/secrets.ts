import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** A uniformly random numeric code from the OS's cryptographic source. */
export function newNumericCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}
