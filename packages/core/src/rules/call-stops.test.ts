import { describe, expect, it } from 'vitest';
import { callStopGroups, callStopSentence } from './call-stops.js';

describe('the stopped calls of a call campaign', () => {
  it('names whose queue a contact was taken out of and by whom', () => {
    const [g] = callStopGroups([{ reason: 'unqueued', count: 1, removedBy: 'Sam', removedFrom: 'Maya' }]);
    expect(callStopSentence(g!)).toBe(
      "1 recipient was removed from Maya's queue by Sam and will not be called.",
    );
  });

  it('says a member no longer on the team is a member', () => {
    const [g] = callStopGroups([{ reason: 'unqueued', count: 3, removedBy: null, removedFrom: 'James' }]);
    expect(callStopSentence(g!)).toBe(
      "3 recipients were removed from James' queue by a member and will not be called.",
    );
  });

  it('lists removals first, then each reason the campaign stopped a contact for', () => {
    const groups = callStopGroups([
      { reason: 'optOut', count: 2 },
      { reason: 'unqueued', count: 1, removedBy: 'Maya', removedFrom: 'Maya' },
      { reason: 'unqueued', count: 4, removedBy: 'Sam', removedFrom: 'Maya' },
      { reason: 'blocked', count: 1 },
      { reason: 'manual', count: 1 },
      { reason: 'noPhone', count: 9 },
      { reason: null, count: 5 },
      { reason: 'optOut', count: 1 },
    ]);
    expect(groups.map(callStopSentence)).toEqual([
      "4 recipients were removed from Maya's queue by Sam and will not be called.",
      "1 recipient was removed from Maya's queue by Maya and will not be called.",
      '3 recipients were stopped: their number is DNC or they opted out.',
      '1 recipient was stopped: their number is marked Wrong #.',
      '1 recipient was stopped: a member texted or called them by hand.',
    ]);
  });
});
