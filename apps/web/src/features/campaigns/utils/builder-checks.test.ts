import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { builderCheck } from './builder-checks';
import { initialDraft, type CampaignDraft } from './campaign-draft';

const NOW = new Date('2026-03-10T15:00:00Z');
const ZONE = 'America/New_York';
const ctx = { count: 12, timezone: ZONE, now: NOW };

function draft(overrides: Partial<CampaignDraft> = {}): CampaignDraft {
  return {
    ...initialDraft([], NOW, ZONE),
    statuses: ['status-1'],
    name: 'Spring',
    groupIds: ['group-1'],
    devices: ['device-1'],
    ...overrides,
  };
}

describe('builder checks', () => {
  it("puts the spec's checks before the pickers' own limits", () => {
    expect(builderCheck(1, draft({ weekDays: [], endHour: 9 }), ctx)).toBe(
      messages.campaigns.weekdayRequired,
    );
  });

  it('refuses a last-contacted date less than 7 days back', () => {
    const lastContactedAt = new Date(NOW.getTime() - 6 * 86_400_000).toISOString();
    expect(builderCheck(0, draft({ lastContactedAt }), ctx)).toBe(messages.campaigns.lastContactedTooLate);
  });

  it('refuses an end hour that is not after the start hour', () => {
    expect(builderCheck(1, draft({ startHour: 10, endHour: 10 }), ctx)).toBe(messages.campaigns.hoursOrder);
    expect(builderCheck(1, draft({ startHour: 10, endHour: 24 }), ctx)).toBeNull();
  });

  it("refuses an end date before today in the team's zone", () => {
    expect(builderCheck(2, draft({ hasEnd: true, endDate: '2026-03-09' }), ctx)).toBe(
      messages.campaigns.endBeforeToday,
    );
    expect(builderCheck(2, draft({ hasEnd: true, endDate: '2026-03-10' }), ctx)).toBeNull();
  });
});
