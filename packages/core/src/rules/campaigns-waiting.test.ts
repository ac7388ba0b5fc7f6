import { describe, expect, it } from 'vitest';
import type { SenderSlot, SlotCapacity } from './campaign-recipients.js';
import { nextWindowStart } from './campaigns.js';
import {
  groupWaiting,
  planLimitBlocker,
  queueBlocker,
  type RecipientTally,
  type WaitingCampaign,
} from './campaigns-waiting.js';

// Tuesday 6 January 2026, 11:00 in New York; the campaign texts Mon-Fri 9:00-18:00 there.
const NOW = new Date('2026-01-06T16:00:00Z');
const TOMORROW_9 = new Date('2026-01-07T14:00:00Z');
const NEXT_MIDNIGHT = new Date('2026-01-07T05:00:00Z');
const schedule = {
  weekDays: [1, 2, 3, 4, 5],
  startHour: 9,
  endHour: 18,
  startDate: new Date('2026-01-05T05:00:00Z'),
  endDate: null,
  timezone: 'America/New_York',
};
const running: WaitingCampaign = { paused: false, finished: false, schedule, blocker: null };

const tally = (over: Partial<RecipientTally>): RecipientTally => ({
  state: 'pending',
  reason: null,
  waitReason: null,
  missingField: null,
  texted: false,
  later: false,
  n: 1,
  nextAt: null,
  ...over,
});

describe('nextWindowStart', () => {
  it('the window opens now when inside it, later today before it, on Monday after Friday evening', () => {
    const inside = new Date('2026-01-06T16:00:00Z'); // Tue 11:00
    expect(nextWindowStart(schedule, inside)).toEqual(inside);
    expect(nextWindowStart(schedule, new Date('2026-01-06T11:00:00Z'))).toEqual(
      new Date('2026-01-06T14:00:00Z'),
    );
    expect(nextWindowStart(schedule, new Date('2026-01-09T23:30:00Z'))).toEqual(
      new Date('2026-01-12T14:00:00Z'),
    );
  });
  it('not before the start date, and never once the end date has passed', () => {
    expect(
      nextWindowStart(
        { ...schedule, startDate: new Date('2026-01-07T05:00:00Z') },
        new Date('2026-01-05T16:00:00Z'),
      ),
    ).toEqual(new Date('2026-01-07T14:00:00Z'));
    expect(
      nextWindowStart(
        { ...schedule, endDate: new Date('2026-01-06T23:00:00Z') },
        new Date('2026-01-06T23:30:00Z'),
      ),
    ).toBeNull();
  });
  it('an end hour of 24 keeps the window open until midnight', () => {
    const late = new Date('2026-01-07T04:30:00Z'); // Tue 23:30
    expect(nextWindowStart({ ...schedule, endHour: 24 }, late)).toEqual(late);
  });
});

describe('queueBlocker', () => {
  const slot = (id: string, over: Partial<SenderSlot> = {}): SenderSlot => ({
    deviceId: id,
    agentId: id,
    value: id,
    usable: true,
    paused: false,
    ...over,
  });
  const cap = (over: Partial<SlotCapacity> = {}): SlotCapacity => ({
    slots: 1,
    dailyLeft: 10,
    firstTouchLeft: 10,
    load: 0,
    nextSendAt: null,
    ...over,
  });

  it('is none while one device can take a new contact, even one spacing its texts', () => {
    const caps = new Map([
      ['a', cap({ dailyLeft: 0 })],
      ['b', cap({ slots: 0, nextSendAt: NOW })],
    ]);
    expect(queueBlocker([slot('a'), slot('b')], caps, NEXT_MIDNIGHT)).toBeNull();
  });
  it('names the daily limit, until the next day, before a device that needs the team', () => {
    const caps = new Map([['a', cap({ dailyLeft: 0 })]]);
    expect(queueBlocker([slot('a'), slot('b', { usable: false })], caps, NEXT_MIDNIGHT)).toEqual({
      reason: 'deviceLimit',
      until: NEXT_MIDNIGHT,
    });
  });
  it('names the first-touch cap, a device paused for poor delivery, or devices offline', () => {
    const caps = new Map([['a', cap({ firstTouchLeft: 0 })]]);
    expect(queueBlocker([slot('a')], caps, NEXT_MIDNIGHT)?.reason).toBe('firstTouchCap');
    expect(queueBlocker([slot('a', { usable: false, paused: true })], new Map(), NEXT_MIDNIGHT)).toEqual({
      reason: 'deviceUnhealthy',
      until: null,
    });
    expect(queueBlocker([slot('a', { usable: false })], new Map(), NEXT_MIDNIGHT)?.reason).toBe(
      'deviceOffline',
    );
    expect(queueBlocker([], new Map(), NEXT_MIDNIGHT)?.reason).toBe('deviceOffline');
  });
});

describe('groupWaiting', () => {
  it('groups put-off recipients by the reason the engine wrote, with the earliest end', () => {
    const wake = new Date('2026-01-06T17:00:00Z');
    const { groups, nextTextAt } = groupWaiting(
      [
        tally({ later: true, waitReason: 'quietHours', n: 3, nextAt: new Date('2026-01-06T19:00:00Z') }),
        tally({ later: true, waitReason: 'quietHours', n: 2, texted: true, nextAt: wake }),
        tally({ later: true, state: 'waiting', texted: true, n: 4, nextAt: TOMORROW_9 }),
        tally({ state: 'skipped', reason: 'missingField', missingField: 'First name', n: 45 }),
        tally({ state: 'skipped', reason: 'noPhone', n: 7 }),
        tally({ state: 'done', texted: true, n: 9 }),
      ],
      running,
      NOW,
    );
    expect(groups).toEqual([
      { reason: 'quietHours', count: 5, until: wake, field: null },
      { reason: 'awaitingReply', count: 4, until: TOMORROW_9, field: null },
      { reason: 'missingField', count: 45, until: null, field: 'First name' },
    ]);
    expect(nextTextAt).toEqual(wake);
  });

  it('puts due recipients behind the devices’ blocker; the first-touch cap holds only new contacts', () => {
    const due = [tally({ n: 10 }), tally({ n: 2, texted: true })];
    const limit = groupWaiting(
      due,
      { ...running, blocker: { reason: 'deviceLimit', until: NEXT_MIDNIGHT } },
      NOW,
    );
    expect(limit.groups).toEqual([{ reason: 'deviceLimit', count: 12, until: NEXT_MIDNIGHT, field: null }]);
    // Limits reset at midnight, the window opens at 9:00.
    expect(limit.nextTextAt).toEqual(TOMORROW_9);
    const firstTouch = groupWaiting(
      due,
      { ...running, blocker: { reason: 'firstTouchCap', until: NEXT_MIDNIGHT } },
      NOW,
    );
    expect(firstTouch.groups.map((g) => [g.reason, g.count])).toEqual([
      ['firstTouchCap', 10],
      ['queued', 2],
    ]);
    expect(firstTouch.nextTextAt).toEqual(NOW);
  });

  it("holds every due recipient, texted or not, behind the plan's used-up month until it turns", () => {
    const monthEnd = new Date('2026-02-01T05:00:00Z');
    const blocker = planLimitBlocker(monthEnd);
    const held = groupWaiting(
      [tally({ n: 10 }), tally({ n: 2, texted: true })],
      { ...running, blocker },
      NOW,
    );
    expect(held.groups).toEqual([{ reason: 'planLimit', count: 12, until: monthEnd, field: null }]);
    // 1 February 2026 is a Sunday: the campaign's Monday-to-Friday window opens on the 2nd at 9:00.
    expect(held.nextTextAt).toEqual(new Date('2026-02-02T14:00:00Z'));
  });

  it('a recipient whose quiet hours end today still waits for a device at its daily limit', () => {
    const wake = new Date('2026-01-06T17:00:00Z');
    const result = groupWaiting(
      [tally({ later: true, waitReason: 'quietHours', n: 2, nextAt: wake }), tally({ n: 3 })],
      { ...running, blocker: { reason: 'deviceLimit', until: NEXT_MIDNIGHT } },
      NOW,
    );
    expect(result.groups.map((g) => [g.reason, g.count])).toEqual([
      ['quietHours', 2],
      ['deviceLimit', 3],
    ]);
    expect(result.nextTextAt).toEqual(TOMORROW_9);
  });

  it('gives no next text when every device needs the team, and ignores a blocker that has ended', () => {
    const due = [tally({ n: 5 })];
    const offline = groupWaiting(due, { ...running, blocker: { reason: 'deviceOffline', until: null } }, NOW);
    expect(offline).toEqual({
      groups: [{ reason: 'deviceOffline', count: 5, until: null, field: null }],
      nextTextAt: null,
    });
    const stale = groupWaiting(due, { ...running, blocker: { reason: 'deviceLimit', until: NOW } }, NOW);
    expect(stale.groups[0]?.reason).toBe('queued');
  });

  it('outside the weekly window due recipients wait for it to open', () => {
    const evening = new Date('2026-01-06T23:30:00Z'); // 18:30
    expect(groupWaiting([tally({ n: 8 })], running, evening)).toEqual({
      groups: [{ reason: 'outsideWindow', count: 8, until: TOMORROW_9, field: null }],
      nextTextAt: TOMORROW_9,
    });
  });

  it('a paused campaign holds everyone and sends nothing by itself', () => {
    const result = groupWaiting(
      [tally({ n: 3 }), tally({ later: true, waitReason: 'quietHours', n: 2, nextAt: TOMORROW_9 })],
      { ...running, paused: true },
      NOW,
    );
    expect(result).toEqual({
      groups: [{ reason: 'paused', count: 5, until: null, field: null }],
      nextTextAt: null,
    });
  });

  it('recipients due before the start date wait for it', () => {
    const start = new Date('2026-01-08T14:00:00Z');
    const result = groupWaiting([tally({ later: true, n: 6, nextAt: start })], running, NOW);
    expect(result).toEqual({
      groups: [{ reason: 'notStarted', count: 6, until: start, field: null }],
      nextTextAt: start,
    });
  });
});

describe('waiting for a state’s law and for follow-ups', () => {
  it('names the law holding each group, and counts contacts waiting for their next follow-up', () => {
    const later = new Date('2026-01-07T13:00:00Z');
    const { groups } = groupWaiting(
      [
        tally({ later: true, waitReason: 'quietHours', waitLaw: 'FL', nextAt: later, n: 4 }),
        tally({ later: true, waitReason: 'quietHours', waitLaw: 'US', nextAt: later, n: 2 }),
        tally({ later: true, waitReason: 'lawDailyCap', waitLaw: 'MD', nextAt: later, n: 1 }),
        tally({ later: true, texted: true, followUp: 2, nextAt: later, n: 7 }),
      ],
      running,
      NOW,
    );
    expect(groups).toEqual([
      { reason: 'quietHours', count: 4, until: later, field: null, law: 'FL' },
      { reason: 'quietHours', count: 2, until: later, field: null, law: 'US' },
      { reason: 'lawDailyCap', count: 1, until: later, field: null, law: 'MD' },
      { reason: 'followUpDue', count: 7, until: later, field: null },
    ]);
  });
});
