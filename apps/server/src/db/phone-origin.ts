import { sql, type SQL } from 'drizzle-orm';
import type { PhoneOrigin } from '@prospector/core';
import type { Db } from './client.js';

/**
 * Who or what writes identifiers in this transaction: the triggers of migration 0047 copy it into each
 * phone's history. Transaction-local, so it never leaks to the connection's next user; outside a
 * transaction it lasts for the one statement, which is what `originStatement` relies on.
 */
export function originSql(origin: PhoneOrigin): SQL {
  return sql`select set_config('prospector.origin', ${JSON.stringify(origin)}, true)`;
}

export async function setPhoneOrigin(tx: Db, origin: PhoneOrigin): Promise<void> {
  await tx.execute(originSql(origin));
}
