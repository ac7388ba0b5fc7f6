import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { hookDeliveries, type HookKind } from '../../db/schema/index.js';

export type { HookKind };

export type DueDelivery = {
  id: string;
  team_id: string;
  kind: HookKind;
  url: string;
  payload: unknown;
  attempts: number;
};

export async function insertDelivery(db: Db, row: typeof hookDeliveries.$inferInsert) {
  await db.insert(hookDeliveries).values(row);
}

/** Claims up to `limit` deliveries due at `now` (SKIP LOCKED), leased until `leaseUntil`. */
export function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number) {
  return queryRows<DueDelivery>(
    db,
    sql`
    update hook_deliveries h set next_attempt_at = ${leaseUntil}
    from (
      select id from hook_deliveries where state = 'pending' and next_attempt_at <= ${now}
      order by next_attempt_at limit ${limit} for update skip locked
    ) due
    where h.id = due.id
    returning h.id, h.team_id, h.kind, h.url, h.payload, h.attempts`,
  );
}

export async function updateDelivery(
  db: Db,
  id: string,
  set: Partial<
    Pick<typeof hookDeliveries.$inferInsert, 'state' | 'attempts' | 'lastError' | 'nextAttemptAt'>
  >,
) {
  await db.update(hookDeliveries).set(set).where(eq(hookDeliveries.id, id));
}
