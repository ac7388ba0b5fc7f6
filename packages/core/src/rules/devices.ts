import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DEVICE_PING_FRESH_MS } from '../contract/device.js';
import type { PermissionKey } from '../constants.js';
import { can } from './navigation.js';
import { isValidEmail, mayReadRecord } from './records.js';

export type PhoneType = 'Apple' | 'Android';

/** Android numbers are cleaned of dashes, brackets, spaces and dots before they are checked (part 2 §5). */
export function cleanDevicePhone(raw: string): string {
  return raw.replace(/[-()[\]\s.]/g, '');
}

/**
 * The stored value of a device the team adds, or null when it is not valid ('The device ID is
 * invalid. Please check and try again.'):
 * - Android: a phone with its country code (it must start with +), stored in E.164;
 * - Apple (an iPhone on a Mac): an Apple ID e-mail, stored lower-cased, or a phone with its country code.
 */
export function deviceValue(phoneType: PhoneType, raw: string): string | null {
  const value = raw.trim();
  if (phoneType === 'Apple' && value.includes('@')) return isValidEmail(value) ? value.toLowerCase() : null;
  const cleaned = cleanDevicePhone(value);
  if (!cleaned.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(cleaned);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/**
 * A device is connected while its agent's socket is open and its last ping is at most 30 s old
 * (the spec's rule for the new Android version, applied to every agent).
 */
export function isDeviceConnected(device: { connected: boolean; pingedAt: Date | null }, now: Date): boolean {
  return (
    device.connected &&
    device.pingedAt !== null &&
    now.getTime() - device.pingedAt.getTime() <= DEVICE_PING_FRESH_MS
  );
}

/** The team's local calendar date (YYYY-MM-DD): daily sent/received counters reset when it changes. */
export function localDay(now: Date, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  // A formatter costs far more to build than to use (it was 1% of the server's CPU under load).
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(now);
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Backoff before a job is offered again after a retryable failure: 30 s, then 60 s; the third fails. */
export const JOB_MAX_ATTEMPTS = 3;
export function jobRetryDelayMs(attempt: number): number {
  return 30_000 * 2 ** (attempt - 1);
}

export type JobState = 'queued' | 'offered' | 'accepted' | 'sent' | 'delivered' | 'failed';

/**
 * Whether a device's report may move a job on. The phone is the authority on what left it: 'sent' and
 * 'delivered' move any job that is not finished forward (even one the server took back meanwhile).
 * 'failed' only ends an accepted or sent job, and only for the attempt it is about: a failure of an
 * earlier attempt arriving late must not fail, or retry, a later one.
 */
export function canMoveJob(
  from: JobState,
  to: 'sent' | 'delivered' | 'failed',
  attempts: { job: number; report?: number | undefined } = { job: 1 },
): boolean {
  if (from === 'failed' || from === 'delivered') return false;
  if (to === 'failed')
    return (from === 'accepted' || from === 'sent') && (attempts.report ?? attempts.job) === attempts.job;
  if (to === 'sent') return from !== 'sent';
  return true;
}

/**
 * Whether a member may add, pair or register a device (ADR 031): a phone shows whoever holds it every
 * text it sends and receives, whatever the server hides, so it needs the `phones` permission and read
 * access to every record ('All data', or the admin).
 */
export function mayHoldDevice(user: {
  role: 'admin' | 'member';
  dataAccess: string;
  permissions: readonly PermissionKey[];
}): boolean {
  return can(user, 'phones') && mayReadRecord({ ...user, id: '' }, []);
}
