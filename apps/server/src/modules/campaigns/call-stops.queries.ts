import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * A call campaign's contact whose queued call a member took out of a queue (issue 32, ADR 056): its
 * row stops as 'unqueued', saying who took it out of whose queue, and when (its next_at, as every
 * stopped row). Only a row waiting for that queued call moves; answers whether one did.
 */
export async function stopUnqueued(
  db: Db,
  e: { campaignId: string; itemId: string; removedBy: string; removedFrom: string; at: Date },
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update campaign_recipients set state = 'stopped', reason = 'unqueued', wait_reason = null,
        next_at = ${e.at}, removed_by = ${e.removedBy}, removed_from = ${e.removedFrom}
      where campaign_id = ${e.campaignId} and item_id = ${e.itemId}
        and state = 'waiting' and wait_reason = 'inCallQueue'
      returning id`,
  );
  return rows.length > 0;
}

/** A campaign's stopped recipients by reason and, for those taken out of a queue, the members' names. */
export function callStopTallies(db: Db, campaignId: string) {
  return queryRows<{
    reason: string | null;
    n: number;
    removedBy: string | null;
    removedFrom: string | null;
  }>(
    db,
    sql`select r.reason, count(*)::int as n,
        coalesce(nullif(b.name, ''), b.email) as "removedBy",
        coalesce(nullif(f.name, ''), f.email) as "removedFrom"
      from campaign_recipients r
        left join users b on b.id = r.removed_by
        left join users f on f.id = r.removed_from
      where r.campaign_id = ${campaignId} and r.state = 'stopped'
      group by 1, 3, 4`,
  );
}
