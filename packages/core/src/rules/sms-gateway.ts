/**
 * Rules of the SMS Gateway for Android app (capcom6/android-sms-gateway v1.68.0) in private server
 * mode, where the app calls our mobile API (docs/device-protocol.md, "SMS Gateway app"). Pure: the
 * server enforces them, the web shows what they imply.
 */

/** A one-time code lives 10 minutes and registers one phone. */
export const DEVICE_CODE_TTL_MS = 10 * 60_000;
/** Digits of a one-time code: the app's "Login Code" field takes digits only (inputType number). */
export const DEVICE_CODE_DIGITS = 8;
/** A signed webhook is taken only while its X-Timestamp is this close to the server's clock. */
export const WEBHOOK_REPLAY_WINDOW_S = 300;
/** The mobile API's path under the public URL: the app's "API URL" is PUBLIC_URL + this. */
export const SMS_GATEWAY_API_PATH = '/api/mobile/v1';
/**
 * Android lets an app send this many texts per minute before it asks the owner (AOSP SmsUsageMonitor:
 * 30 per 60,000 ms since Android 4.2; it was 100 per 30 minutes before). Raised with
 * `adb shell settings put global sms_outgoing_check_max_count N`.
 */
export const ANDROID_SMS_PER_MINUTE = 30;
/** Where the app is downloaded: the project's GitHub releases. */
export const SMS_GATEWAY_RELEASES_URL = 'https://github.com/capcom6/android-sms-gateway/releases';
/** The release the mobile API was built against. */
export const SMS_GATEWAY_APP_VERSION = '1.68.0';

/** The app's processing states (`ProcessingState.kt`), as it sends them in PATCH /message. */
export type AppProcessingState =
  'Pending' | 'Cancelling' | 'Cancelled' | 'Processed' | 'Sent' | 'Delivered' | 'Failed';

/**
 * What an app state means for our job: `held` (the phone has the text, nothing sent yet: the job is
 * no longer offered again), a report state for applyReports, or `ignored`.
 */
export function jobStepOfAppState(
  state: AppProcessingState,
): 'held' | 'sent' | 'delivered' | 'failed' | 'ignored' {
  switch (state) {
    case 'Pending':
    case 'Processed':
      return 'held';
    case 'Sent':
      return 'sent';
    case 'Delivered':
      return 'delivered';
    case 'Failed':
    case 'Cancelled':
      return 'failed';
    default:
      return 'ignored';
  }
}

/** The webhook events the app posts for our texts, and what each means for the job. */
export const WEBHOOK_STATE_EVENTS = {
  'sms:sent': 'sent',
  'sms:delivered': 'delivered',
  'sms:failed': 'failed',
} as const;

/** Every event the server asks the app to post (GET /webhooks). */
export const SMS_GATEWAY_WEBHOOK_EVENTS = [
  'sms:received',
  'sms:sent',
  'sms:delivered',
  'sms:failed',
] as const;

/** True when a webhook's X-Timestamp (Unix seconds, as the app sends it) is within the replay window. */
export function isFreshWebhookTimestamp(header: string | undefined, now: Date): boolean {
  if (!header || !/^\d{1,12}$/.test(header)) return false;
  return Math.abs(now.getTime() / 1000 - Number(header)) <= WEBHOOK_REPLAY_WINDOW_S;
}

/** A code as the member reads it and the phone may type it: digits, spaces ignored. */
export function normalizeDeviceCode(raw: string): string | null {
  const code = raw.replace(/\s+/g, '');
  return new RegExp(`^\\d{${DEVICE_CODE_DIGITS}}$`).test(code) ? code : null;
}

/** `12345678` → `1234 5678`, easier to read out and type. */
export function formatDeviceCode(code: string): string {
  return code.replace(/^(\d{4})(\d{4})$/, '$1 $2');
}

/** The app's version from its User-Agent (`me.capcom.smsgateway/1.68.0`), or null. */
export function appVersionOf(userAgent: string | undefined): string | null {
  const m = /me\.capcom\.smsgateway\/(\d+)\.(\d+)\.(\d+)/.exec(userAgent ?? '');
  return m ? `${m[1]}.${m[2]}.${m[3]}` : null;
}

function atLeast(version: string | null, wanted: string): boolean {
  if (!version) return false;
  const a = version.split('.').map(Number);
  const b = wanted.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

export type TeamPacing = {
  /** The team's daily texting limit per phone for campaigns (`ppgl`). */
  perDay: number;
  /** The campaign engine's random gap between two texts of one phone. */
  gapMinMs: number;
  gapMaxMs: number;
};

/**
 * The settings pushed to the app (GET /settings; keys of the app's `*Settings.import`): notifications
 * over our SSE stream only (no Firebase), the device's webhook signing key, and the pace the team's
 * campaigns already keep — the gap between texts as the app's send interval, and no more texts per
 * 30 minutes than that gap allows (capped by the daily limit), so a backlog the phone takes after a
 * spell away drains at the campaign's pace instead of all at once. Work hours are not pushed: the
 * team's quiet hours are kept by the server, which queues nothing then. Apps older than 1.68.0 know no
 * `Per30Minutes` period (an unknown one makes them refuse every setting): they get the hourly twice.
 */
export function smsGatewaySettings(input: {
  pacing: TeamPacing;
  signingKey: string;
  appVersion: string | null;
}) {
  const { pacing } = input;
  const intervalMin = Math.floor(pacing.gapMinMs / 1000);
  const intervalMax = Math.max(intervalMin, Math.floor(pacing.gapMaxMs / 1000));
  const per30 = Math.max(
    1,
    Math.min(pacing.perDay, pacing.gapMinMs > 0 ? Math.floor(1_800_000 / pacing.gapMinMs) : pacing.perDay),
  );
  const has30 = atLeast(input.appVersion, '1.68.0');
  return {
    gateway: { notification_channel: 'SSE_ONLY' },
    webhooks: { signing_key: input.signingKey },
    messages: {
      send_interval_min: intervalMin,
      send_interval_max: intervalMax,
      limit_period: has30 ? 'Per30Minutes' : 'PerHour',
      limit_value: has30 ? per30 : Math.min(pacing.perDay, per30 * 2),
    },
  };
}

/**
 * Whether the send interval pushed to the phone lets it send more texts in a minute than Android allows
 * an app before it asks the owner (the app sends no faster than its minimum interval).
 */
export function passesAndroidSmsLimit(pacing: TeamPacing): boolean {
  const { send_interval_min: seconds } = smsGatewaySettings({
    pacing,
    signingKey: '',
    appVersion: SMS_GATEWAY_APP_VERSION,
  }).messages;
  return seconds <= 0 || Math.floor(60 / seconds) > ANDROID_SMS_PER_MINUTE;
}
