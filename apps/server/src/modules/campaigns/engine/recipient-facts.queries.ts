import type { CampaignPhone } from '@prospector/core';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { uuidArray } from '../../../db/arrays.js';

type Values = Record<string, string | number | boolean | null | undefined>;

const MINUTE = 60_000;

export type RecipientFacts = Awaited<ReturnType<typeof recipientFacts>>;

/** The records' phones, primary first. */
function readPhones(tx: Db, ids: SQL) {
  return queryRows<{ id: string; itemId: string; value: string; status: string; sentFrom: string | null }>(
    tx,
    sql`select id, item_id as "itemId", value, status, sent_from as "sentFrom" from identifiers
        where item_id = any(${ids}) and not is_email
        order by "primary" desc, position, created_at`,
  );
}

/** Each record's first linked property. */
function readProperties(tx: Db, ids: SQL) {
  return queryRows<{ itemId: string; data: Values }>(
    tx,
    sql`select distinct on (l.from_id) l.from_id as "itemId", p.data from item_links l
        join items p on p.id = l.to_id and p.type = 'property'
        where l.from_id = any(${ids})
        order by l.from_id, p.created_at`,
  );
}

/** The texts and calls to each of the records' phones in the last day. */
function readRecentContacts(tx: Db, ids: SQL, now: Date) {
  // Texts and calls count together against a state's 24-hour limit (Fla. Stat. § 501.616(6)): the
  // thread's outbound texts, and the calls placed (a call's thread message is a system one).
  const since = new Date(now.getTime() - 24 * 60 * MINUTE);
  return queryRows<{ itemId: string; phone: string; n: number }>(
    tx,
    sql`select item_id as "itemId", phone, count(*)::int as n from (
          select item_id, phone from messages
          where item_id = any(${ids})
            and direction = 'out' and not system and not comment and not is_im
            and created_at > ${since}
          union all
          select item_id, to_number from calls
          where item_id = any(${ids}) and direction = 'out' and status <> 'Failed' and started_at > ${since}
        ) x
        group by item_id, phone`,
  );
}

/** When a member last texted or called each record by hand. */
function readManualContacts(tx: Db, ids: SQL) {
  // Texts and calls a member made by hand (a campaign's texts have no sender; a call campaign's calls
  // carry their campaign): they end a campaign's sequence for the record.
  return queryRows<{ itemId: string; at: Date | string }>(
    tx,
    sql`select item_id as "itemId", max(at) as at from (
          select item_id, max(created_at) as at from messages
          where item_id = any(${ids}) and direction = 'out' and sender_id is not null
            and not system and not comment
          group by item_id
          union all
          select item_id, max(started_at) from calls
          where item_id = any(${ids}) and direction = 'out' and user_id is not null
            and campaign_id is null and status <> 'Failed'
          group by item_id
        ) x
        group by item_id`,
  );
}

/**
 * What deciding the recipients of these records needs, read in four statements: their phones
 * (primary first), their first linked property, the texts and calls to each phone in the last day,
 * and when a member last texted or called them by hand (a call outside any campaign).
 * One after another: they share the tick's transaction (one connection).
 */
export async function recipientFacts(tx: Db, itemIds: readonly string[], now: Date) {
  // A uuid[] parameter, not a jsonb list: that made the planner guess one row and loop over the
  // whole messages table.
  const ids = uuidArray([...new Set(itemIds)]);
  const phones = await readPhones(tx, ids);
  const addresses = await readProperties(tx, ids);
  const recent = await readRecentContacts(tx, ids, now);
  const manual = await readManualContacts(tx, ids);
  const phonesByItem = new Map<string, CampaignPhone[]>();
  for (const p of phones)
    phonesByItem.set(p.itemId, [
      ...(phonesByItem.get(p.itemId) ?? []),
      { id: p.id, value: p.value, status: p.status, sentFrom: p.sentFrom },
    ]);
  const propertyOf = new Map(addresses.map((a) => [a.itemId, a.data]));
  const recentOf = new Map(recent.map((r) => [`${r.itemId}|${r.phone}`, r.n]));
  const manualOf = new Map(manual.map((m) => [m.itemId, new Date(m.at)]));
  return {
    manualAt: (itemId: string) => manualOf.get(itemId) ?? null,
    phonesOf: (itemId: string) => phonesByItem.get(itemId) ?? [],
    propertyOf: (itemId: string) => propertyOf.get(itemId),
    textsToday: (itemId: string, phone: string) => recentOf.get(`${itemId}|${phone}`) ?? 0,
  };
}
