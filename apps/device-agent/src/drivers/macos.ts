import { inboundSms, type DeviceJob, type InboundSms } from '@prospector/core/contract/device';
import type { MacosOptions } from '../config.js';
import type { Logger } from '../logger.js';
import { ExecError, runCommand, type Runner } from './exec.js';
import { startPolling, type Poller } from './poller.js';
import { DriverError, type CursorStore, type Driver, type OnDelivered } from './types.js';

/**
 * A Mac paired with an iPhone: sends through Messages (AppleScript via `osascript`), reads what arrives
 * from Messages' own database `chat.db` with the `sqlite3` command line (read-only).
 */
const CURSOR = 'macos';
const SEND_TIMEOUT_MS = 60_000;
/** Apple's epoch, 2001-01-01T00:00:00Z, in Unix milliseconds. */
const APPLE_EPOCH_MS = 978_307_200_000;
/** Messages marks a forwarded SMS delivered within seconds; stop looking after ten minutes. */
const DELIVERY_WATCH_MS = 10 * 60 * 1000;

/**
 * The text and the recipient arrive as `argv`, never spliced into the source, so no text can change
 * what the script does. `participant`/`account` are the Messages dictionary names since macOS 12.
 */
export const SEND_SCRIPT = `on run argv
  set recipientId to item 1 of argv
  set messageText to item 2 of argv
  set serviceName to item 3 of argv
  tell application "Messages"
    if serviceName is "iMessage" then
      set targetAccount to 1st account whose service type = iMessage
    else
      set targetAccount to 1st account whose service type = SMS
    end if
    set targetParticipant to participant recipientId of targetAccount
    send messageText to targetParticipant
  end tell
end run`;

export function buildOsascriptArgs(
  job: Pick<DeviceJob, 'to' | 'body'>,
  service: MacosOptions['service'],
): string[] {
  const to = job.to.trim();
  // osascript would read a leading '-' as one of its own options.
  if (to === '' || to.startsWith('-')) {
    throw new DriverError(`"${job.to}" is not a phone number or Apple ID`, { retryable: false });
  }
  return ['-e', SEND_SCRIPT, to, job.body, service];
}

/** Apple's `date` column: nanoseconds since 2001-01-01 (seconds before macOS 10.13). */
export function appleDateToIso(value: number | string | bigint): string {
  const big =
    typeof value === 'bigint' ? value : BigInt(typeof value === 'number' ? Math.trunc(value) : value);
  const abs = big < 0n ? -big : big;
  const ms = abs > 100_000_000_000n ? Number(big / 1_000_000n) : Number(big) * 1000;
  return new Date(APPLE_EPOCH_MS + ms).toISOString();
}

function assertRowid(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`bad chat.db ROWID cursor: ${value}`);
  return value;
}

/**
 * Texts received after `afterRowid`: one-to-one chats only (`cache_roomnames IS NULL`), no tapbacks
 * (`associated_message_type = 0`) or group events (`item_type = 0`). Newer macOS often leaves `text`
 * empty and keeps the words in `attributedBody`, so that comes along as hex.
 */
export function buildInboundQuery(afterRowid: number, limit = 200): string {
  return [
    'SELECT m.ROWID AS rowid, m.guid AS guid, m.text AS text, hex(m.attributedBody) AS body_hex,',
    '  h.id AS sender, m.date AS date, m.service AS service',
    'FROM message AS m JOIN handle AS h ON h.ROWID = m.handle_id',
    `WHERE m.ROWID > ${assertRowid(afterRowid)} AND m.is_from_me = 0 AND m.item_type = 0`,
    '  AND m.associated_message_type = 0 AND m.cache_roomnames IS NULL',
    `ORDER BY m.ROWID ASC LIMIT ${assertRowid(limit)};`,
  ].join('\n');
}

export const MAX_ROWID_QUERY = 'SELECT COALESCE(MAX(ROWID), 0) AS rowid FROM message;';

/** Our own texts after `afterRowid`, with Messages' delivery flag. */
export function buildDeliveryQuery(afterRowid: number, limit = 1000): string {
  return [
    'SELECT m.ROWID AS rowid, m.text AS text, hex(m.attributedBody) AS body_hex, h.id AS recipient,',
    '  m.is_delivered AS is_delivered, m.error AS error',
    'FROM message AS m JOIN handle AS h ON h.ROWID = m.handle_id',
    `WHERE m.ROWID > ${assertRowid(afterRowid)} AND m.is_from_me = 1`,
    `ORDER BY m.ROWID ASC LIMIT ${assertRowid(limit)};`,
  ].join('\n');
}

/** `sqlite3 -json` prints `[{…},\n{…}]`, or nothing at all for no rows. */
export function parseSqliteJson(stdout: string): Record<string, unknown>[] {
  const text = stdout.trim();
  if (text === '') return [];
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error(`sqlite3 printed unexpected JSON: ${text.slice(0, 200)}`);
  return data.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);
}

/**
 * The plain text inside an `attributedBody` blob (an NSAttributedString in Apple's typedstream format):
 * after the `NSString` class name come `01 94 84 01 2B` ('+'), a length (one byte; `0x81` + 2 bytes
 * little-endian; `0x82` + 4 bytes), then that many UTF-8 bytes.
 */
export function decodeAttributedBody(hex: string): string | undefined {
  if (!hex) return undefined;
  const blob = Buffer.from(hex, 'hex');
  const marker = blob.indexOf('NSString', 0, 'latin1');
  if (marker < 0) return undefined;
  const plus = blob.indexOf(0x2b, marker + 8);
  if (plus < 0 || plus > marker + 16) return undefined;
  let at = plus + 1;
  const first = blob[at];
  let length: number;
  if (first === undefined) return undefined;
  if (first === 0x81) {
    length = blob.readUInt16LE(at + 1);
    at += 3;
  } else if (first === 0x82) {
    length = blob.readUInt32LE(at + 1);
    at += 5;
  } else {
    length = first;
    at += 1;
  }
  if (at + length > blob.length) return undefined;
  return blob.subarray(at, at + length).toString('utf8');
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rowText(row: Record<string, unknown>): string {
  return str(row.text) ?? decodeAttributedBody(str(row.body_hex) ?? '') ?? '';
}

/** Rows of `buildInboundQuery` in the wire format; rows it cannot read are skipped. */
export function rowsToInbound(rows: readonly Record<string, unknown>[]): InboundSms[] {
  return rows.flatMap((row) => {
    const date = row.date;
    const parsed = inboundSms.safeParse({
      id: str(row.guid),
      from: str(row.sender),
      body: rowText(row).slice(0, 5000),
      at: typeof date === 'number' || typeof date === 'string' ? appleDateToIso(date) : undefined,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

/** Handles compare by digits for phone numbers, case-insensitively for Apple IDs. */
export function sameHandle(a: string, b: string): boolean {
  if (a.includes('@') || b.includes('@')) return a.trim().toLowerCase() === b.trim().toLowerCase();
  const digits = (s: string) => s.replace(/\D/g, '');
  return digits(a) !== '' && digits(a) === digits(b);
}

/** Maps a failed `osascript` run. AppleScript errors end with their number, e.g. `(-1743)`. */
export function describeOsascriptFailure(err: unknown, service: MacosOptions['service']): DriverError {
  if (!(err instanceof ExecError))
    return new DriverError(`osascript failed: ${String(err)}`, { retryable: false });
  if (err.kind === 'not-found' || err.kind === 'not-permitted') {
    return new DriverError('osascript was not found: the macOS driver needs macOS', { retryable: false });
  }
  if (err.kind === 'timeout') {
    return new DriverError('Messages did not answer within 60 s; the text may or may not have been sent', {
      retryable: false,
    });
  }
  const stderr = err.stderr.trim();
  const code = /\((-?\d+)\)\s*$/.exec(stderr)?.[1];
  const fail = (message: string, retryable: boolean) =>
    new DriverError(`${message} [${stderr.slice(0, 200)}]`, { retryable, cause: err });
  switch (code) {
    case '-1743':
      return fail(
        'macOS did not let this terminal control Messages: allow it in System Settings → Privacy & Security → Automation',
        false,
      );
    case '-600':
      return fail('Messages is not running', true);
    case '-1728':
    case '-1719':
      return stderr.includes('account')
        ? fail(
            service === 'SMS'
              ? 'Messages has no SMS account: turn on Text Message Forwarding for this Mac on the iPhone'
              : 'Messages is not signed in to iMessage',
            false,
          )
        : fail('Messages could not find this recipient', false);
    default:
      return fail('Messages refused the text', false);
  }
}

type PendingDelivery = { jobId: string; to: string; body: string; afterRowid: number; since: number };

export function createMacosDriver(
  options: MacosOptions,
  deps: { cursorStore: CursorStore; logger: Logger; run?: Runner },
): Driver {
  const run = deps.run ?? runCommand;
  const { cursorStore, logger } = deps;
  const sqlite = async (query: string) =>
    parseSqliteJson(
      (await run('sqlite3', ['-readonly', '-json', options.chatDbPath, query], { timeoutMs: 30_000 })).stdout,
    );
  let poller: Poller | undefined;
  let pending: PendingDelivery[] = [];

  const pollInbound = async (onInbound: (messages: InboundSms[]) => void) => {
    const saved = cursorStore.getCursor(CURSOR);
    if (saved === undefined) {
      // First start: the history already in Messages is not ours to import.
      const max = Number((await sqlite(MAX_ROWID_QUERY))[0]?.rowid ?? 0);
      cursorStore.setCursor(CURSOR, String(max));
      logger.info('macos: watching Messages from now on', { afterRowid: max });
      return;
    }
    const rows = await sqlite(buildInboundQuery(Number(saved)));
    const messages = rowsToInbound(rows);
    if (messages.length > 0) onInbound(messages);
    const last = rows.at(-1)?.rowid;
    if (typeof last === 'number' && last > Number(saved)) cursorStore.setCursor(CURSOR, String(last));
  };

  const pollDeliveries = async (onDelivered: OnDelivered) => {
    pending = pending.filter((p) => Date.now() - p.since < DELIVERY_WATCH_MS);
    if (pending.length === 0) return;
    const rows = await sqlite(buildDeliveryQuery(Math.min(...pending.map((p) => p.afterRowid))));
    for (const row of rows) {
      if (row.is_delivered !== 1) continue;
      const text = rowText(row).trim();
      const match = pending.find(
        (p) =>
          typeof row.rowid === 'number' &&
          row.rowid > p.afterRowid &&
          sameHandle(str(row.recipient) ?? '', p.to) &&
          p.body.trim() === text,
      );
      if (!match) continue;
      pending = pending.filter((p) => p !== match);
      onDelivered(match.jobId);
    }
  };

  return {
    platform: 'macos',
    async start(onInbound, onDelivered) {
      const tick = async () => {
        await pollInbound(onInbound);
        if (onDelivered) await pollDeliveries(onDelivered);
      };
      poller = startPolling('macos: reading chat.db', tick, options.pollMs, logger);
    },
    async send(job) {
      const args = buildOsascriptArgs(job, options.service);
      // Where our row will appear, to find its delivery flag later (best effort).
      const afterRowid = await sqlite(MAX_ROWID_QUERY).then(
        (rows) => Number(rows[0]?.rowid ?? 0),
        () => Number(cursorStore.getCursor(CURSOR) ?? Number.MAX_SAFE_INTEGER),
      );
      try {
        await run('osascript', args, { timeoutMs: SEND_TIMEOUT_MS });
      } catch (err) {
        throw describeOsascriptFailure(err, options.service);
      }
      pending.push({ jobId: job.id, to: job.to, body: job.body, afterRowid, since: Date.now() });
    },
    async stop() {
      await poller?.stop();
      poller = undefined;
    },
  };
}
