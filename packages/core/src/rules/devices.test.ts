import { describe, expect, it } from 'vitest';
import {
  canMoveJob,
  cleanDevicePhone,
  deviceValue,
  isDeviceConnected,
  jobRetryDelayMs,
  localDay,
  mayHoldDevice,
} from './devices.js';

describe('device values', () => {
  it('cleans dashes, brackets, spaces and dots from an Android number and keeps it in E.164', () => {
    expect(cleanDevicePhone('+1 (916) 456-78.90')).toBe('+19164567890');
    expect(deviceValue('Android', '+1 (916) 456-7890')).toBe('+19164567890');
  });

  it('refuses an Android number without its country code', () => {
    expect(deviceValue('Android', '(916) 456-7890')).toBeNull();
    expect(deviceValue('Android', '+1 555')).toBeNull();
  });

  it('takes an Apple ID e-mail or a phone with country code for an iPhone', () => {
    expect(deviceValue('Apple', ' Ann@iCloud.com ')).toBe('ann@icloud.com');
    expect(deviceValue('Apple', '+44 20 7946 0958')).toBe('+442079460958');
    expect(deviceValue('Apple', 'ann@')).toBeNull();
    expect(deviceValue('Apple', '916 456 7890')).toBeNull();
  });
});

describe('device connection', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is connected with an open socket and a ping at most 30 s old', () => {
    expect(isDeviceConnected({ connected: true, pingedAt: new Date(now.getTime() - 30_000) }, now)).toBe(
      true,
    );
    expect(isDeviceConnected({ connected: true, pingedAt: new Date(now.getTime() - 30_001) }, now)).toBe(
      false,
    );
    expect(isDeviceConnected({ connected: false, pingedAt: now }, now)).toBe(false);
    expect(isDeviceConnected({ connected: true, pingedAt: null }, now)).toBe(false);
  });
});

describe('daily counters', () => {
  it("count by the team's local date", () => {
    const late = new Date('2026-11-21T06:30:00Z');
    expect(localDay(late, 'America/Los_Angeles')).toBe('2026-11-20');
    expect(localDay(late, 'Europe/Berlin')).toBe('2026-11-21');
    expect(localDay(late, null)).toBe('2026-11-21');
  });
});

describe('job states', () => {
  it('only move forward; the phone saying it sent a text wins over an offer taken back', () => {
    expect(canMoveJob('accepted', 'sent')).toBe(true);
    expect(canMoveJob('sent', 'delivered')).toBe(true);
    expect(canMoveJob('accepted', 'delivered')).toBe(true);
    expect(canMoveJob('offered', 'sent')).toBe(true);
    expect(canMoveJob('queued', 'delivered')).toBe(true);
    expect(canMoveJob('delivered', 'sent')).toBe(false);
    expect(canMoveJob('sent', 'sent')).toBe(false);
    expect(canMoveJob('failed', 'delivered')).toBe(false);
  });

  it('fail only an accepted or sent job, and only for the attempt the report is about', () => {
    expect(canMoveJob('queued', 'failed')).toBe(false);
    expect(canMoveJob('offered', 'failed')).toBe(false);
    expect(canMoveJob('sent', 'failed')).toBe(true);
    expect(canMoveJob('accepted', 'failed', { job: 2, report: 2 })).toBe(true);
    expect(canMoveJob('accepted', 'failed', { job: 2, report: 1 })).toBe(false);
    expect(canMoveJob('accepted', 'failed', { job: 2 })).toBe(true);
  });

  it('back off 30 s then 60 s', () => {
    expect([1, 2].map(jobRetryDelayMs)).toEqual([30_000, 60_000]);
  });
});

describe('mayHoldDevice (ADR 031)', () => {
  it.each([
    ['the admin', { role: 'admin', dataAccess: 'Only assigned', permissions: [] }, true],
    [
      "an 'All data' member with phones",
      { role: 'member', dataAccess: 'All data', permissions: ['phones'] },
      true,
    ],
    [
      "an 'Only assigned' member with phones",
      { role: 'member', dataAccess: 'Only assigned', permissions: ['phones'] },
      false,
    ],
    [
      "an 'All data' member without phones",
      { role: 'member', dataAccess: 'All data', permissions: [] },
      false,
    ],
  ] as const)('%s: %s', (_who, user, expected) => {
    expect(mayHoldDevice(user)).toBe(expected);
  });
});
