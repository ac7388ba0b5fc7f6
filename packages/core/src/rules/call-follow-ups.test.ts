import { describe, expect, it } from 'vitest';
import { afterCampaignCall, decideCallFollowUp } from './call-follow-ups.js';
import { followUpsProblem } from './campaigns.js';
import type { CallStatus } from './dialler.js';

const AT = new Date('2026-01-05T15:00:00Z');
const DAY = 86_400_000;
const steps = [{ afterDays: 2 }, { afterDays: 3 }];

describe('what the end of a call campaign’s call does to the contact’s sequence', () => {
  it.each<[CallStatus, string]>([
    ['No answer', 'pending'],
    ['Leaving VM', 'pending'],
    ['Cancelled', 'pending'],
    ['Abandoned', 'pending'],
    ['Failed', 'pending'],
    ['Done', 'stopped'],
  ])('%s: %s', (status, state) => {
    expect(afterCampaignCall(status, 0, steps, AT).state).toBe(state);
  });

  it('an unanswered first call waits the first follow-up’s days; the second waits the next one’s', () => {
    expect(afterCampaignCall('No answer', 0, steps, AT)).toEqual({
      state: 'pending',
      followUp: 1,
      nextAt: new Date(AT.getTime() + 2 * DAY),
    });
    expect(afterCampaignCall('Leaving VM', 1, steps, AT)).toEqual({
      state: 'pending',
      followUp: 2,
      nextAt: new Date(AT.getTime() + 3 * DAY),
    });
  });

  it('after the last step, or with no follow-ups, the contact is done', () => {
    expect(afterCampaignCall('No answer', 2, steps, AT)).toEqual({ state: 'done' });
    expect(afterCampaignCall('No answer', 0, [], AT)).toEqual({ state: 'done' });
  });

  it('a person answering ends the sequence as a reply does', () => {
    expect(afterCampaignCall('Done', 0, steps, AT)).toEqual({ state: 'stopped', reason: 'replied' });
  });

  it('a call the dialler skipped stops it by what its phone is', () => {
    expect(afterCampaignCall('Skipped', 1, steps, AT, 'dnc')).toEqual({ state: 'stopped', reason: 'optOut' });
    expect(afterCampaignCall('Skipped', 1, steps, AT, 'wrongNumber')).toEqual({
      state: 'stopped',
      reason: 'blocked',
    });
    expect(afterCampaignCall('Skipped', 0, steps, AT, 'noPhone')).toEqual({
      state: 'skipped',
      reason: 'noPhone',
    });
  });
});

describe('whether a contact due for a follow-up call is called again', () => {
  const campaign = { createdAt: new Date('2026-01-01T00:00:00Z'), statusIds: ['open'] };
  const phone = { id: 'p1', value: '+12125550100', status: '', sentFrom: null };
  const due = {
    followUp: 1,
    identifierId: 'p1',
    statusId: 'open',
    lastMessage: null,
    state: 'pending' as const,
    tried: [],
  };
  const facts = { phones: [phone], manualAt: null };

  it('is queued again, to the number called before', () => {
    expect(decideCallFollowUp(due, facts, campaign)).toEqual({ kind: 'queue', phone });
  });

  it('stops on a text from them since the campaign began, but not on one from before', () => {
    const reply = { direction: 'in' as const, createdAt: '2026-01-03T00:00:00Z' };
    expect(decideCallFollowUp({ ...due, lastMessage: reply }, facts, campaign)).toMatchObject({
      kind: 'stop',
      reason: 'replied',
    });
    const old = { direction: 'in' as const, createdAt: '2025-12-30T00:00:00Z' };
    expect(decideCallFollowUp({ ...due, lastMessage: old }, facts, campaign).kind).toBe('queue');
  });

  it('stops when a member texted or called them by hand', () => {
    const manual = { ...facts, manualAt: new Date('2026-01-02T00:00:00Z') };
    expect(decideCallFollowUp(due, manual, campaign)).toMatchObject({ kind: 'stop', reason: 'manual' });
  });

  it('stops when the number turned DNC or Wrong #, even with another phone left', () => {
    const other = { id: 'p2', value: '+12125550101', status: '', sentFrom: null };
    const dnc = { phones: [{ ...phone, status: 'DNC' }, other], manualAt: null };
    expect(decideCallFollowUp(due, dnc, campaign)).toMatchObject({ kind: 'stop', reason: 'optOut' });
    const wrong = { phones: [{ ...phone, status: 'Wrong #' }], manualAt: null };
    expect(decideCallFollowUp(due, wrong, campaign)).toMatchObject({ kind: 'stop', reason: 'blocked' });
  });

  it('stops when the team moved them to a status the campaign does not call', () => {
    expect(decideCallFollowUp({ ...due, statusId: 'closed' }, facts, campaign)).toMatchObject({
      kind: 'stop',
      reason: 'status',
    });
  });
});

describe('a call campaign’s follow-ups in the builder', () => {
  it('need no template groups, but keep the limits on their number and days', () => {
    expect(followUpsProblem([{ afterDays: 2, groupIds: [] }], 'Call')).toBeNull();
    expect(followUpsProblem([{ afterDays: 2, groupIds: [] }], 'Text')).toBe(
      'Each follow-up needs at least one template group.',
    );
    expect(followUpsProblem([{ afterDays: 0, groupIds: [] }], 'Call')).not.toBeNull();
    expect(
      followUpsProblem(
        Array.from({ length: 6 }, () => ({ afterDays: 1, groupIds: [] })),
        'Call',
      ),
    ).toBe('A campaign can have at most 5 follow-ups.');
  });
});
