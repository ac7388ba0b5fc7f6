import type { PermissionKey } from '../constants.js';

/** What a bulk action does to each record of its selection (issue 32 item 2). */
export const BULK_ACTIONS = [
  'assign',
  'unassign',
  'setStatus',
  'addToList',
  'dnc',
  'delete',
  'queueCalls',
  'campaign',
  'export',
] as const;
export type BulkActionType = (typeof BULK_ACTIONS)[number];

/** Why a record of the selection was left as it was. */
export const BULK_SKIP_REASONS = [
  'no_permission',
  'not_contact',
  'no_contact',
  'no_primary',
  'no_phone',
  'dnc',
  'wrong_number',
  'queued',
  'caller_no_access',
  'unchanged',
  'gone',
] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];
export type BulkSkipped = Partial<Record<BulkSkipReason, number>>;

/** Who starts a job, as far as which actions they may start. */
export type BulkActor = {
  role: 'admin' | 'member';
  permissions: readonly PermissionKey[];
  /** Their id, where known (the web's current user): a choice of caller lists them as "Me". */
  _id?: string;
};

/** Records a job changes in one transaction: its cursor commits with them. */
export const BULK_CHUNK_SIZE = 2_000;
/** A selection of explicit ids holds at most this many (larger ones are sent as a filter). */
export const BULK_MAX_IDS = 10_000;
/** Deleted records can be brought back this long after the job finished. */
export const BULK_UNDO_MS = 10 * 60 * 1000;

const SKIP_TEXT: Record<BulkSkipReason, string> = {
  no_permission: 'no permission',
  not_contact: 'not a contact',
  no_contact: 'no linked contact',
  no_primary: 'no phone or e-mail',
  no_phone: 'no phone',
  dnc: 'DNC',
  wrong_number: 'Wrong #',
  queued: 'already in a call queue',
  caller_no_access: 'the caller may not see it',
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
    case 'queueCalls':
      return target ? `queued for ${possessive(target)} calls` : 'queued for calls';
    case 'campaign':
      return 'ready for a campaign';
    case 'export':
      return 'exported';
  }
}

/** "Maya's", "James'". */
function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
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
 * permission guards them), marking DNC changes phones as texting does (sms), queueing for calls
 * needs the calls permission as queueing one by one does, a campaign the campaigns permission as
 * the builder does, and deleting is for admins only. Assigning, statuses and exporting need only
 * access to each record, as one at a time (and the Export screen) do.
 */
export function bulkActionAllowed(user: BulkActor, action: BulkActionType): boolean {
  if (user.role === 'admin') return true;
  if (action === 'delete') return false;
  if (action === 'addToList') return user.permissions.includes('import');
  if (action === 'dnc') return user.permissions.includes('sms');
  if (action === 'queueCalls') return user.permissions.includes('calls');
  if (action === 'campaign') return user.permissions.includes('campaigns');
  return true;
}

/** A member as whose queue a bulk "Queue for calls" fills (the caller) or who starts it (the author). */
export type BulkCaller = BulkActor & { userId: string };

/**
 * Whose queue a bulk "Queue for calls" may fill: an admin any caller's, anyone else only their own
 * (as queueing one by one fills only one's own queue); and only a member who may call (an admin, or
 * the calls permission), as a call campaign shares its contacts only among those.
 */
export function bulkQueueCallerAllowed(
  author: BulkCaller,
  caller: BulkCaller,
): 'ok' | 'not_own_queue' | 'not_a_caller' {
  if (author.role !== 'admin' && caller.userId !== author.userId) return 'not_own_queue';
  if (caller.role !== 'admin' && !caller.permissions.includes('calls')) return 'not_a_caller';
  return 'ok';
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
  /** 'contact', 'property' or 'company': calls, campaigns and exports take contacts. */
  type?: string;
  /** Phones that are neither DNC nor Wrong # (what a campaign texts). */
  usablePhones?: number;
  /**
   * The status of the phone the dialler would call (its primary, else its first phone: '' usable,
   * 'DNC', 'Wrong #'), null with no phone.
   */
  callPhone?: string | null;
  /** Already in some member's call queue (a record is in one queue at most). */
  queued?: boolean;
};

/** Why a contact cannot be reached on its phones: none, all DNC, or the rest Wrong #. */
function unreachable(record: BulkRecordState): BulkSkipReason {
  if (record.phones === 0) return 'no_phone';
  return record.dncPhones > 0 ? 'dnc' : 'wrong_number';
}

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
  /** Queue for calls: whose queue it fills, when not the author's (they must see the record too). */
  caller?: { userId: string; seesAllData: boolean } | null,
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
    case 'queueCalls':
      if (record.type !== 'contact') return 'not_contact';
      if (record.callPhone === null || record.callPhone === undefined) return 'no_phone';
      if (record.callPhone === 'DNC') return 'dnc';
      if (record.callPhone !== '') return 'wrong_number';
      if (caller && !caller.seesAllData && !record.assignedTo.includes(caller.userId))
        return 'caller_no_access';
      return record.queued ? 'queued' : 'changed';
    case 'campaign':
      if (record.type !== 'contact') return 'not_contact';
      return (record.usablePhones ?? 0) > 0 ? 'changed' : unreachable(record);
    case 'export':
      // A property or company is exported itself, with its own fields (lists' exportLinesOf).
      return 'changed';
  }
}

/**
 * Actions that reach people: a property or company of their selection acts on its linked contacts
 * (its owners, its people), as its list detail shows their phones; one without any is skipped as
 * `no_contact`. Every other action (an export included) acts on the selected records themselves.
 */
export function bulkReachesContacts(action: BulkActionType): boolean {
  return action === 'queueCalls' || action === 'campaign';
}

/** A finished job whose records are waiting for a next step: its CSV, or a campaign's audience. */
export function bulkJobOffers(job: { action: BulkActionType; state: string; changed: number }) {
  if (job.state !== 'done' || job.changed === 0) return null;
  if (job.action === 'export') return 'download' as const;
  if (job.action === 'campaign') return 'campaign' as const;
  return null;
}
