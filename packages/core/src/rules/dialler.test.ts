import { describe, expect, it } from 'vitest';
import {
  IDLE_MEMBER,
  allowedLines,
  abandonRate,
  callCountsAsContact,
  callMessageBody,
  canUnqueue,
  diallerReducer,
  dialRefusal,
  fitsPhoneType,
  formatCallDuration,
  isQueuedStatus,
  itemsToDial,
  memberDiallerLabel,
  onAnswered,
  restartDelay,
  voicemailToDrop,
  type CallStatus,
  type DiallerAction,
  type DiallerMember,
  type QueueEntry,
} from './dialler.js';

const call = { _id: 'c1', direction: 'out' as const, sid: 'CA1', itemId: 'i1' };
const busy: DiallerMember = {
  active: true,
  dialling: true,
  paused: false,
  onCall: true,
  activeCall: call,
  selectedVm: 'vm1',
  queue: ['i1', 'i2'],
};

describe('the member dialler state machine (§4)', () => {
  it.each<[string, DiallerMember, DiallerAction, Partial<DiallerMember>]>([
    [
      'Start Dialling sets dialling and active, clears onCall and paused',
      { ...IDLE_MEMBER, paused: true, onCall: true },
      { type: 'start' },
      { dialling: true, active: true, onCall: false, paused: false },
    ],
    ['Pause sets paused and stops dialling', busy, { type: 'pause' }, { paused: true, dialling: false }],
    [
      'Leave stops, leaves, clears the voicemail and the queue',
      busy,
      { type: 'leave' },
      { dialling: false, active: false, selectedVm: null, queue: [] },
    ],
    [
      'Done clears the active call and returns to dialling',
      { ...busy, dialling: false, onCall: false },
      { type: 'done' },
      { activeCall: null, dialling: true, onCall: false },
    ],
    [
      'a call starting marks the member on call',
      { ...IDLE_MEMBER, dialling: true, active: true },
      { type: 'callStarted', call },
      { onCall: true, activeCall: call },
    ],
    [
      'a call ending marks the member off call',
      busy,
      { type: 'callEnded' },
      { onCall: false, activeCall: call },
    ],
    ['selecting a voicemail keeps it', IDLE_MEMBER, { type: 'selectVm', vmId: 'vm9' }, { selectedVm: 'vm9' }],
  ])('%s', (_name, before, action, expected) => {
    const after = diallerReducer(before, action);
    expect(after).toMatchObject(expected);
    // Nothing else changes.
    for (const k of Object.keys(before) as (keyof DiallerMember)[])
      if (!(k in expected)) expect(after[k]).toEqual(before[k]);
  });
});

const q = (...s: (CallStatus | null)[]): QueueEntry[] =>
  s.map((callStatus, i) => ({ itemId: `i${i}`, callStatus }));
const dialling = { dialling: true, paused: false, onCall: false };

describe('which queued items are dialled', () => {
  it.each<[string, typeof dialling, QueueEntry[], number, string[]]>([
    ['2 calls at session start', dialling, q(null, null, null), 2, ['i0', 'i1']],
    ['one line when throttled', dialling, q(null, null, null), 1, ['i0']],
    [
      'skips entries that already have a call status',
      dialling,
      q('Done', 'Failed', null, null),
      2,
      ['i2', 'i3'],
    ],
    ['fills only the free line when one still rings', dialling, q('Ringing', 'Done', null, null), 2, ['i2']],
    ['nothing while not dialling', { ...dialling, dialling: false }, q(null), 2, []],
    ['nothing while paused', { ...dialling, paused: true }, q(null), 2, []],
    ['nothing during an active call', { ...dialling, onCall: true }, q(null), 2, []],
    ['nothing when the queue is spent', dialling, q('Done', 'Leaving VM'), 2, []],
  ])('%s', (_name, m, queue, lines, expected) => {
    expect(itemsToDial(m, queue, lines)).toEqual(expected);
  });
});

describe('answers and restarts', () => {
  it('the first answer connects and cancels the other ringing lines', () => {
    expect(onAnswered({ onCall: false }, 'b', ['a', 'b', 'c'])).toEqual({
      outcome: 'connect',
      cancel: ['a', 'c'],
    });
  });
  it('an answer while the member is on a call is abandoned', () => {
    expect(onAnswered({ onCall: true }, 'b', ['b'])).toEqual({ outcome: 'abandon' });
  });
  it.each([
    [{ paused: false, dialling: true }, 500],
    [{ paused: true, dialling: false }, null],
    [{ paused: false, dialling: false }, null],
  ])('restart after a call ends for %o: %s', (m, delay) => {
    expect(restartDelay(m)).toBe(delay);
  });
});

describe('queue statuses', () => {
  it.each<[CallStatus | null, boolean, boolean]>([
    [null, true, true],
    ['Ringing', true, false],
    ['In call', true, false],
    ['Machine', true, false],
    ['Done', false, false],
    ['Failed', false, false],
    ['Leaving VM', false, false],
    ['Skipped', false, false],
  ])('%s: queued %s, unqueueable %s', (status, queued, unqueue) => {
    expect(isQueuedStatus(status)).toBe(queued);
    expect(canUnqueue(status)).toBe(unqueue);
  });
});

describe('compliance', () => {
  // 2026-03-10 15:00 UTC is 11:00 in New York and 8:00 in Los Angeles; 13:30 UTC is 6:30 in LA.
  const noon = new Date('2026-03-10T15:00:00Z');
  const early = new Date('2026-03-10T13:30:00Z');
  const late = new Date('2026-03-11T01:30:00Z'); // 21:30 in New York
  const ok = { value: '+12125550100', status: '' as const };
  it.each<[string, Parameters<typeof dialRefusal>[0], string[], Date, string | null]>([
    ['a clean number in its hours is dialled', ok, ['America/New_York'], noon, null],
    ['never a DNC number', { ...ok, status: 'DNC' }, ['America/New_York'], noon, 'dnc'],
    ['never a Wrong # number', { ...ok, status: 'Wrong #' }, ['America/New_York'], noon, 'wrongNumber'],
    ['never without a phone', null, [], noon, 'noPhone'],
    ['not before 8:00 in the contact zone', ok, ['America/Los_Angeles'], early, 'quietHours'],
    ['8:00 sharp is allowed', ok, ['America/Los_Angeles'], noon, null],
    ['not at or after 21:00', ok, ['America/New_York'], late, 'quietHours'],
    ['the team zone decides when the number tells none', ok, [], late, 'quietHours'],
  ])('%s', (_n, phone, zones, now, refusal) => {
    expect(dialRefusal(phone, zones, now, 'America/New_York')).toBe(refusal);
  });

  it('a Florida contact called or texted 3 times in 24 hours is not dialled; Texas has no such limit', () => {
    const H = 3_600_000;
    const recent = [new Date(noon.getTime() - 20 * H), new Date(noon.getTime() - 2 * H), noon];
    const ny = ['America/New_York'];
    expect(dialRefusal(ok, ny, noon, 'UTC', ['FL'], null, recent)).toBe('lawDailyCap');
    expect(dialRefusal(ok, ny, noon, 'UTC', ['FL'], null, recent.slice(1))).toBeNull();
    expect(dialRefusal(ok, ny, noon, 'UTC', ['TX'], null, [...recent, noon])).toBeNull();
    // Quiet hours are said first: the contact waits for the morning either way.
    expect(dialRefusal(ok, ny, late, 'UTC', ['FL'], null, recent)).toBe('quietHours');
    // DNC before anything.
    expect(dialRefusal({ ...ok, status: 'DNC' }, ny, noon, 'UTC', ['FL'], null, recent)).toBe('dnc');
  });

  it.each([
    [{ answered: 0, abandoned: 0 }, 1],
    [{ answered: 33, abandoned: 0 }, 2],
    [{ answered: 32, abandoned: 0 }, 1],
    [{ answered: 66, abandoned: 1 }, 2],
    [{ answered: 65, abandoned: 1 }, 1],
    [{ answered: 1000, abandoned: 30 }, 1],
  ])('a campaign with %o may use %i line(s)', (stats, lines) => {
    expect(allowedLines(stats)).toBe(lines);
  });

  it('never lets the rate pass 3 %: on two lines at most one more call is abandoned', () => {
    const s = { answered: 0, abandoned: 0 };
    for (let i = 0; i < 5000; i++) {
      const lines = allowedLines(s);
      s.answered += 1;
      // Worst case: every call made on two lines is abandoned.
      if (lines === 2) s.abandoned += 1;
      expect(abandonRate(s)).toBeLessThanOrEqual(0.03);
    }
  });
});

describe('labels and thread lines', () => {
  const t0 = new Date('2026-01-01T10:00:00Z');
  it.each([
    [{ onCall: true, dialling: true }, new Date(t0.getTime() - 65_000), 'On call: 1:05'],
    [{ onCall: false, dialling: true }, null, 'Dialling'],
    [{ onCall: false, dialling: false }, null, 'Idle'],
  ])('%o → %s', (m, since, label) => {
    expect(memberDiallerLabel(m, since, t0)).toBe(label);
  });
  it('formats durations past an hour', () => {
    expect(formatCallDuration(3_725_000)).toBe('1:02:05');
    expect(formatCallDuration(-5)).toBe('0:00');
  });
  it('describes a call for the thread', () => {
    expect(callMessageBody({ direction: 'out', status: 'Done', durationMs: 61_000 })).toBe(
      'Outbound call · 1:01',
    );
    expect(callMessageBody({ direction: 'in', status: 'No answer', durationMs: 0 })).toBe(
      'Inbound call · No answer',
    );
    expect(callMessageBody({ direction: 'out', status: 'Leaving VM', durationMs: 9000 })).toBe(
      'Outbound call · voicemail left',
    );
  });
  it('counts answered calls and left voicemails as contact', () => {
    expect(callCountsAsContact('Done')).toBe(true);
    expect(callCountsAsContact('Leaving VM')).toBe(true);
    expect(callCountsAsContact('No answer')).toBe(false);
  });
  it('drops the status voicemail, else the member one, only with autoRvm', () => {
    expect(voicemailToDrop({ autoRvm: true, selectedVm: 's' }, 'm')).toBe('s');
    expect(voicemailToDrop({ autoRvm: true, selectedVm: null }, 'm')).toBe('m');
    expect(voicemailToDrop({ autoRvm: false, selectedVm: 's' }, 'm')).toBeNull();
    expect(voicemailToDrop(null, 'm')).toBeNull();
  });
});

describe('the Call branch phone type', () => {
  it.each([
    ['MOBILE', 'Mobile', true],
    ['MOBILE', 'Landline', false],
    ['FIXED_LINE', 'Mobile', false],
    ['FIXED_LINE', 'Landline', true],
    ['FIXED_LINE_OR_MOBILE', 'Mobile', true],
    ['FIXED_LINE_OR_MOBILE', 'Landline', true],
    ['MOBILE', 'All', true],
    [undefined, null, true],
  ] as const)('%s fits %s: %s', (type, wanted, fits) => {
    expect(fitsPhoneType(type, wanted)).toBe(fits);
  });
});
