import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { itemKeys } from '../../db/schema/index.js';

/**
 * Records added by hand stack one at a time with imports (the import's stacker takes the same lock),
 * so an add and an import chunk never both create the same address's property.
 */
export async function lockTeamStacker(tx: Db, teamId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stack:${teamId}`}))`);
}

/** The record a stacking key (property address, company name or website host) already names. */
export async function findItemIdByKeys(db: Db, teamId: string, keys: string[]) {
  if (keys.length === 0) return null;
  const [row] = await db
    .select({ itemId: itemKeys.itemId })
    .from(itemKeys)
    .where(and(eq(itemKeys.teamId, teamId), inArray(itemKeys.key, keys)))
    .limit(1);
  return row?.itemId ?? null;
}

/** The keys of the team's properties on this street (a normalised street), through item_keys_street_idx. */
export function findPropertyKeysOnStreet(db: Db, teamId: string, street: string) {
  return queryRows<{ key: string; itemId: string }>(
    db,
    sql`select key, item_id as "itemId" from item_keys
        where team_id = ${teamId} and split_part(key, '|', 2) = ${street} and key like 'p|%'
        limit 50`,
  );
}

export async function insertItemKeys(db: Db, teamId: string, itemId: string, keys: string[]) {
  if (keys.length === 0) return;
  await db
    .insert(itemKeys)
    .values(keys.map((key) => ({ teamId, key, itemId })))
    .onConflictDoNothing();
}
