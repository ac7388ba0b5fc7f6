import type { ImportResult } from '@prospector/core';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { importJobs, lists, uploads, users, type ImportFieldMapping } from '../../../db/schema/index.js';

export type JobRow = typeof importJobs.$inferSelect;
export type ListRow = typeof lists.$inferSelect;
export type { ImportFieldMapping };

/**
 * Claims the oldest queued job, or a running one whose lease ran out before `expired` (FOR UPDATE
 * SKIP LOCKED, so processes share the queue), for this worker.
 */
export async function claimJob(db: Db, workerId: string, now: Date, expired: Date): Promise<JobRow | null> {
  const [row] = await queryRows<{ listId: string }>(
    db,
    sql`update import_jobs set state = 'running', claimed_by = ${workerId}, claimed_at = ${now}, attempts = attempts + 1
        where list_id = (
          select list_id from import_jobs
          where state = 'queued' or (state = 'running' and claimed_at < ${expired})
          order by created_at limit 1 for update skip locked)
        returning list_id as "listId"`,
  );
  if (!row) return null;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.listId, row.listId));
  return job ?? null;
}

/** The job's list and upload; either is null when it was deleted meanwhile. */
export async function findListAndUpload(db: Db, job: JobRow) {
  const [list] = await db.select().from(lists).where(eq(lists.id, job.listId));
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, job.uploadId));
  return { list: list ?? null, upload: upload ?? null };
}

/** Ends a job and its list: imported, or failed with the message the list shows. */
export async function finishJob(
  db: Db,
  listId: string,
  state: 'imported' | 'failed',
  error: string | null,
  now: Date,
): Promise<ListRow | null> {
  const [list] = await db
    .update(lists)
    .set({ state, error, importedAt: state === 'imported' ? now : null })
    .where(eq(lists.id, listId))
    .returning();
  await db
    .update(importJobs)
    .set({ state: state === 'imported' ? 'done' : 'failed', claimedBy: null })
    .where(eq(importJobs.listId, listId));
  return list ?? null;
}

/**
 * Fresh statistics for the tables an import fills: without them the planner takes them for tiny ones
 * and the list's pages nest loops over seq scans (PGlite never autovacuums; PostgreSQL would, later).
 */
export async function analyzeImportedTables(db: Db) {
  await db.execute(sql`analyze items, identifiers, item_links, list_items, item_keys`);
}

/** Renews the job's lease if this worker still holds it; false when another worker took it over. */
export async function renewLease(tx: Db, listId: string, workerId: string, now: Date): Promise<boolean> {
  const renewed = await tx
    .update(importJobs)
    .set({ claimedAt: now })
    .where(and(eq(importJobs.listId, listId), eq(importJobs.claimedBy, workerId)))
    .returning({ id: importJobs.listId });
  return renewed.length > 0;
}

/**
 * The transaction commits without waiting for the WAL flush: a chunk's rows and the list's progress
 * commit together, so a commit lost in a crash loses both and the resumed job reads those rows again.
 */
export async function commitWithoutFlush(tx: Db) {
  await tx.execute(sql`set local synchronous_commit = off`);
}

export async function saveProgress(
  tx: Db,
  listId: string,
  set: { rowsDone: number; result: ImportResult; itemCount: number; propCount: number; compCount: number },
) {
  await tx.update(lists).set(set).where(eq(lists.id, listId));
}

/** Hands this worker's running jobs back to the queue. */
export async function releaseJobs(db: Db, workerId: string) {
  await db
    .update(importJobs)
    .set({ state: 'queued', claimedBy: null, claimedAt: null })
    .where(and(eq(importJobs.claimedBy, workerId), eq(importJobs.state, 'running')));
}

export async function countActiveJobs(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from import_jobs where state in ('queued', 'running')`,
  );
  return row?.n ?? 0;
}

/**
 * Deletes the upload rows nobody imported before `cutoff` and no job claimed (its list owns it), and
 * answers their files' paths.
 */
export async function deleteExpiredUploads(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await queryRows<{ path: string }>(
    db,
    sql`delete from uploads u where u.imported_at is null and u.created_at < ${cutoff}
        and not exists (select 1 from import_jobs j where j.upload_id = u.id)
        returning u.path`,
  );
  return rows.map((r) => r.path);
}

/** Which of these upload ids have a row. */
export async function knownUploadIds(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from uploads where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The importer's role and data access as they are now; null when they are no longer a member. */
export async function findImporter(db: Db, userId: string | null) {
  if (!userId) return null;
  const [row] = await db
    .select({ id: users.id, role: users.role, dataAccess: users.dataAccess, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
