import type { FieldValue } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { textArray, uuidArray } from '../../db/arrays.js';
import { traceLists, type TraceListFigures } from '../lists/index.js';
import { tracedOwnersParts, type TracedOwners } from '../records/index.js';

/*
 * The skip trace's own tables (runs, their properties, their batches), and the statements that put a
 * trace's results on records and lists through their owners' parts (ADR 062): owner contacts, their
 * identifiers, links to the property, list membership and the list's figures. Stacking takes the same
 * per-team lock as imports, so the two never both create the same phone's contact.
 */

export type RunRow = {
  id: string;
  teamId: string;
  listId: string;
  createdBy: string | null;
  type: 'single' | 'multi';
  price: number;
  state: 'running' | 'done' | 'cancelled' | 'stopped';
  reason: string | null;
  total: number;
  done: number;
  hits: number;
  landlines: number;
  dnc: number;
  cost: number;
  createdAt: Date;
};

const RUN = sql`id, team_id as "teamId", list_id as "listId", created_by as "createdBy", type, price, state,
  reason, total, done, hits, landlines, dnc, cost::float8 as cost, created_at as "createdAt"`;

/** A property has phones when a record linked to it has a phone (as the list detail counts them). */
const HAS_PHONES = (prop: ReturnType<typeof sql>) =>
  sql`exists (select 1 from item_links l join identifiers idt on idt.item_id = l.to_id and not idt.is_email
      where l.from_id = ${prop})`;

export type PropertyRow = {
  id: string;
  data: Record<string, FieldValue>;
  assignedTo: string[];
  hasPhones: boolean;
};

export async function findProperty(db: Db, teamId: string, propId: string) {
  const [row] = await queryRows<PropertyRow>(
    db,
    sql`select i.id, i.data, i.assigned_to as "assignedTo", ${HAS_PHONES(sql`i.id`)} as "hasPhones" from items i
        where i.id = ${propId} and i.team_id = ${teamId} and i.type = 'property'`,
  );
  return row ?? null;
}

export async function findListTeam(db: Db, teamId: string, listId: string) {
  const [row] = await queryRows<{ id: string; state: string }>(
    db,
    sql`select id, state from lists where id = ${listId} and team_id = ${teamId}`,
  );
  return row ?? null;
}

export async function countWithoutPhones(db: Db, listId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from list_items li
        where li.list_id = ${listId} and li.type = 'property' and not ${HAS_PHONES(sql`li.item_id`)}`,
  );
  return row?.n ?? 0;
}

export async function latestRun(db: Db, listId: string) {
  const [row] = await queryRows<RunRow>(
    db,
    sql`select ${RUN} from skiptrace_runs where list_id = ${listId} order by created_at desc limit 1`,
  );
  return row ?? null;
}

export async function findRun(db: Db, runId: string) {
  const [row] = await queryRows<RunRow>(db, sql`select ${RUN} from skiptrace_runs where id = ${runId}`);
  return row ?? null;
}

/**
 * Starts a run over the list's properties without phones, unless one runs already (the list's row
 * lock makes two starts at once see each other). Null when one runs; total 0 when there is nothing.
 */
export async function createRun(
  tx: Db,
  r: { teamId: string; listId: string; userId: string; type: 'single' | 'multi'; price: number; now: Date },
): Promise<RunRow | null> {
  await tx.execute(sql`select 1 from lists where id = ${r.listId} for update`);
  const [running] = await queryRows<{ id: string }>(
    tx,
    sql`select id from skiptrace_runs where list_id = ${r.listId} and state = 'running' limit 1`,
  );
  if (running) return null;
  const [run] = await queryRows<RunRow>(
    tx,
    sql`insert into skiptrace_runs (team_id, list_id, created_by, type, price, state, total, created_at)
        values (${r.teamId}, ${r.listId}, ${r.userId}, ${r.type}, ${r.price}, 'running', 0, ${r.now})
        returning ${RUN}`,
  );
  const [{ n }] = (await queryRows<{ n: number }>(
    tx,
    sql`with ins as (
          insert into skiptrace_run_items (run_id, item_id, position)
          select ${run!.id}, li.item_id, row_number() over (order by i.created_at, i.id)
          from list_items li join items i on i.id = li.item_id
          where li.list_id = ${r.listId} and li.type = 'property' and not ${HAS_PHONES(sql`li.item_id`)}
          returning 1)
        select count(*)::int as n from ins`,
  )) as [{ n: number }];
  const [withTotal] = await queryRows<RunRow>(
    tx,
    sql`update skiptrace_runs set total = ${n} where id = ${run!.id} returning ${RUN}`,
  );
  return withTotal!;
}

/** Takes a running run no live worker holds (never claimed, or its lease ran out). */
export async function claimRun(db: Db, workerId: string, now: Date, leaseBefore: Date) {
  const [row] = await queryRows<RunRow>(
    db,
    sql`update skiptrace_runs set claimed_by = ${workerId}, claimed_at = ${now}
        where id = (select id from skiptrace_runs where state = 'running'
                      and (claimed_by is null or claimed_at < ${leaseBefore})
                    order by created_at limit 1 for update skip locked)
        returning ${RUN}`,
  );
  return row ?? null;
}

/** Renews the lease, and says whether the run is still this worker's and still running. */
export async function renewLease(db: Db, runId: string, workerId: string, now: Date) {
  const [row] = await queryRows<{ state: string }>(
    db,
    sql`update skiptrace_runs set claimed_at = ${now} where id = ${runId} and claimed_by = ${workerId}
        returning state`,
  );
  return row?.state === 'running';
}

export async function releaseClaim(db: Db, runId: string, workerId: string) {
  await db.execute(
    sql`update skiptrace_runs set claimed_by = null, claimed_at = null where id = ${runId} and claimed_by = ${workerId}`,
  );
}

/** Batches sent but never stored (the process stopped between the request and its commit). */
export async function openBatches(db: Db, runId: string) {
  return queryRows<{ id: string; holdId: string }>(
    db,
    sql`select id, hold_id as "holdId" from skiptrace_batches where run_id = ${runId} and state = 'open'`,
  );
}

/** Puts an unstored batch's properties back to pending and forgets the batch (its hold is released). */
export async function dropBatch(tx: Db, runId: string, batchId: string) {
  await tx.execute(
    sql`update skiptrace_run_items set state = 'pending', batch_id = null where run_id = ${runId} and batch_id = ${batchId} and state = 'sent'`,
  );
  await tx.execute(sql`delete from skiptrace_batches where id = ${batchId}`);
}

export type BatchProperty = { itemId: string; data: Record<string, FieldValue> };

/** Marks the next `size` pending properties as sent in `batchId` and returns them with their fields. */
export async function takeItems(tx: Db, runId: string, batchId: string, size: number) {
  return queryRows<BatchProperty>(
    tx,
    sql`with next as (
          select item_id from skiptrace_run_items where run_id = ${runId} and state = 'pending'
          order by position limit ${size} for update skip locked),
        sent as (
          update skiptrace_run_items s set state = 'sent', batch_id = ${batchId}
          from next where s.run_id = ${runId} and s.item_id = next.item_id returning s.item_id)
        select sent.item_id as "itemId", i.data from sent join items i on i.id = sent.item_id`,
  );
}

export async function insertBatch(tx: Db, b: { id: string; runId: string; holdId: string; now: Date }) {
  await tx.execute(
    sql`insert into skiptrace_batches (id, run_id, hold_id, state, created_at) values (${b.id}, ${b.runId}, ${b.holdId}, 'open', ${b.now})`,
  );
}

export async function pendingCount(db: Db, runId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from skiptrace_run_items where run_id = ${runId} and state = 'pending'`,
  );
  return row?.n ?? 0;
}

export type Figures = { done: number; hits: number; landlines: number; dnc: number; cost: number };

/** A stored batch, in one statement: its properties done (hit or not), its figures added to the run and the list. */
export async function completeBatch(
  tx: Db,
  b: { runId: string; listId: string; batchId: string; hits: string[]; figures: Figures },
) {
  const f = b.figures;
  const [row] = await queryRows<{ run: RunRow; list: ListFiguresRow }>(
    tx,
    sql`with done as (
          update skiptrace_run_items set state = 'done', hit = item_id = any(${uuidArray(b.hits)})
          where run_id = ${b.runId} and batch_id = ${b.batchId} returning 1
        ), stored as (
          update skiptrace_batches set state = 'stored' where id = ${b.batchId} returning 1
        ), run as (
          update skiptrace_runs set done = done + ${f.done}, hits = hits + ${f.hits},
            landlines = landlines + ${f.landlines}, dnc = dnc + ${f.dnc}, cost = cost + ${f.cost}
          where id = ${b.runId} returning ${RUN}
        ), list as (${traceLists.addFiguresPart(b.listId, f)})
        select (select to_jsonb(run) from run) as run, (select to_jsonb(list) from list) as list,
          (select count(*) from done) + (select count(*) from stored) as n`,
  );
  const run = row!.run;
  return { run: { ...run, createdAt: new Date(run.createdAt) }, list: row!.list };
}

export type ListFiguresRow = TraceListFigures;

export async function listFigures(db: Db, listIds: string[]) {
  if (listIds.length === 0) return [];
  return queryRows<ListFiguresRow>(
    db,
    sql`select id, hits, landlines, dnc, cost from lists
        where id in (select jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)`,
  );
}

export async function listsOfItem(db: Db, itemId: string) {
  const rows = await queryRows<{ listId: string }>(
    db,
    sql`select list_id as "listId" from list_items where item_id = ${itemId}`,
  );
  return rows.map((r) => r.listId);
}

export async function finishRun(
  db: Db,
  runId: string,
  state: 'done' | 'cancelled' | 'stopped',
  reason: string | null,
  now: Date,
) {
  const [row] = await queryRows<RunRow>(
    db,
    sql`update skiptrace_runs set state = ${state}, reason = ${reason}, finished_at = ${now}, claimed_by = null
        where id = ${runId} and state = 'running' returning ${RUN}`,
  );
  return row ?? null;
}

/** Asks a running run to stop: the worker sees it at its next lease renewal. */
export async function cancelRun(db: Db, listId: string, teamId: string, reason: string, now: Date) {
  const [row] = await queryRows<RunRow>(
    db,
    sql`update skiptrace_runs set state = 'cancelled', reason = ${reason}, finished_at = ${now}
        where list_id = ${listId} and team_id = ${teamId} and state = 'running' returning ${RUN}`,
  );
  return row ?? null;
}

/* ---- Stacking the results ---- */

export async function lockTeamStacker(tx: Db, teamId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stack:${teamId}`}))`);
}

export type KnownOwners = {
  /** Identifiers the team already has: value → its record. */
  owned: { value: string; itemId: string }[];
  /** The team's DNC list among the values. */
  dnc: string[];
  /** Contacts linked to the properties, with their names. */
  linked: { propertyId: string; contactId: string; first: string | null; last: string | null }[];
};

/** One statement for a batch's look-ups: who holds its values, which are on the DNC list, who is linked. */
export async function lookUpOwners(
  tx: Db,
  teamId: string,
  values: string[],
  propertyIds: string[],
): Promise<KnownOwners> {
  const rows = await queryRows<{
    kind: 'i' | 'd' | 'l';
    a: string;
    b: string | null;
    first: string | null;
    last: string | null;
  }>(
    tx,
    sql`with vals as (select unnest(${textArray(values)}) as v)
      select 'i' as kind, value as a, item_id::text as b, null as first, null as last from identifiers
        where team_id = ${teamId} and value in (select v from vals)
      union all
      select 'd', value, null, null, null from dnc_phones where team_id = ${teamId} and value in (select v from vals)
      union all
      select 'l', l.from_id::text, c.id::text, c.data->>'First name', c.data->>'Last name'
        from item_links l join items c on c.id = l.to_id and c.type = 'contact'
        where l.from_id = any(${uuidArray(propertyIds)})`,
  );
  const known: KnownOwners = { owned: [], dnc: [], linked: [] };
  for (const r of rows)
    if (r.kind === 'i') known.owned.push({ value: r.a, itemId: r.b! });
    else if (r.kind === 'd') known.dnc.push(r.a);
    else known.linked.push({ propertyId: r.a, contactId: r.b!, first: r.first, last: r.last });
  return known;
}

export type OwnerWrites = TracedOwners & { members: { listId: string; id: string }[] };

/**
 * Every write of a batch's owners in one statement: the records' parts (contacts, their identifiers,
 * links both ways, a property's Owner) and the lists' (memberships and counts), ADR 062.
 */
export async function writeOwners(tx: Db, teamId: string, now: Date, w: OwnerWrites) {
  const records = tracedOwnersParts(teamId, now, w);
  const [row] = await queryRows<{ members: { listId: string; n: number }[] | null }>(
    tx,
    sql`with new_items as (${records.items}),
    new_identifiers as (${records.identifiers}),
    new_links as (${records.links}),
    new_members as (${traceLists.addMembersPart(w.members)}),
    named as (${records.named}),
    counted as (select list_id, count(*)::int as n from new_members group by list_id),
    bumped as (${traceLists.countMembersPart('counted')})
    select (select jsonb_agg(jsonb_build_object('listId', list_id, 'n', n)) from counted) as members`,
  );
  return row?.members ?? [];
}

/** Which of these values (phones, e-mails) the team's records hold. */
export async function heldValues(db: Db, teamId: string, values: string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await queryRows<{ value: string }>(
    db,
    sql`select value from identifiers where team_id = ${teamId}
        and value in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.value));
}
