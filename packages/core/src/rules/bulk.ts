import type { PermissionKey } from '../constants.js';

/** What a bulk action does to each record of its selection (issue 32 item 2). */
export const BULK_ACTIONS = ['assign', 'unassign', 'setStatus', 'addToList', 'dnc', 'delete'] as const;
export type BulkActionType = (typeof BULK_ACTIONS)[number];

/** Why a record of the selection was left as it was. */
export const BULK_SKIP_REASONS = ['no_permission', 'no_primary', 'unchanged', 'gone'] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];
export type BulkSkipped = Partial<Record<BulkSkipReason, number>>;

/** Records a job changes in one transaction: its cursor commits with them. */
export const BULK_CHUNK_SIZE = 2_000;
/** A selection of explicit ids holds at most this many (larger ones are sent as a filter). */
export const BULK_MAX_IDS = 10_000;
/** Deleted records can be brought back this long after the job finished. */
export const BULK_UNDO_MS = 10 * 60 * 1000;

const SKIP_TEXT: Record<BulkSkipReason, string> = {
  no_permission: 'no permission',
  no_primary: 'no phone or e-mail',
  unchanged: 'already done',
  gone: 'deleted meanwhile',
};

/** The words after the count of changed records, with what the action named. */
export function bulkActionVerb(action: BulkActionType, target: string | null): string {
  switch (action) {
    case 'assign':
      return `assigned to ${target ?? 'the member'}`;
    case 'unassign':
      return `unassigned from ${target ?? 'the member'}`;
    case 'setStatus':
      return `moved to ${target ?? 'the status'}`;
    case 'addToList':
      return `added to ${target ?? 'the list'}`;
    case 'dnc':
      return 'marked DNC';
    case 'delete':
      return 'deleted';
  }
}

/** 1240 → "1,240", the same on every machine whatever its locale. */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The job's result line: "1,240 assigned to Maya; 3 skipped: no permission". Skips are listed by
 * reason, in a fixed order, each with its count; a reason with none is left out.
 */
export function bulkResultText(p: {
  action: BulkActionType;
  target: string | null;
  changed: number;
  skipped: BulkSkipped;
}): string {
  const parts = [`${formatCount(p.changed)} ${bulkActionVerb(p.action, p.target)}`];
  for (const reason of BULK_SKIP_REASONS) {
    const n = p.skipped[reason] ?? 0;
    if (n > 0) parts.push(`${formatCount(n)} skipped: ${SKIP_TEXT[reason]}`);
  }
  return parts.join('; ');
}

/** "Assigning… 400 of 1,240" while a job runs. */
export function bulkProgressText(done: number, total: number): string {
  return `${formatCount(done)} of ${formatCount(total)} done`;
}

/**
 * Who may start an action, beyond seeing the records: adding to a list changes lists (the import
 * permission guards them), marking DNC changes phones as texting does (sms), and deleting is for
 * admins only. Assigning and statuses need only access to each record, as one at a time does.
 */
export function bulkActionAllowed(
  user: { role: 'admin' | 'member'; permissions: readonly PermissionKey[] },
  action: BulkActionType,
): boolean {
  if (user.role === 'admin') return true;
  if (action === 'delete') return false;
  if (action === 'addToList') return user.permissions.includes('import');
  if (action === 'dnc') return user.permissions.includes('sms');
  return true;
}

/** A finished delete job can be undone until BULK_UNDO_MS after it finished, and only once. */
export function canUndoBulk(
  job: { action: BulkActionType; state: string; finishedAt: Date | null; undoneAt: Date | null },
  now: Date,
): boolean {
  if (job.action !== 'delete' || job.state !== 'done' || !job.finishedAt || job.undoneAt) return false;
  return now.getTime() - job.finishedAt.getTime() <= BULK_UNDO_MS;
}

/** A record of a job's chunk as the job sees it when it reaches it. */
export type BulkRecordState = {
  assignedTo: readonly string[];
  statusId: string | null;
  hidden: boolean;
  hasPrimary: boolean;
  phones: number;
  dncPhones: number;
  inList: boolean;
};

/**
 * What the job does to one record: change it, or leave it with a reason. A member who may not see
 * all data changes only records assigned to them ('Only assigned'); a record already as the action
 * would leave it is left unchanged, which is what makes a retried chunk change nothing twice.
 */
export function bulkOutcome(
  action: BulkActionType,
  targetId: string | null,
  record: BulkRecordState,
  actor: { userId: string; seesAllData: boolean },
): 'changed' | BulkSkipReason {
  if (record.hidden) return 'gone';
  if (!actor.seesAllData && !record.assignedTo.includes(actor.userId)) return 'no_permission';
  switch (action) {
    case 'assign':
      return targetId && record.assignedTo.includes(targetId) ? 'unchanged' : 'changed';
    case 'unassign':
      return targetId && record.assignedTo.includes(targetId) ? 'changed' : 'unchanged';
    case 'setStatus':
      if (!record.hasPrimary) return 'no_primary';
      return record.statusId === targetId ? 'unchanged' : 'changed';
    case 'addToList':
      return record.inList ? 'unchanged' : 'changed';
    case 'dnc':
      if (record.phones === 0) return 'no_primary';
      return record.dncPhones === record.phones ? 'unchanged' : 'changed';
    case 'delete':
      return 'changed';
  }
}
