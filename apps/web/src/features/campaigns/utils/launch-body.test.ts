import { describe, expect, it } from 'vitest';
import { initialDraft } from './campaign-draft';
import { toLaunchBody } from './launch-body';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('launch body', () => {
  it("sends the start and end hours of the start day, and the end day at the end hour, in the team's zone", () => {
    const draft = {
      ...initialDraft([], NOW, 'America/Chicago'),
      startDate: '2026-03-12',
      hasEnd: true,
      endDate: '2026-03-20',
    };

    const body = toLaunchBody(draft, 'America/Chicago');

    expect(body).toMatchObject({
      startTime: '2026-03-12T15:00:00.000Z',
      endTime: '2026-03-12T23:00:00.000Z',
      startDate: '2026-03-12T15:00:00.000Z',
      endDate: '2026-03-20T23:00:00.000Z',
      hasEnd: true,
    });
  });

  it('sends an end at midnight as the next midnight of the zone', () => {
    const draft = {
      ...initialDraft([], NOW, 'Asia/Kolkata'),
      startHour: 0,
      endHour: 24,
      startDate: '2026-03-10',
    };

    expect(toLaunchBody(draft, 'Asia/Kolkata')).toMatchObject({
      startTime: '2026-03-09T18:30:00.000Z',
      endTime: '2026-03-10T18:30:00.000Z',
    });
  });

  it('targets no list when all contacts are chosen, whatever lists were picked before', () => {
    const draft = { ...initialDraft(['list-1'], NOW, null), target: 'all' as const };
    expect(toLaunchBody(draft, 'UTC').listIds).toEqual([]);
  });
});
