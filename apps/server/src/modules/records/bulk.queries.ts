import { sql, type SQL } from 'drizzle-orm';
import type { BulkActionType, BulkSkipReason, PermissionKey } from '@prospector/core';
import { queryRows, type Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';
import type { BulkJobRow } from '../../db/schema/bulk.js';
import { columnWhere } from './board.queries.js';
import { inboxWhere, type InboxFilter } from './inbox.queries.js';

export type { BulkJobRow };

/** What a selection reads, as the screens' own list calls read it. */
export type SelectionWhere =
  | { kind: 'ids'; teamId: string; ids: string[] }
  | { kind: 'messenger'; filter: Omit<InboxFilter, 'skip' | 'limit' | 'viewerId'> }
  | { kind: 'board'; teamId: string; statusId: string; memberId: string | null }
  | {
      kind: 'list';
      teamId: string;
      listId: string;
      type: string;
      search: string;
      /** The restricted viewer: only their records, as the list detail shows them. */
      memberId: string | null;
    };

function selectionWhere(s: SelectionWhere): SQL {
  switch (s.kind) {
    case 'ids':
      return sql`i.team_id = ${s.teamId} and not i.hidden
        and i.id in (select jsonb_array_elements_text(${JSON.stringify(s.ids)}::jsonb)::uuid)`;
    case 'messenger':
      return inboxWhere(s.filter);
    case 'board':
      return columnWhere(s.teamId, s.statusId, s.memberId);
    case 'list': {
      const like = s.search ? `%${s.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
      return sql`i.team_id = ${s.teamId} and not i.hidden
        and exists (select 1 from list_items li join lists l on l.id = li.list_id
          where li.item_id = i.id and li.list_id = ${s.listId} and l.team_id = ${s.teamId} and li.type = ${s.type})
        ${like ? sql`and i.search_text like ${like}` : sql``}
        ${s.memberId ? sql`and ${s.memberId}::uuid = any(i.assigned_to)` : sql``}`;
    }
  }
}

/**
 * Brings the job rows' statistics up to date after a large selection was fixed: until autovacuum
 * gets to it, the planner takes the new job for a few hundred rows and reads each chunk's ids by a
 * bitmap over all the job's remaining rows and a sort (44 ms a chunk halfway through 100,000) instead
 * of walking its key (2 ms). Where the database role may not analyse the table, PostgreSQL only warns.
 */
export async function analyzeJobItems(db: Db) {
  await queryRows(db, sql`analyze bulk_job_items`);
}

export async function countSelection(db: Db, s: SelectionWhere) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from items i where ${selectionWhere(s)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The records a job over this selection acts on. Calling and texting reach people
 * (`bulkReachesContacts`): a selected property or company stands for its linked contacts, read by the
 * links that give it its phones on its list detail; a contact linked from several selected records is
 * taken once. `stranded` counts the selected properties and companies with no linked contact left.
 */
function jobRecords(selection: SelectionWhere, reachesContacts: boolean) {
  if (!reachesContacts)
    return {
      taken: sql`select i.team_id, i.id from items i where ${selectionWhere(selection)}`,
      stranded: sql`0`,
    };
  return {
    taken: sql`select i.team_id, i.id from selected i where i.type = 'contact'
      union select c.team_id, c.id from selected s join item_links l on l.from_id = s.id
        join items c on c.id = l.to_id and c.type = 'contact' and not c.hidden
      where s.type <> 'contact'`,
    stranded: sql`(select count(*)::int from selected s where s.type <> 'contact'
      and not exists (select 1 from item_links l join items c on c.id = l.to_id and c.type = 'contact'
        and not c.hidden where l.from_id = s.id))`,
  };
}

/**
 * Creates the job and fixes its records in one transaction; its total is what was taken, and the
 * selected records that stand for no one are counted skipped at once.
 */
export async function insertJob(
  tx: Db,
  job: {
    teamId: string;
    userId: string;
    action: BulkActionType;
    targetId: string | null;
    targetName: string | null;
    now: Date;
  },
  selection: SelectionWhere,
  reachesContacts = false,
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into bulk_jobs (team_id, user_id, action, target_id, target_name, state, total, created_at)
      values (${job.teamId}, ${job.userId}, ${job.action}, ${job.targetId}, ${job.targetName}, 'running', 0,
        ${job.now.toISOString()}::timestamptz)
      returning id`,
  );
  const id = row!.id;
  const records = jobRecords(selection, reachesContacts);
  const [job2] = await queryRows<BulkJobRow>(
    tx,
    sql`with selected as materialized (select i.id, i.type, i.team_id from items i where ${selectionWhere(selection)}),
      taken as (
        insert into bulk_job_items (job_id, team_id, item_id)
        select ${id}::uuid, r.team_id, r.id from (${records.taken}) r
        returning 1),
      stranded as (select ${records.stranded} as n)
      update bulk_jobs set total = (select count(*)::int from taken),
        skipped = case when (select n from stranded) > 0
          then jsonb_build_object('no_contact', (select n from stranded)) else '{}'::jsonb end
      where id = ${id} returning ${JOB_COLUMNS}`,
  );
  return withDates(job2!);
}

const JOB_COLUMNS = sql`id, team_id as "teamId", user_id as "userId", action, target_id as "targetId",
  target_name as "targetName", state, total, done, changed, skipped, cursor, result,
  claimed_by as "claimedBy", claimed_at as "claimedAt", created_at as "createdAt",
  finished_at as "finishedAt", undone_at as "undoneAt"`;

function withDates(r: BulkJobRow): BulkJobRow {
  const d = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...r,
    claimedAt: d(r.claimedAt),
    createdAt: new Date(r.createdAt),
    finishedAt: d(r.finishedAt),
    undoneAt: d(r.undoneAt),
  };
}

export async function findJob(db: Db, teamId: string, id: string) {
  const [row] = await queryRows<BulkJobRow>(
    db,
    sql`select ${JOB_COLUMNS} from bulk_jobs where id = ${id} and team_id = ${teamId}`,
  );
  return row ? withDates(row) : null;
}

/**
 * Leases the oldest running job no live worker holds (never claimed, handed back, or its lease run
 * out): SKIP LOCKED lets many processes share the jobs.
 */
export async function claimJob(db: Db, workerId: string, now: Date, leaseMs: number) {
  const expired = new Date(now.getTime() - leaseMs).toISOString();
  const [row] = await queryRows<BulkJobRow>(
    db,
    sql`update bulk_jobs set claimed_by = ${workerId}, claimed_at = ${now.toISOString()}::timestamptz
      where id = (select id from bulk_jobs where state = 'running'
        and (claimed_at is null or claimed_at < ${expired}::timestamptz)
        order by created_at for update skip locked limit 1)
      returning ${JOB_COLUMNS}`,
  );
  return row ? withDates(row) : null;
}

export async function releaseJob(db: Db, jobId: string, workerId: string) {
  await queryRows(
    db,
    sql`update bulk_jobs set claimed_by = null, claimed_at = null where id = ${jobId} and claimed_by = ${workerId}`,
  );
}

const idsJson = (ids: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

export type ChunkRow = {
  itemId: string;
  type: string;
  assignedTo: string[];
  statusId: string | null;
  hidden: boolean;
  hasPrimary: boolean;
  phones: number;
  dncPhones: number;
  usablePhones: number;
  callPhone: string | null;
  inList: boolean;
};

/**
 * The job's next records after its cursor, in id order: their ids alone, read in the job's own
 * index order. Kept apart from the records' read (`chunkRecords`): under one LIMIT, a join of the
 * job's 100,000 fresh (not yet analysed) rows to the records was planned as "few rows" and read,
 * joined and sorted all of them for each chunk (1.4 s a chunk of 2,000; docs/scaling.md).
 */
export async function chunkIds(tx: Db, job: { id: string; cursor: string | null }, limit: number) {
  const rows = await queryRows<{ itemId: string }>(
    tx,
    sql`select item_id as "itemId" from bulk_job_items
      where job_id = ${job.id} ${job.cursor ? sql`and item_id > ${job.cursor}::uuid` : sql``}
      order by item_id limit ${limit}`,
  );
  return rows.map((r) => r.itemId);
}

/**
 * A chunk's records, locked, with what deciding their outcome needs; a record no longer there is
 * missing from the answer (the job counts it gone).
 */
export async function chunkRecords(
  tx: Db,
  job: { action: BulkActionType; targetId: string | null },
  ids: string[],
) {
  const listId = job.action === 'addToList' ? job.targetId : null;
  // Each action reads only what its outcome needs: an assign reads the records alone.
  const primary =
    job.action === 'setStatus'
      ? sql`exists (select 1 from identifiers d where d.item_id = i.id and d.primary)`
      : sql`true`;
  const countsPhones = job.action === 'dnc' || job.action === 'campaign';
  const phoneCount = (where: SQL) =>
    sql`(select count(*)::int from identifiers d where d.item_id = i.id and not d.is_email ${where})`;
  const phones = countsPhones ? phoneCount(sql``) : sql`0`;
  const dncPhones = countsPhones ? phoneCount(sql`and d.status = 'DNC'`) : sql`0`;
  const usablePhones = job.action === 'campaign' ? phoneCount(sql`and d.status = ''`) : sql`0`;
  // The number the dialler calls: the primary phone, else the first (as the calls module reads it).
  const callPhone =
    job.action === 'queueCalls'
      ? sql`(select d.status from identifiers d where d.item_id = i.id and not d.is_email
          order by d."primary" desc, d.position, d.created_at limit 1)`
      : sql`null`;
  return queryRows<ChunkRow>(
    tx,
    sql`select i.id as "itemId", i.type, i.assigned_to as "assignedTo", i.status_id as "statusId", i.hidden,
        ${primary} as "hasPrimary", ${phones} as phones, ${dncPhones} as "dncPhones",
        ${usablePhones} as "usablePhones", ${callPhone} as "callPhone",
        ${listId ? sql`exists (select 1 from list_items li where li.list_id = ${listId} and li.item_id = i.id)` : sql`false`} as "inList"
      from items i where i.id in ${idsJson(ids)}
      ${READS_ONLY.has(job.action) ? sql`for share` : sql`for update`}`,
  );
}

/** Actions that change nothing on the records themselves: their chunk only keeps them from changing. */
const READS_ONLY = new Set<BulkActionType>(['campaign', 'export']);

/**
 * Changes the chosen records in one statement per action; each statement is a no-op on a retry and
 * never rewrites a record already as it would leave it (a rewritten row costs every index of items).
 */
export async function applyAction(
  tx: Db,
  job: { teamId: string; action: BulkActionType; targetId: string | null },
  ids: string[],
) {
  if (ids.length === 0) return;
  const t = job.targetId;
  switch (job.action) {
    case 'assign':
      await queryRows(
        tx,
        sql`update items set assigned_to = array_append(assigned_to, ${t}::uuid)
          where id in ${idsJson(ids)} and not (${t}::uuid = any(assigned_to))`,
      );
      return;
    case 'unassign':
      await queryRows(
        tx,
        sql`update items set assigned_to = array_remove(assigned_to, ${t}::uuid)
          where id in ${idsJson(ids)} and ${t}::uuid = any(assigned_to)`,
      );
      return;
    case 'setStatus':
      await queryRows(
        tx,
        sql`update items set status_id = ${t}::uuid where id in ${idsJson(ids)} and status_id is distinct from ${t}::uuid`,
      );
      return;
    case 'dnc':
      // The identifiers trigger moves a contact whose every phone is DNC to the DNC status (ADR 030).
      await queryRows(
        tx,
        sql`update identifiers set status = 'DNC'
          where item_id in ${idsJson(ids)} and not is_email and status <> 'DNC'`,
      );
      return;
    case 'delete':
      await queryRows(tx, sql`update items set hidden = true where id in ${idsJson(ids)} and not hidden`);
      return;
    // Written by the engine through the calls and lists modules, or only marked (markChanged).
    case 'addToList':
    case 'queueCalls':
    case 'campaign':
    case 'export':
      return;
  }
}

/**
 * Marks which of a job's records it changed: what a delete's Undo brings back, a campaign job's
 * audience. An export's records carry their CSV line too.
 */
export async function markChanged(tx: Db, jobId: string, ids: string[]) {
  if (ids.length === 0) return;
  await queryRows(
    tx,
    sql`update bulk_job_items set outcome = 'changed' where job_id = ${jobId} and item_id in ${idsJson(ids)}`,
  );
}

/**
 * Commits a chunk's progress in its transaction: the cursor moves past its last record and the
 * counts grow, only while this worker still holds the lease (else nothing of the chunk is kept).
 */
export async function advanceJob(
  tx: Db,
  p: {
    jobId: string;
    workerId: string;
    cursor: string;
    done: number;
    changed: number;
    skipped: Partial<Record<BulkSkipReason, number>>;
    now: Date;
  },
) {
  const [row] = await queryRows<BulkJobRow>(
    tx,
    sql`update bulk_jobs set cursor = ${p.cursor}::uuid, done = done + ${p.done}, changed = changed + ${p.changed},
        skipped = (select coalesce(jsonb_object_agg(k, v), '{}'::jsonb) from (
          select k, sum(v::int)::int as v from (
            select key as k, value as v from jsonb_each_text(skipped)
            union all select key, value from jsonb_each_text(${JSON.stringify(p.skipped)}::jsonb)) a
          group by k) b),
        claimed_at = ${p.now.toISOString()}::timestamptz
      where id = ${p.jobId} and claimed_by = ${p.workerId} and state = 'running'
      returning ${JOB_COLUMNS}`,
  );
  return row ? withDates(row) : null;
}

export async function finishJob(db: Db, p: { jobId: string; workerId: string; result: string; now: Date }) {
  const [row] = await queryRows<BulkJobRow>(
    db,
    sql`update bulk_jobs set state = 'done', result = ${p.result}, finished_at = ${p.now.toISOString()}::timestamptz,
        claimed_by = null, claimed_at = null
      where id = ${p.jobId} and claimed_by = ${p.workerId} and state = 'running'
      returning ${JOB_COLUMNS}`,
  );
  return row ? withDates(row) : null;
}

/** An export job's records with their CSV lines, written in the chunk that decided them. */
export async function markLines(tx: Db, jobId: string, lines: { id: string; line: string }[]) {
  if (lines.length === 0) return;
  await queryRows(
    tx,
    sql`update bulk_job_items j set outcome = 'changed', line = x.line
      from ${jsonRows('x', lines, { id: 'uuid', line: 'text' })}
      where j.job_id = ${jobId} and j.item_id = x.id`,
  );
}

/** An export job's file: its lines with their record's kind, in the order the job walked its records. */
export async function exportLinesOf(db: Db, jobId: string) {
  return queryRows<{ line: string; type: string }>(
    db,
    sql`select j.line, i.type from bulk_job_items j join items i on i.id = j.item_id
      where j.job_id = ${jobId} and j.outcome = 'changed' and j.line is not null
      order by j.item_id`,
  );
}

/**
 * The records a finished campaign job froze as an audience (ADR 037): a campaign reads its target
 * through this, so it takes exactly them.
 */
export function audienceWhere(jobId: string): SQL {
  return sql`i.id in (select a.item_id from bulk_job_items a where a.job_id = ${jobId}::uuid and a.outcome = 'changed')`;
}

/** Brings back what a delete job hid and marks the job undone, in one transaction. */
export async function undoDelete(tx: Db, jobId: string, now: Date) {
  await queryRows(
    tx,
    sql`update items set hidden = false
      where id in (select item_id from bulk_job_items where job_id = ${jobId} and outcome = 'changed')`,
  );
  const [row] = await queryRows<BulkJobRow>(
    tx,
    sql`update bulk_jobs set state = 'undone', undone_at = ${now.toISOString()}::timestamptz
      where id = ${jobId} and state = 'done' returning ${JOB_COLUMNS}`,
  );
  return row ? withDates(row) : null;
}

/** A member of the team, a status of the team, a list of the team: the name the result line uses. */
export async function targetName(db: Db, teamId: string, kind: 'member' | 'status' | 'list', id: string) {
  const q =
    kind === 'member'
      ? sql`select coalesce(nullif(name, ''), email) as name from users where id = ${id} and team_id = ${teamId}`
      : kind === 'status'
        ? sql`select text as name from statuses where id = ${id} and team_id = ${teamId}`
        : sql`select name from lists where id = ${id} and team_id = ${teamId}`;
  const [row] = await queryRows<{ name: string }>(db, q);
  return row?.name ?? null;
}

/** A member of the team as a "Queue for calls" job's caller: their name, role and permissions. */
export async function teamCaller(db: Db, teamId: string, id: string) {
  const [row] = await queryRows<{ name: string; role: 'admin' | 'member'; permissions: PermissionKey[] }>(
    db,
    sql`select coalesce(nullif(name, ''), email) as name, role, permissions from users
      where id = ${id} and team_id = ${teamId}`,
  );
  return row ?? null;
}

/** The item types of a chunk's records (a list row keeps its record's type). */
export async function itemTypes(tx: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; type: string }>(
    tx,
    sql`select id, type from items where id in ${idsJson(ids)}`,
  );
}

/** The job's author's access now: a job obeys what its author may do when each chunk runs. */
export async function authorAccess(db: Db, userId: string) {
  const [row] = await queryRows<{ role: string; dataAccess: string }>(
    db,
    sql`select role, data_access as "dataAccess" from users where id = ${userId}`,
  );
  return row ? { seesAllData: row.role === 'admin' || row.dataAccess === 'All data' } : null;
}

/** How many of a job's records are assigned to this member. */
export async function countAssigned(tx: Db, jobId: string, userId: string) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from bulk_job_items j join items i on i.id = j.item_id
      where j.job_id = ${jobId} and ${userId}::uuid = any(i.assigned_to)`,
  );
  return Number(row?.n ?? 0);
}
