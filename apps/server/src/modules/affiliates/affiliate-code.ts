import { createHmac } from 'node:crypto';

/** Characters of the code: 96 bits of the keyed hash, URL-safe. */
const CODE_LENGTH = 16;

/**
 * The hash in a user's affiliate link (spec part 2 §9): a keyed hash (HMAC-SHA-256 with the server's
 * secret) of the user id, cut to 16 URL-safe characters. It is stable for as long as the secret is, it
 * does not reveal the id, and nobody without the secret can make one that points at a given user.
 */
export function affiliateCode(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`affiliate:${userId}`).digest('base64url').slice(0, CODE_LENGTH);
}
