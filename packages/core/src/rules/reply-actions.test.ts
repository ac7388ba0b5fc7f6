import { describe, expect, it } from 'vitest';
import {
  addMonths,
  defaultReplyActions,
  effectiveReplyActions,
  planReplyActions,
  replyActionsMessage,
  replyTaskDue,
  type ReplyActionSettings,
} from './reply-actions.js';
import type { ReplyLabel } from './replies.js';

const statuses = [
  { id: 's-nc', text: 'Not contacted' },
  { id: 's-dnc', text: 'DNC' },
  { id: 's-hot', text: 'Hot' },
  { id: 's-dead', text: 'Dead lead' },
];
const now = new Date('2026-11-28T18:00:00Z');
const settings = defaultReplyActions(statuses);
const plan = (label: ReplyLabel, extra: Partial<Parameters<typeof planReplyActions>[0]> = {}) =>
  planReplyActions({ label, needsLook: false, source: 'model', settings, named: null, now, ...extra });

describe('defaultReplyActions', () => {
  it('turns every action on and picks the statuses a team most likely means by their names', () => {
    expect(settings).toEqual({
      wrong_number: { on: true },
      not_owner: { on: true, statusId: 's-dead', stopFollowUps: true },
      not_interested: { on: true, statusId: 's-dead', stopFollowUps: true },
      interested: { on: true, statusId: 's-hot', notify: true },
      callback: { on: true },
      later: { on: true, months: 3 },
    });
  });

  it('leaves the status alone when the team has none that fits', () => {
    const bare = defaultReplyActions(statuses.slice(0, 2));
    expect([bare.not_owner.statusId, bare.not_interested.statusId, bare.interested.statusId]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('effectiveReplyActions', () => {
  it("keeps the team's choices over the defaults, and forgets a status that was deleted", () => {
    const stored: Partial<ReplyActionSettings> = {
      interested: { on: true, statusId: 'gone', notify: false },
      later: { on: false, months: 6 },
    };
    const s = effectiveReplyActions(stored, statuses);
    expect(s.interested).toEqual({ on: true, statusId: null, notify: false });
    expect(s.later).toEqual({ on: false, months: 6 });
    expect(s.not_owner.statusId).toBe('s-dead');
  });
});

describe('planReplyActions', () => {
  it('marks the number Wrong # for a wrong number', () => {
    expect(plan('wrong_number')).toEqual([{ kind: 'wrongNumber' }]);
  });

  it('moves a not-owner or not-interested reply to the chosen status, with no more follow-ups', () => {
    const expected = [{ kind: 'status', statusId: 's-dead' }, { kind: 'stopFollowUps' }];
    expect(plan('not_owner')).toEqual(expected);
    expect(plan('not_interested')).toEqual(expected);
  });

  it('moves an interested reply to its status and notifies the assignees', () => {
    expect(plan('interested')).toEqual([{ kind: 'status', statusId: 's-hot' }, { kind: 'notify' }]);
  });

  it('gives a call-back a task at the time the reply names, else one due now (today)', () => {
    const at = new Date('2026-11-29T18:00:00Z');
    expect(plan('callback', { named: at })).toEqual([
      { kind: 'task', text: 'Call back', due: at, named: true },
    ]);
    expect(plan('callback')).toEqual([{ kind: 'task', text: 'Call back', due: now, named: false }]);
  });

  it('gives a "later" reply a follow-up at the date named, else in 3 months', () => {
    const march = new Date('2027-03-01T17:00:00Z');
    expect(plan('later', { named: march })).toEqual([
      { kind: 'task', text: 'Follow up', due: march, named: true },
    ]);
    expect(plan('later')).toEqual([
      { kind: 'task', text: 'Follow up', due: new Date('2027-02-28T18:00:00Z'), named: false },
    ]);
  });

  it('does nothing automatic when the reply needs a look, a member or a rule set the label, or the action is off', () => {
    expect(plan('interested', { needsLook: true })).toEqual([]);
    expect(plan('interested', { source: 'member' })).toEqual([]);
    expect(plan('wrong_number', { source: 'rule' })).toEqual([]);
    expect(
      plan('interested', { settings: { ...settings, interested: { ...settings.interested, on: false } } }),
    ).toEqual([]);
    for (const label of ['opt_out', 'question', 'other'] as const) expect(plan(label)).toEqual([]);
  });
});

describe('replyTaskDue', () => {
  it('ignores a named time already past', () => {
    expect(replyTaskDue('callback', new Date('2026-11-28T09:00:00Z'), now)).toEqual({
      due: now,
      named: false,
    });
  });
});

describe('addMonths', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T10:00:00Z'), 3).toISOString()).toBe('2027-02-15T10:00:00.000Z');
  });
});

describe('replyActionsMessage', () => {
  it('says what was done, in one line for the thread', () => {
    const text = replyActionsMessage(
      'interested',
      [
        { kind: 'status', status: 'Hot' },
        { kind: 'notify', members: 2 },
      ],
      () => '',
    );
    expect(text).toBe('Read as Interested: status set to Hot; 2 assigned members notified.');
    expect(
      replyActionsMessage(
        'callback',
        [{ kind: 'task', text: 'Call back', due: now, named: true }],
        () => 'Sat, Nov 28, 10:00 AM',
      ),
    ).toBe('Read as Call back: task "Call back" due Sat, Nov 28, 10:00 AM, the time the reply named.');
  });
});
