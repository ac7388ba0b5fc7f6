import { describe, expect, it } from 'vitest';
import {
  BULK_UNDO_MS,
  bulkActionAllowed,
  bulkOutcome,
  bulkQueueCallerAllowed,
  bulkReachesContacts,
  bulkResultText,
  bulkJobOffers,
  canUndoBulk,
  formatCount,
} from './bulk.js';

describe('bulk action result text', () => {
  it('says how many were assigned and to whom, then each reason records were skipped for', () => {
    expect(
      bulkResultText({ action: 'assign', target: 'Maya', changed: 1240, skipped: { no_permission: 3 } }),
    ).toBe('1,240 assigned to Maya; 3 skipped: no permission');
  });

  it('lists several skip reasons in a fixed order and leaves out reasons with none', () => {
    expect(
      bulkResultText({
        action: 'setStatus',
        target: 'Hot lead',
        changed: 12,
        skipped: { unchanged: 4, no_primary: 2, no_permission: 0 },
      }),
    ).toBe('12 moved to Hot lead; 2 skipped: no phone or e-mail; 4 skipped: already done');
  });

  it('names each action', () => {
    const line = (action: Parameters<typeof bulkResultText>[0]['action'], target: string | null) =>
      bulkResultText({ action, target, changed: 1, skipped: {} });
    expect(line('unassign', 'Maya')).toBe('1 unassigned from Maya');
    expect(line('addToList', 'Probate May')).toBe('1 added to Probate May');
    expect(line('dnc', null)).toBe('1 marked DNC');
    expect(line('delete', null)).toBe('1 deleted');
    expect(line('queueCalls', null)).toBe('1 queued for calls');
    expect(line('campaign', null)).toBe('1 ready for a campaign');
    expect(line('export', null)).toBe('1 exported');
  });

  it('names the contacts left out of calls and campaigns by why they cannot be reached', () => {
    expect(
      bulkResultText({
        action: 'queueCalls',
        target: null,
        changed: 1240,
        skipped: { wrong_number: 2, dnc: 5, queued: 1, not_contact: 3, no_phone: 4 },
      }),
    ).toBe(
      '1,240 queued for calls; 3 skipped: not a contact; 4 skipped: no phone; 5 skipped: DNC; 2 skipped: Wrong #; 1 skipped: already in a call queue',
    );
  });

  it('groups thousands with commas whatever the machine locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('who may start a bulk action', () => {
  const member = (permissions: ('import' | 'sms')[]) => ({ role: 'member' as const, permissions });
  it('lets admins do everything and members delete nothing', () => {
    expect(bulkActionAllowed({ role: 'admin', permissions: [] }, 'delete')).toBe(true);
    expect(bulkActionAllowed(member(['import', 'sms']), 'delete')).toBe(false);
  });
  it('asks the import permission to add to a list and the sms permission to mark DNC', () => {
    expect(bulkActionAllowed(member([]), 'addToList')).toBe(false);
    expect(bulkActionAllowed(member(['import']), 'addToList')).toBe(true);
    expect(bulkActionAllowed(member([]), 'dnc')).toBe(false);
    expect(bulkActionAllowed(member(['sms']), 'dnc')).toBe(true);
  });
  it('asks the calls permission to queue for calls and the campaigns permission to start a campaign', () => {
    const with_ = (p: 'calls' | 'campaigns') => ({ role: 'member' as const, permissions: [p] });
    expect(bulkActionAllowed(member([]), 'queueCalls')).toBe(false);
    expect(bulkActionAllowed(with_('calls'), 'queueCalls')).toBe(true);
    expect(bulkActionAllowed(member([]), 'campaign')).toBe(false);
    expect(bulkActionAllowed(with_('campaigns'), 'campaign')).toBe(true);
    expect(bulkActionAllowed(member([]), 'export')).toBe(true);
  });
  it('lets any member assign and set statuses on records they may open', () => {
    expect(bulkActionAllowed(member([]), 'assign')).toBe(true);
    expect(bulkActionAllowed(member([]), 'setStatus')).toBe(true);
  });
});

describe('undoing a bulk delete', () => {
  const finishedAt = new Date('2026-11-28T15:00:00Z');
  const job = { action: 'delete' as const, state: 'done', finishedAt, undoneAt: null };
  it('is possible until ten minutes after the job finished, not a moment later', () => {
    expect(canUndoBulk(job, new Date(finishedAt.getTime() + BULK_UNDO_MS))).toBe(true);
    expect(canUndoBulk(job, new Date(finishedAt.getTime() + BULK_UNDO_MS + 1))).toBe(false);
  });
  it('is refused while the job runs, once undone, and for actions other than delete', () => {
    const now = new Date(finishedAt.getTime() + 1000);
    expect(canUndoBulk({ ...job, state: 'running', finishedAt: null }, now)).toBe(false);
    expect(canUndoBulk({ ...job, undoneAt: now }, now)).toBe(false);
    expect(canUndoBulk({ ...job, action: 'assign' as const }, now)).toBe(false);
  });
});

describe('what a bulk job does to each record', () => {
  const base = {
    assignedTo: ['maya'],
    statusId: 's1',
    hidden: false,
    hasPrimary: true,
    phones: 2,
    dncPhones: 0,
    inList: false,
  };
  const admin = { userId: 'boss', seesAllData: true };
  const restricted = { userId: 'sam', seesAllData: false };

  it('assigns a member once: a record that already has them is left unchanged', () => {
    expect(bulkOutcome('assign', 'joe', base, admin)).toBe('changed');
    expect(bulkOutcome('assign', 'maya', base, admin)).toBe('unchanged');
    expect(bulkOutcome('unassign', 'maya', base, admin)).toBe('changed');
    expect(bulkOutcome('unassign', 'joe', base, admin)).toBe('unchanged');
  });

  it('skips a record not assigned to a member with Only assigned access', () => {
    expect(bulkOutcome('assign', 'joe', base, restricted)).toBe('no_permission');
    expect(bulkOutcome('assign', 'joe', { ...base, assignedTo: ['sam'] }, restricted)).toBe('changed');
  });

  it('gives a status only to a record with a primary phone or e-mail, and DNC only where there are phones', () => {
    expect(bulkOutcome('setStatus', 's2', { ...base, hasPrimary: false }, admin)).toBe('no_primary');
    expect(bulkOutcome('setStatus', 's1', base, admin)).toBe('unchanged');
    expect(bulkOutcome('setStatus', 's2', base, admin)).toBe('changed');
    expect(bulkOutcome('dnc', null, { ...base, phones: 0 }, admin)).toBe('no_primary');
    expect(bulkOutcome('dnc', null, { ...base, dncPhones: 2 }, admin)).toBe('unchanged');
    expect(bulkOutcome('dnc', null, { ...base, dncPhones: 1 }, admin)).toBe('changed');
  });

  it('leaves records already in the list, and records deleted meanwhile', () => {
    expect(bulkOutcome('addToList', 'l1', { ...base, inList: true }, admin)).toBe('unchanged');
    expect(bulkOutcome('delete', null, { ...base, hidden: true }, admin)).toBe('gone');
  });
});

describe('what reaching a selection does to each record', () => {
  const contact = {
    assignedTo: ['sam'],
    statusId: 's1',
    hidden: false,
    hasPrimary: true,
    phones: 1,
    dncPhones: 0,
    inList: false,
    type: 'contact',
    usablePhones: 1,
    callPhone: '',
    queued: false,
  };
  const admin = { userId: 'boss', seesAllData: true };
  const restricted = { userId: 'kim', seesAllData: false };

  it('queues a contact whose dialled phone is usable, once, and names why others are left', () => {
    expect(bulkOutcome('queueCalls', null, contact, admin)).toBe('changed');
    expect(bulkOutcome('queueCalls', null, { ...contact, queued: true }, admin)).toBe('queued');
    expect(bulkOutcome('queueCalls', null, { ...contact, callPhone: 'DNC' }, admin)).toBe('dnc');
    expect(bulkOutcome('queueCalls', null, { ...contact, callPhone: 'Wrong #' }, admin)).toBe('wrong_number');
    expect(bulkOutcome('queueCalls', null, { ...contact, callPhone: null }, admin)).toBe('no_phone');
    expect(bulkOutcome('queueCalls', null, { ...contact, type: 'property' }, admin)).toBe('not_contact');
    expect(bulkOutcome('queueCalls', null, contact, restricted)).toBe('no_permission');
  });

  it("queues into a chosen caller's queue only the contacts that caller may see", () => {
    const maya = { userId: 'maya', seesAllData: false };
    expect(bulkOutcome('queueCalls', 'maya', { ...contact, assignedTo: ['maya'] }, admin, maya)).toBe(
      'changed',
    );
    expect(bulkOutcome('queueCalls', 'maya', contact, admin, maya)).toBe('caller_no_access');
    expect(bulkOutcome('queueCalls', 'boss', contact, admin, { userId: 'boss', seesAllData: true })).toBe(
      'changed',
    );
    expect(
      bulkResultText({ action: 'queueCalls', target: 'Maya', changed: 120, skipped: { no_phone: 3 } }),
    ).toBe("120 queued for Maya's calls; 3 skipped: no phone");
    expect(
      bulkResultText({ action: 'queueCalls', target: 'James', changed: 1, skipped: { caller_no_access: 2 } }),
    ).toBe("1 queued for James' calls; 2 skipped: the caller may not see it");
  });

  it("lets an admin fill any caller's queue and a member only their own", () => {
    const boss = { userId: 'boss', role: 'admin' as const, permissions: [] };
    const kim = { userId: 'kim', role: 'member' as const, permissions: ['calls' as const] };
    const sam = { userId: 'sam', role: 'member' as const, permissions: ['sms' as const] };
    expect(bulkQueueCallerAllowed(boss, kim)).toBe('ok');
    expect(bulkQueueCallerAllowed(boss, boss)).toBe('ok');
    expect(bulkQueueCallerAllowed(kim, kim)).toBe('ok');
    expect(bulkQueueCallerAllowed(kim, boss)).toBe('not_own_queue');
    expect(bulkQueueCallerAllowed(boss, sam)).toBe('not_a_caller');
  });

  it('takes into a campaign a contact with any usable phone, else says what its phones are', () => {
    expect(bulkOutcome('campaign', null, { ...contact, phones: 2, dncPhones: 1 }, admin)).toBe('changed');
    expect(bulkOutcome('campaign', null, { ...contact, usablePhones: 0, dncPhones: 1 }, admin)).toBe('dnc');
    expect(bulkOutcome('campaign', null, { ...contact, usablePhones: 0 }, admin)).toBe('wrong_number');
    expect(bulkOutcome('campaign', null, { ...contact, usablePhones: 0, phones: 0 }, admin)).toBe('no_phone');
    expect(bulkOutcome('campaign', null, { ...contact, type: 'company' }, admin)).toBe('not_contact');
  });

  it('exports every record the member may open, phones or not, properties and companies as themselves', () => {
    expect(bulkOutcome('export', null, { ...contact, phones: 0, usablePhones: 0 }, admin)).toBe('changed');
    expect(bulkOutcome('export', null, { ...contact, type: 'property' }, admin)).toBe('changed');
    expect(bulkOutcome('export', null, { ...contact, type: 'company' }, restricted)).toBe('no_permission');
    expect(bulkOutcome('export', null, { ...contact, hidden: true }, admin)).toBe('gone');
  });

  it('reaches the linked contacts of properties and companies only when calling or texting them', () => {
    expect(bulkReachesContacts('queueCalls')).toBe(true);
    expect(bulkReachesContacts('campaign')).toBe(true);
    for (const a of ['export', 'assign', 'setStatus', 'addToList', 'dnc', 'delete'] as const)
      expect(bulkReachesContacts(a)).toBe(false);
    expect(
      bulkResultText({
        action: 'queueCalls',
        target: null,
        changed: 312,
        skipped: { no_phone: 4, no_contact: 2 },
      }),
    ).toBe('312 queued for calls; 2 skipped: no linked contact; 4 skipped: no phone');
  });

  it('offers the file of a finished export and the builder for a finished campaign selection', () => {
    expect(bulkJobOffers({ action: 'export', state: 'done', changed: 3 })).toBe('download');
    expect(bulkJobOffers({ action: 'campaign', state: 'done', changed: 3 })).toBe('campaign');
    expect(bulkJobOffers({ action: 'campaign', state: 'done', changed: 0 })).toBeNull();
    expect(bulkJobOffers({ action: 'export', state: 'running', changed: 3 })).toBeNull();
    expect(bulkJobOffers({ action: 'assign', state: 'done', changed: 3 })).toBeNull();
  });
});
