import { describe, expect, it } from 'vitest';
import { PLANS, callLimitMessage, mayPlaceCall } from './billing.js';
import {
  callCountsAsContact,
  callMessageBody,
  inboundOutcome,
  mayDialForMember,
  missedCallRecipients,
  routeInbound,
  type InboundMember,
} from './dialler.js';

const member = (userId: string, o: Partial<InboundMember> = {}): InboundMember => ({
  userId,
  inDialler: true,
  idle: true,
  forwardOnly: false,
  forwardNumber: null,
  isAdmin: false,
  seesAllData: true,
  ...o,
});

describe('routeInbound', () => {
  const ana = member('ana');
  const ben = member('ben');
  const cy = member('cy', { forwardOnly: true, forwardNumber: '+19165550101' });
  const dee = member('dee', { inDialler: false, forwardNumber: '+19165550102' });

  it.each([
    {
      case: 'rings every idle member in the dialler',
      status: null,
      assignedTo: [],
      members: [ana, ben, dee],
      want: { kind: 'ring', userIds: ['ana', 'ben'] },
    },
    {
      case: 'leaves out members on a call, dialling, or out of the dialler',
      status: null,
      assignedTo: [],
      members: [ana, member('ben', { idle: false }), dee],
      want: { kind: 'ring', userIds: ['ana'] },
    },
    {
      case: "forwards to the status's member when the status forwards",
      status: { forward: true, forwardTo: 'dee' },
      assignedTo: [],
      members: [ana, dee],
      want: { kind: 'forward', userId: 'dee', number: '+19165550102', why: 'status' },
    },
    {
      case: 'rings as usual when the status forwards to a member with no number',
      status: { forward: true, forwardTo: 'ben' },
      assignedTo: [],
      members: [ana, ben],
      want: { kind: 'ring', userIds: ['ana', 'ben'] },
    },
    {
      case: 'ignores forwardTo while forward is off',
      status: { forward: false, forwardTo: 'dee' },
      assignedTo: [],
      members: [ana, dee],
      want: { kind: 'ring', userIds: ['ana'] },
    },
    {
      case: "forwards to an assignee's phone when the assignee is forwardOnly",
      status: null,
      assignedTo: ['ben', 'cy'],
      members: [ana, ben, cy],
      want: { kind: 'forward', userId: 'cy', number: '+19165550101', why: 'assignee' },
    },
    {
      case: 'never rings a forwardOnly member in the browser',
      status: null,
      assignedTo: [],
      members: [ana, cy],
      want: { kind: 'ring', userIds: ['ana'] },
    },
    {
      case: 'with nobody to ring, goes to a forwardOnly member (admins first)',
      status: null,
      assignedTo: [],
      members: [cy, member('eve', { forwardOnly: true, forwardNumber: '+19165550103', isAdmin: true })],
      want: { kind: 'forward', userId: 'eve', number: '+19165550103', why: 'fallback' },
    },
    {
      case: 'is missed with nobody to ring and nobody forwarding',
      status: null,
      assignedTo: [],
      members: [dee, member('ben', { idle: false })],
      want: { kind: 'missed' },
    },
  ])('$case', ({ status, assignedTo, members, want }) => {
    expect(routeInbound({ status, recordFound: assignedTo.length > 0, assignedTo, members })).toEqual(want);
  });

  const restricted = member('rae', { seesAllData: false });
  it.each([
    {
      case: "never rings an 'Only assigned' member for a record not assigned to them",
      recordFound: true,
      assignedTo: ['ana'],
      want: ['ana'],
    },
    {
      case: "rings an 'Only assigned' member for a record assigned to them",
      recordFound: true,
      assignedTo: ['rae'],
      want: ['ana', 'rae'],
    },
    {
      case: "rings an 'Only assigned' member for a number that is no record",
      recordFound: false,
      assignedTo: [],
      want: ['ana', 'rae'],
    },
  ])('$case', ({ recordFound, assignedTo, want }) => {
    expect(routeInbound({ status: null, recordFound, assignedTo, members: [ana, restricted] })).toEqual({
      kind: 'ring',
      userIds: want,
    });
  });
});

describe('inbound call outcomes', () => {
  it.each([
    [{ answered: true, forwarded: false, outcome: 'completed', durationMs: 5000 }, 'Done'],
    [{ answered: false, forwarded: true, outcome: 'completed', durationMs: 5000 }, 'Forwarded'],
    [{ answered: false, forwarded: true, outcome: 'no-answer', durationMs: 0 }, 'Missed'],
    [{ answered: false, forwarded: false, outcome: 'canceled', durationMs: 0 }, 'Missed'],
    [{ answered: false, forwarded: false, outcome: 'completed', durationMs: 0 }, 'Missed'],
  ] as const)('%o ends %s', (c, want) => {
    expect(inboundOutcome(c)).toBe(want);
  });

  it('writes a forwarded call in the thread and counts it as contact', () => {
    expect(callMessageBody({ direction: 'in', status: 'Forwarded', durationMs: 65_000 })).toBe(
      'Inbound call · forwarded · 1:05',
    );
    expect(callMessageBody({ direction: 'in', status: 'Missed', durationMs: 0 })).toBe(
      'Inbound call · Missed',
    );
    expect(callCountsAsContact('Forwarded')).toBe(true);
    expect(callCountsAsContact('Missed')).toBe(false);
  });

  it("tells a missed call to the record's assignees, else to the admins", () => {
    expect(missedCallRecipients(['u1', 'u1', 'u2'], ['a1'])).toEqual(['u1', 'u2']);
    expect(missedCallRecipients([], ['a1', 'a2'])).toEqual(['a1', 'a2']);
  });
});

describe('noStatusCalls', () => {
  it('passes over records with no status only for a member who asked for it', () => {
    expect(mayDialForMember(true, null)).toBe(false);
    expect(mayDialForMember(true, 's1')).toBe(true);
    expect(mayDialForMember(false, null)).toBe(true);
  });
});

describe("the plan's calls", () => {
  it('BASIC places 250 calls a month; LITE and PRO are unlimited', () => {
    expect(mayPlaceCall(PLANS.BASIC, 249)).toBe(true);
    expect(mayPlaceCall(PLANS.BASIC, 250)).toBe(false);
    expect(mayPlaceCall(PLANS.LITE, 10_000)).toBe(true);
    expect(callLimitMessage(PLANS.BASIC)).toBe(
      "Your plan's limit of 250 calls this month is reached, so the dialler stopped. Upgrade to LITE or PRO in Settings > Billing.",
    );
  });
});
