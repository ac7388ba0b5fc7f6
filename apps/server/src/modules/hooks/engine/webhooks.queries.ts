import type { WebhookEndpointKind } from '@prospector/core';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { uuidArray } from '../../../db/arrays.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** A claimed delivery with what sending it needs of its endpoint. */
export type DueDelivery = {
  id: string;
  teamId: string;
  endpointId: string;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  kind: WebhookEndpointKind;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: Date | string | null;
  disabledAt: Date | string | null;
  deletedAt: Date | string | null;
};

export async function insertEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert) {
  const [made] = await db.insert(webhookEndpoints).values(row).returning();
  return made!;
}

/** The team's live endpoints, hooks first, then subscriptions oldest first. */
export function listEndpoints(db: Db, teamId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.teamId, teamId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.teamId, teamId),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  return row ?? null;
}

export async function updateEndpoint(
  db: Db,
  id: string,
  set: Partial<Omit<typeof webhookEndpoints.$inferInsert, 'id' | 'teamId'>>,
) {
  const [row] = await db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
  return row ?? null;
}

export async function insertDeliveries(db: Db, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length) await db.insert(webhookDeliveries).values(rows);
}

/**
 * Claims up to `limit` deliveries due at `now` (SKIP LOCKED: another process takes others), leased
 * until `leaseUntil` so a process that dies mid-send leaves them to be taken again then.
 */
export function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number) {
  return queryRows<DueDelivery>(
    db,
    sql`
    with due as (
      select id from webhook_deliveries where state = 'pending' and next_attempt_at <= ${now}
      order by next_attempt_at limit ${limit} for update skip locked
    ), claimed as (
      update webhook_deliveries d set next_attempt_at = ${leaseUntil}
      from due where d.id = due.id
      returning d.id, d.team_id as "teamId", d.endpoint_id as "endpointId", d.event_type as "eventType",
        d.payload, d.attempts
    )
    select c.*, e.url, e.kind, e.secret_sealed as "secretSealed", e.previous_secret_sealed as "previousSecretSealed",
           e.previous_secret_until as "previousSecretUntil", e.disabled_at as "disabledAt", e.deleted_at as "deletedAt"
    from claimed c join webhook_endpoints e on e.id = c."endpointId"`,
  );
}

/**
 * One attempt's outcome in one statement (one round trip: the queue's hot path): its log row, the
 * delivery's new state, and the endpoint's failure streak (set by its first failure, cleared by a
 * success), answered.
 */
export async function recordAttempt(
  db: Db,
  a: {
    delivery: DueDelivery;
    attempt: { attemptedAt: Date; statusCode: number | null; durationMs: number; response: string };
    state: 'pending' | 'delivered' | 'failed';
    nextAttemptAt: Date;
    lastError: string | null;
  },
): Promise<{ failingSince: Date | null }> {
  const { delivery: d, attempt: t } = a;
  const ok = a.state === 'delivered';
  const [row] = await queryRows<{ failingSince: Date | string | null }>(
    db,
    sql`with logged as (
          insert into webhook_attempts (team_id, delivery_id, attempted_at, status_code, duration_ms, response)
          values (${d.teamId}, ${d.id}, ${t.attemptedAt}, ${t.statusCode}, ${t.durationMs}, ${t.response})
        ), moved as (
          update webhook_deliveries
          set state = ${a.state}, attempts = ${d.attempts + 1}, next_attempt_at = ${a.nextAttemptAt},
              last_error = ${a.lastError}, delivered_at = ${ok ? t.attemptedAt : null}
          where id = ${d.id}
        )
        update webhook_endpoints
        set failing_since = ${ok ? null : sql`coalesce(failing_since, ${t.attemptedAt})`}
        where id = ${d.endpointId}
        returning failing_since as "failingSince"`,
  );
  const since = row?.failingSince;
  return { failingSince: since ? new Date(since) : null };
}

/** Closes a delivery without an attempt (its endpoint is gone or disabled). */
export async function closeDelivery(db: Db, id: string, lastError: string) {
  await db.update(webhookDeliveries).set({ state: 'failed', lastError }).where(eq(webhookDeliveries.id, id));
}

/** Disables an endpoint that is still enabled; answers whether this call did it. */
export async function disableEndpoint(db: Db, id: string, at: Date) {
  const rows = await db
    .update(webhookEndpoints)
    .set({ disabledAt: at })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** An endpoint's latest deliveries, newest first. */
export function listDeliveries(db: Db, teamId: string, endpointId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.teamId, teamId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.teamId, teamId)));
  return row ?? null;
}

export function attemptsOf(db: Db, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([] as AttemptRow[]);
  return db
    .select()
    .from(webhookAttempts)
    .where(sql`${webhookAttempts.deliveryId} = any(${uuidArray(deliveryIds)})`)
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
}

/** Makes a delivery due now again (resend): the next attempt joins its log. */
export async function requeueDelivery(db: Db, id: string, now: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ state: 'pending', nextAttemptAt: now, lastError: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row ?? null;
}
