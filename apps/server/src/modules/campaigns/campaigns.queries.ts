import type { CallStepEnd, DeferReason, FieldSource, ReplyLabel, StepTally } from '@prospector/core';
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { campaignRecipients, campaigns, lists } from '../../db/schema/index.js';

export type CampaignRow = typeof campaigns.$inferSelect;

/** Who a campaign may text: the target's contacts with a chosen status and the last-contacted filter. */
export type Target = {
  teamId: string;
  listIds: string[];
  statusIds: string[] | null;
  lastContactedAt: Date | null;
  /** An 'Only assigned' member reaches only contacts assigned to them. */
  assignedTo: string | null;
  audience?: Audience;
};

/**
 * "These N records": a bulk job's frozen selection (records' `bulkAudience`) instead of lists;
 * 'nobody' for a job that is not one (counts nothing); null: the lists.
 */
export type Audience = SQL | 'nobody' | null;

function targetWhere(t: Target): SQL {
  const parts: SQL[] = [sql`i.team_id = ${t.teamId}`, sql`i.type = 'contact'`, sql`not i.hidden`];
  if (t.listIds.length > 0)
    parts.push(sql`i.id in (select li.item_id from list_items li
      where li.list_id in (select jsonb_array_elements_text(${JSON.stringify(t.listIds)}::jsonb)::uuid)
        and li.type = 'contact')`);
  if (t.audience) parts.push(t.audience === 'nobody' ? sql`false` : t.audience);
  if (t.statusIds)
    parts.push(
      sql`i.status_id in (select jsonb_array_elements_text(${JSON.stringify(t.statusIds)}::jsonb)::uuid)`,
    );
  if (t.lastContactedAt)
    parts.push(sql`(i.last_contacted_at is null or i.last_contacted_at <= ${t.lastContactedAt})`);
  if (t.assignedTo) parts.push(sql`i.assigned_to @> array[${t.assignedTo}]::uuid[]`);
  // A usable phone: not an e-mail, not DNC, not Wrong #.
  parts.push(sql`exists (select 1 from identifiers d
    where d.item_id = i.id and not d.is_email and d.status = '')`);
  return sql.join(parts, sql` and `);
}

/** Contacts of a target per status id. */
export async function countByStatus(db: Db, t: Target) {
  return queryRows<{ statusId: string | null; count: number }>(
    db,
    sql`select i.status_id as "statusId", count(*)::int as count from items i where ${targetWhere(t)} group by i.status_id`,
  );
}

/** Whitespace JavaScript's trim() removes from the ends of a value, in the main. */
const TRIM = ' \t\r\n';

/** Whether one source of a field has a value (the same test templateValues makes); never null. */
function sourceFilled(source: FieldSource): SQL {
  if (source.from === 'custom')
    return sql`coalesce(jsonb_typeof(i.custom->${source.key}) in ('string', 'number')
      and btrim(i.custom->>${source.key}, ${TRIM}) <> '', false)`;
  const data = source.from === 'property' ? sql`p.data` : sql`i.data`;
  return sql`coalesce(btrim(${data}->>${source.key}, ${TRIM}), '') <> ''`;
}

/**
 * The target's contacts, and for each field (given by its sources) how many have none of them
 * filled: one statement over the target, joined to each contact's first linked property (as the
 * engine picks it) only when a field may come from it.
 */
export async function countMissingFields(db: Db, t: Target, fields: readonly (readonly FieldSource[])[]) {
  const needsProperty = fields.some((f) => f.some((s) => s.from === 'property'));
  const missing = fields.map(
    (sources, n) =>
      sql`count(*) filter (where not (${sql.join(sources.map(sourceFilled), sql` or `)}))::int as ${sql.identifier(`m${n}`)}`,
  );
  // The target once (a CTE named twice is materialized), then its contacts' first properties by a
  // hash join: a lateral look-up per contact took three times as long at 50,000 contacts.
  const property = needsProperty
    ? sql`left join (select distinct on (l.from_id) l.from_id, p.data from item_links l
        join target x on x.id = l.from_id
        join items p on p.id = l.to_id and p.type = 'property'
        order by l.from_id, p.created_at) p on p.from_id = i.id`
    : sql``;
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`with target as (select i.id, i.data, i.custom from items i where ${targetWhere(t)})
      select ${sql.join([sql`count(*)::int as total`, ...missing], sql`, `)}
      from target i ${property}`,
  );
  return { total: row?.['total'] ?? 0, missing: fields.map((_, n) => row?.[`m${n}`] ?? 0) };
}

/** Lists of the team among the given ids (to refuse another team's). */
export async function teamListIds(db: Db, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.teamId, teamId), inArray(lists.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertCampaign(db: Db, row: typeof campaigns.$inferInsert) {
  const [c] = await db.insert(campaigns).values(row).returning();
  return c!;
}

/**
 * Picks the recipients at launch, in one statement: each contact with its first usable phone
 * (primary first), due from the start date, in a stable order (the rotation's sequence).
 */
export async function insertRecipients(db: Db, campaign: CampaignRow, t: Target) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
      insert into campaign_recipients (campaign_id, team_id, item_id, identifier_id, state, next_at)
      select ${campaign.id}, i.team_id, i.id,
        (select d.id from identifiers d where d.item_id = i.id and not d.is_email and d.status = ''
          order by d."primary" desc, d.position, d.created_at limit 1),
        'pending', ${campaign.startDate}
      from items i where ${targetWhere(t)}
      order by i.created_at, i.id
      returning 1)
    select count(*)::int as n from ins`,
  );
  const n = rows[0]?.n ?? 0;
  await db.update(campaigns).set({ recipientCount: n }).where(eq(campaigns.id, campaign.id));
  return n;
}

/** A call campaign's recipients sit in the queues this long at most before the dialler reaches them. */
const IN_QUEUE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * A call campaign's recipients (ADR 046): the contacts it queued (a contact already in a queue stays
 * there and is not its recipient), each waiting for its call with the number the queue calls.
 */
export async function insertCallRecipients(db: Db, campaign: CampaignRow, now: Date) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
      insert into campaign_recipients (campaign_id, team_id, item_id, identifier_id, state, next_at, wait_reason)
      select ${campaign.id}, q.team_id, q.item_id,
        (select d.id from identifiers d where d.item_id = q.item_id and not d.is_email
          order by d."primary" desc, d.position, d.created_at limit 1),
        'waiting', ${new Date(now.getTime() + IN_QUEUE_MS)}, 'inCallQueue'
      from call_queue q where q.campaign_id = ${campaign.id}
      order by q.id
      returning 1)
    select count(*)::int as n from ins`,
  );
  return rows[0]?.n ?? 0;
}

/** The recipient of a call campaign whose call is in a queue or due, for a record. */
export async function activeRecipient(db: Db, campaignId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.itemId, itemId),
        inArray(campaignRecipients.state, ['pending', 'waiting']),
      ),
    );
  return row ?? null;
}

/** A call campaign's step ended for a recipient (call-follow-ups.ts afterCampaignCall): its row moves on. */
export async function endCallStep(
  db: Db,
  r: typeof campaignRecipients.$inferSelect,
  end: CallStepEnd,
  at: Date,
  called: boolean,
) {
  await db
    .update(campaignRecipients)
    .set({
      state: end.state,
      reason: 'reason' in end ? end.reason : null,
      waitReason: null,
      followUp: end.state === 'pending' ? end.followUp : r.followUp,
      nextAt: end.state === 'pending' ? end.nextAt : at,
      ...(called ? { step: r.step + 1, lastStep: r.followUp, lastSentAt: at } : {}),
    })
    .where(eq(campaignRecipients.id, r.id));
}

/** A call campaign's contacts, in the order a text campaign would take them, with the number to call. */
export async function targetPhones(db: Db, t: Target) {
  return queryRows<{ id: string; phone: string; assignedTo: string[] }>(
    db,
    sql`select i.id, i.assigned_to as "assignedTo",
        (select d.value from identifiers d where d.item_id = i.id and not d.is_email and d.status = ''
          order by d."primary" desc, d.position, d.created_at limit 1) as phone
      from items i where ${targetWhere(t)}
      order by i.created_at, i.id`,
  );
}

export async function findCampaign(db: Db, teamId: string, id: string) {
  const [c] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.teamId, teamId)));
  return c ?? null;
}

/** `name`, or `name (2)`, `name (3)`… when the team already has a campaign of that name. */
export async function freeCampaignName(db: Db, teamId: string, name: string) {
  const taken = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.teamId, teamId), ilike(campaigns.name, `${name.replace(/[%_\\]/g, '\\$&')}%`)));
  const names = new Set(taken.map((t) => t.name));
  if (!names.has(name)) return name;
  let n = 2;
  while (names.has(`${name} (${n})`)) n += 1;
  return `${name} (${n})`;
}

export async function updateCampaign(db: Db, id: string, set: Partial<typeof campaigns.$inferInsert>) {
  const [c] = await db.update(campaigns).set(set).where(eq(campaigns.id, id)).returning();
  return c ?? null;
}

export async function deleteCampaign(db: Db, teamId: string, id: string) {
  const gone = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.teamId, teamId)))
    .returning({ id: campaigns.id });
  return gone.length > 0;
}

const ORDER = sql`case when ${campaigns.status} = 'Finished' then 2 when ${campaigns.paused} then 1 else 0 end`;

/** The Campaigns page: running, then paused, then Finished; newest first within each. */
export async function pageCampaigns(db: Db, teamId: string, search: string, skip: number, limit: number) {
  const where = and(
    eq(campaigns.teamId, teamId),
    search ? ilike(campaigns.name, `%${search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(ORDER, desc(campaigns.createdAt))
      .offset(skip)
      .limit(limit),
    db.$count(campaigns, where),
  ]);
  return { rows, total };
}

/** Texts sent and replies per campaign, for the cards. */
export async function headlineFigures(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { sent: number; replied: number }>();
  const rows = await queryRows<{ campaignId: string; sent: number; replied: number }>(
    db,
    sql`select campaign_id as "campaignId",
        count(*) filter (where step > 0)::int as sent,
        count(*) filter (where step > 0 and (reason = 'replied' or reason = 'optOut'))::int as replied
      from campaign_recipients
      where campaign_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
      group by campaign_id`,
  );
  return new Map(rows.map((r) => [r.campaignId, { sent: r.sent, replied: r.replied }]));
}

/**
 * Recipients per campaign by the step of their last text and whether they replied (stepFigures of
 * core turns them into per-step figures). Texts from before steps were kept count as the first step.
 */
export async function stepTallies(db: Db, ids: string[]) {
  const out = new Map<string, StepTally[]>();
  if (ids.length === 0) return out;
  const rows = await queryRows<{
    campaignId: string;
    lastStep: number | null;
    replied: boolean;
    n: number;
  }>(
    db,
    sql`select campaign_id as "campaignId",
        coalesce(last_step, case when step > 0 then 0 end) as "lastStep",
        coalesce(reason in ('replied', 'optOut'), false) as replied,
        count(*)::int as n
      from campaign_recipients
      where campaign_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
      group by 1, 2, 3`,
  );
  for (const r of rows)
    out.set(r.campaignId, [
      ...(out.get(r.campaignId) ?? []),
      { lastStep: r.lastStep, replied: r.replied, n: r.n },
    ]);
  return out;
}

/**
 * The details modal: recipients by state and reason (and, for those not texted yet, why the engine
 * put them off, whether they are due at `now` and the earliest time it looks at them again), and the
 * campaign's texts by device and state.
 */
export async function campaignFigures(db: Db, id: string, now: Date) {
  const [recipients, jobs] = await Promise.all([
    queryRows<{
      state: string;
      reason: string | null;
      waitReason: DeferReason | null;
      missingField: string | null;
      waitLaw: string | null;
      followUp: number;
      texted: boolean;
      later: boolean;
      n: number;
      nextAt: Date | string | null;
    }>(
      db,
      sql`select state, reason, wait_reason as "waitReason", missing_field as "missingField", wait_law as "waitLaw",
          follow_up as "followUp", step > 0 as texted,
          next_at > ${now} as later, count(*)::int as n, min(next_at) as "nextAt"
        from campaign_recipients where campaign_id = ${id}
        group by 1, 2, 3, 4, 5, 6, 7, 8`,
    ),
    queryRows<{ fromValue: string; state: string; n: number }>(
      db,
      sql`select from_value as "fromValue", state, count(*)::int as n from sms_jobs
        where campaign_id = ${id} group by from_value, state`,
    ),
  ]);
  const states = await queryRows<{ lawStates: string }>(
    db,
    sql`select distinct law_states as "lawStates" from campaign_recipients
      where campaign_id = ${id} and law_states is not null and law_states <> ''`,
  );
  return { recipients, jobs, states: [...new Set(states.flatMap((s) => s.lawStates.split(',')))] };
}

/** Stops a record's pending texts in every running campaign (a reply, an opt-out). */
export async function stopRecipients(db: Db, itemId: string, reason: 'replied' | 'optOut') {
  return queryRows<{ campaignId: string; followUp: number; call: boolean }>(
    db,
    sql`update ${campaignRecipients} r set state = 'stopped', reason = ${reason}
      where item_id = ${itemId} and state in ('pending', 'waiting', 'done')
      returning campaign_id as "campaignId", follow_up as "followUp",
        exists (select 1 from campaigns c where c.id = r.campaign_id and c.campaign_type = 'Call') as call`,
  );
}

/**
 * The recipients who answered the campaign, by the label of their latest reply since it last texted
 * them (reply_labels, issue 31).
 */
export function replyLabelCounts(db: Db, campaignId: string) {
  return queryRows<{ label: ReplyLabel; n: number }>(
    db,
    sql`select l.label, count(*)::int as n from campaign_recipients r
      cross join lateral (
        select label from reply_labels l
        where l.item_id = r.item_id and l.created_at >= r.last_sent_at
        order by l.created_at desc limit 1) l
      where r.campaign_id = ${campaignId} and r.state = 'stopped' and r.reason in ('replied', 'optOut')
        and r.last_sent_at is not null
      group by l.label`,
  );
}
