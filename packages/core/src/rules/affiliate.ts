/**
 * A hash in a logged-out URL is stored as the affiliate id (spec part 1 §2.1). Only a plain token is
 * kept, so a hash used for in-page navigation (`#campaigns`) or junk never poses as one.
 */
const AFFILIATE_ID = /^[A-Za-z0-9_-]{6,64}$/;

export function affiliateIdFromHash(hash: string): string | null {
  const value = hash.replace(/^#/, '').trim();
  return AFFILIATE_ID.test(value) ? value : null;
}
