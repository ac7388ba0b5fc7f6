import { describe, expect, it } from 'vitest';
import {
  atHourInZone,
  builderProblem,
  clampPpgl,
  compareCampaigns,
  defaultLastContacted,
  deliveryRate,
  hourInZone,
  isDeviceUnhealthy,
  isEndDateAllowed,
  isInSendWindow,
  isLastContactedAllowed,
  isRecipientAwake,
  listWithoutContactsNote,
  recipientWakeAt,
  sendGapMs,
  startOfNextDay,
  weekdayInZone,
  type BuilderDraft,
} from './campaigns.js';

const full: BuilderDraft = {
  campaignType: 'Text',
  statuses: ['s1'],
  weekDays: [1],
  groupIds: ['g1'],
  name: 'Spring',
  devices: ['d1'],
};
const ctx = { count: 10, timezone: 'America/New_York' };

describe('builderProblem checks in the order of the spec', () => {
  it.each([
    [{ campaignType: null }, 10, 'You need to select campaign type first'],
    [{ statuses: [] }, 10, 'You need to select at least one status'],
    [{}, 0, 'The contact count is 0 with your current filters.'],
    [{ weekDays: [] }, 10, 'You need to select at least one day of the week.'],
    [{ groupIds: [] }, 10, 'You need to select at least one template group.'],
    [{ name: '  ' }, 10, 'Please give your campaign a name.'],
    [{ devices: [] }, 10, 'You need to pick at least one device.'],
  ] as const)('%o with %i contacts → %s', (change, count, message) => {
    expect(builderProblem(2, { ...full, ...change }, { ...ctx, count })).toBe(message);
  });
  it('stops at the first problem when several are present', () => {
    expect(builderProblem(2, { ...full, statuses: [], weekDays: [], name: '' }, ctx)).toBe(
      'You need to select at least one status',
    );
  });
  it('checks only what the step being left needs', () => {
    expect(builderProblem(0, { ...full, weekDays: [], groupIds: [] }, ctx)).toBeNull();
    expect(builderProblem(1, { ...full, groupIds: [] }, ctx)).toBeNull();
  });
  it('launches a Call campaign directly, and needs a timezone to launch a text one', () => {
    expect(builderProblem(0, { ...full, campaignType: 'Call', weekDays: [] }, ctx)).toBeNull();
    expect(builderProblem(2, full, { count: 1, timezone: null })).toBe(
      'You need to select set your timezone in Settings > Other',
    );
  });
});

describe('dates and zones', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('defaults last contacted to 7 days back and refuses later dates', () => {
    const d = defaultLastContacted(now);
    expect(d.toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(isLastContactedAllowed(d, now)).toBe(true);
    expect(isLastContactedAllowed(new Date('2026-03-05T12:00:00Z'), now)).toBe(false);
  });
  it("refuses an end date before today in the team's zone", () => {
    expect(isEndDateAllowed(new Date('2026-03-10T05:00:00Z'), now, 'America/New_York')).toBe(true);
    expect(isEndDateAllowed(new Date('2026-03-09T20:00:00Z'), now, 'America/New_York')).toBe(false);
  });
  it('reads hours and ISO weekdays in a zone, and builds an instant from a local hour', () => {
    expect(hourInZone(now, 'America/New_York')).toBe(8); // EDT since 8 March
    expect(weekdayInZone(new Date('2026-03-08T03:00:00Z'), 'America/New_York')).toBe(6); // still Saturday
    expect(atHourInZone(now, 10, 'America/New_York').toISOString()).toBe('2026-03-10T14:00:00.000Z');
    expect(atHourInZone(new Date('2026-01-10T12:00:00Z'), 10, 'America/New_York').toISOString()).toBe(
      '2026-01-10T15:00:00.000Z',
    );
  });
});

describe('isInSendWindow', () => {
  const s = {
    weekDays: [1, 2, 3, 4, 5],
    startHour: 10,
    endHour: 18,
    startDate: new Date('2026-03-01T00:00:00Z'),
    endDate: new Date('2026-04-01T00:00:00Z'),
    timezone: 'America/Chicago',
  };
  it('is open on a chosen weekday between the hours, in the zone, across the DST change', () => {
    expect(isInSendWindow(s, new Date('2026-03-06T16:00:00Z'))).toBe(true); // Fri 10:00 CST
    expect(isInSendWindow(s, new Date('2026-03-09T15:00:00Z'))).toBe(true); // Mon 10:00 CDT
    expect(isInSendWindow(s, new Date('2026-03-09T14:59:00Z'))).toBe(false); // Mon 9:59 CDT
    expect(isInSendWindow(s, new Date('2026-03-09T23:00:00Z'))).toBe(false); // Mon 18:00: closed
  });
  it('is closed on other weekdays, before the start date and after the end date', () => {
    expect(isInSendWindow(s, new Date('2026-03-07T17:00:00Z'))).toBe(false); // Saturday
    expect(
      isInSendWindow({ ...s, startDate: new Date('2026-03-10T00:00:00Z') }, new Date('2026-03-09T16:00:00Z')),
    ).toBe(false);
    expect(isInSendWindow(s, new Date('2026-04-01T16:00:00Z'))).toBe(false);
  });
});

describe('recipients and devices', () => {
  it('lets a number be texted only between 8:00 and 21:00 in every zone it may be in', () => {
    const at = new Date('2026-01-05T14:30:00Z'); // 9:30 New York, 6:30 Los Angeles
    expect(isRecipientAwake(['America/New_York'], at, 'UTC')).toBe(true);
    expect(isRecipientAwake(['America/Los_Angeles'], at, 'UTC')).toBe(false);
    expect(isRecipientAwake(['America/New_York', 'America/Los_Angeles'], at, 'UTC')).toBe(false);
    expect(isRecipientAwake([], at, 'America/New_York')).toBe(true);
    expect(isRecipientAwake(['America/New_York'], new Date('2026-01-06T02:00:00Z'), 'UTC')).toBe(false); // 21:00
  });
  it('pauses a device only on a full window of 50 under 85% delivered', () => {
    const states = (failed: number) => [
      ...Array(failed).fill('failed'),
      ...Array(50 - failed).fill('delivered'),
    ];
    expect(deliveryRate(states(10))).toBe(0.8);
    expect(isDeviceUnhealthy(states(8))).toBe(true); // 42 of 50 = 84%
    expect(isDeviceUnhealthy(states(7))).toBe(false); // 86%
    expect(isDeviceUnhealthy(states(10))).toBe(true);
    expect(isDeviceUnhealthy(Array(20).fill('failed'))).toBe(false);
  });
  it('caps the daily limit at 200 and draws gaps inside their range', () => {
    expect(clampPpgl(500)).toBe(200);
    expect(clampPpgl(99.7)).toBe(99);
    expect(sendGapMs(0, 20_000, 60_000)).toBe(20_000);
    expect(sendGapMs(1, 20_000, 60_000)).toBe(60_000);
    expect(sendGapMs(0.5, 20_000, 60_000)).toBe(40_000);
  });
  it('orders campaigns running, paused, finished, newest first', () => {
    const c = (paused: boolean, status: 'In Progress' | 'Finished', day: number) => ({
      paused,
      status,
      createdAt: new Date(2026, 0, day),
    });
    const list = [
      c(false, 'Finished', 9),
      c(true, 'In Progress', 8),
      c(false, 'In Progress', 1),
      c(false, 'In Progress', 2),
    ];
    expect(list.sort(compareCampaigns).map((x) => x.createdAt.getDate())).toEqual([2, 1, 8, 9]);
  });
});

describe('when waits end', () => {
  it("the team's next day starts at its midnight", () => {
    expect(startOfNextDay(new Date('2026-01-06T16:00:00Z'), 'America/New_York')).toEqual(
      new Date('2026-01-07T05:00:00Z'),
    );
  });
  it('a recipient asleep is texted from 8:00 where it lives; of several zones, the last to wake', () => {
    const night = new Date('2026-01-06T09:00:00Z'); // 4:00 New York, 1:00 Los Angeles
    expect(recipientWakeAt(['America/New_York'], night, 'UTC')).toEqual(new Date('2026-01-06T13:00:00Z'));
    expect(recipientWakeAt(['America/New_York', 'America/Los_Angeles'], night, 'UTC')).toEqual(
      new Date('2026-01-06T16:00:00Z'),
    );
    const evening = new Date('2026-01-07T03:00:00Z'); // 22:00 New York
    expect(recipientWakeAt([], evening, 'America/New_York')).toEqual(new Date('2026-01-07T13:00:00Z'));
  });
  it('zones never awake together are looked at again in half an hour', () => {
    const now = new Date('2026-01-06T09:00:00Z');
    expect(recipientWakeAt(['UTC', 'Asia/Shanghai', 'America/Los_Angeles'], now, 'UTC')).toEqual(
      new Date(now.getTime() + 30 * 60_000),
    );
  });
});

describe('listWithoutContactsNote', () => {
  it('explains a list of properties without contacts, and what to do about it', () => {
    const note = listWithoutContactsNote({ name: 'Redfin Austin', itemCount: 0, propCount: 1350 });
    expect(note).toMatch(
      /^Redfin Austin holds 1,350 properties and no contacts, and campaigns text contacts\./,
    );
    expect(note).toContain('skip trace the list (Skiptrace, below)');
  });
  it("points at the list's page for Skiptrace where the screen has no Skiptrace button", () => {
    const note = listWithoutContactsNote({ name: 'Redfin Austin', itemCount: 0, propCount: 3 }, 'list page');
    expect(note).toContain("skip trace the list (Skiptrace, on the list's page)");
    expect(note).not.toContain('below');
  });
  it('says nothing about a list with contacts, or an empty one', () => {
    expect(listWithoutContactsNote({ name: 'A', itemCount: 3, propCount: 350 })).toBeNull();
    expect(listWithoutContactsNote({ name: 'B', itemCount: 0, propCount: 0 })).toBeNull();
  });
});
