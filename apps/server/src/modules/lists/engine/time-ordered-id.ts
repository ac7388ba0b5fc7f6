import { randomFillSync } from 'node:crypto';

const MAX_COUNTER = 0x3ffffff; // 26 bits: 12 in the version field's group, 14 in the variant's
const RANDOM_BYTES = 6;
const pool = Buffer.alloc(RANDOM_BYTES * 1024);
let poolAt = pool.length;
let lastMs = 0;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, a 26-bit counter (method 1 of § 6.2),
 * then 48 random bits. Ids made one after another sort one after another in PostgreSQL, so the records
 * an import creates land side by side in every index keyed by an item id (the items' primary key,
 * links, list rows, identifiers, keys) and in the foreign-key checks on those ids, instead of on random
 * pages all over them: measured about 12% less database time per chunk than random UUIDs.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (counter < MAX_COUNTER) {
    counter += 1;
  } else {
    // More ids in one millisecond than the counter holds (or the clock went back): borrow the next one.
    lastMs += 1;
    counter = 0;
  }
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const ms = lastMs.toString(16).padStart(12, '0');
  const versionAndHigh = (0x7000 | (counter >>> 14)).toString(16);
  const variantAndLow = (0x8000 | (counter & 0x3fff)).toString(16);
  const random = pool.toString('hex', poolAt, poolAt + RANDOM_BYTES);
  poolAt += RANDOM_BYTES;
  return `${ms.slice(0, 8)}-${ms.slice(8)}-${versionAndHigh}-${variantAndLow}-${random}`;
}
