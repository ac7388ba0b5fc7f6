import { describe, expect, it } from 'vitest';
import {
  appVersionOf,
  formatDeviceCode,
  isFreshWebhookTimestamp,
  jobStepOfAppState,
  normalizeDeviceCode,
  passesAndroidSmsLimit,
  smsGatewaySettings,
} from './sms-gateway.js';

const pacing = { perDay: 100, gapMinMs: 20_000, gapMaxMs: 60_000 };

describe('the SMS Gateway app rules', () => {
  it('maps the app states onto the job lifecycle, forward only', () => {
    expect(jobStepOfAppState('Pending')).toBe('held');
    expect(jobStepOfAppState('Processed')).toBe('held');
    expect(jobStepOfAppState('Sent')).toBe('sent');
    expect(jobStepOfAppState('Delivered')).toBe('delivered');
    expect(jobStepOfAppState('Failed')).toBe('failed');
    expect(jobStepOfAppState('Cancelled')).toBe('failed');
    expect(jobStepOfAppState('Cancelling')).toBe('ignored');
  });

  it('takes a webhook timestamp within five minutes either way, and nothing else', () => {
    const now = new Date('2026-11-28T08:00:00Z');
    const s = now.getTime() / 1000;
    expect(isFreshWebhookTimestamp(String(s), now)).toBe(true);
    expect(isFreshWebhookTimestamp(String(s - 300), now)).toBe(true);
    expect(isFreshWebhookTimestamp(String(s - 301), now)).toBe(false);
    expect(isFreshWebhookTimestamp(String(s + 301), now)).toBe(false);
    expect(isFreshWebhookTimestamp(`${s}.5`, now)).toBe(false);
    expect(isFreshWebhookTimestamp(undefined, now)).toBe(false);
    // Milliseconds are not seconds: the app sends seconds.
    expect(isFreshWebhookTimestamp(String(now.getTime()), now)).toBe(false);
  });

  it('reads a code with or without its space, and only eight digits', () => {
    expect(normalizeDeviceCode('1234 5678')).toBe('12345678');
    expect(normalizeDeviceCode('12345678')).toBe('12345678');
    expect(normalizeDeviceCode('1234567')).toBeNull();
    expect(normalizeDeviceCode('1234567a')).toBeNull();
    expect(formatDeviceCode('12345678')).toBe('1234 5678');
  });

  it("reads the app's version from its User-Agent", () => {
    expect(appVersionOf('me.capcom.smsgateway/1.68.0')).toBe('1.68.0');
    expect(appVersionOf('okhttp/4.12.0')).toBeNull();
    expect(appVersionOf(undefined)).toBeNull();
  });

  it("pushes SSE only, the device's key and the team's pace, never work hours", () => {
    const s = smsGatewaySettings({ pacing, signingKey: 'k', appVersion: '1.68.0' });
    expect(s.gateway).toEqual({ notification_channel: 'SSE_ONLY' });
    expect(s.webhooks).toEqual({ signing_key: 'k' });
    // One text per 20 s at most: 90 per 30 minutes, under the daily 100.
    expect(s.messages).toEqual({
      send_interval_min: 20,
      send_interval_max: 60,
      limit_period: 'Per30Minutes',
      limit_value: 90,
    });
    expect(JSON.stringify(s)).not.toContain('work_hours');
  });

  it('caps the 30-minute limit by the daily limit, and by the gap', () => {
    expect(
      smsGatewaySettings({ pacing: { ...pacing, perDay: 40 }, signingKey: 'k', appVersion: '1.68.0' })
        .messages.limit_value,
    ).toBe(40);
    expect(
      smsGatewaySettings({ pacing: { ...pacing, gapMinMs: 120_000 }, signingKey: 'k', appVersion: '1.68.0' })
        .messages.limit_value,
    ).toBe(15);
  });

  it('gives an app older than 1.68.0 an hourly limit it knows', () => {
    const s = smsGatewaySettings({ pacing, signingKey: 'k', appVersion: '1.67.0' });
    expect(s.messages.limit_period).toBe('PerHour');
    expect(s.messages.limit_value).toBe(100);
    expect(smsGatewaySettings({ pacing, signingKey: 'k', appVersion: null }).messages.limit_period).toBe(
      'PerHour',
    );
  });

  it("says when the team's pace goes past Android's 30 texts a minute", () => {
    expect(passesAndroidSmsLimit(pacing)).toBe(false);
    expect(passesAndroidSmsLimit({ ...pacing, gapMinMs: 2_000 })).toBe(false);
    expect(passesAndroidSmsLimit({ ...pacing, gapMinMs: 1_000 })).toBe(true);
    expect(passesAndroidSmsLimit({ ...pacing, gapMinMs: 0 })).toBe(true);
  });
});
