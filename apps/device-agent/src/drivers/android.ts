import { z } from 'zod';
import { inboundSms, type DeviceJob, type InboundSms } from '@prospector/core/contract/device';
import type { AndroidOptions } from '../config.js';
import type { Logger } from '../logger.js';
import { ExecError, runCommand, type Runner } from './exec.js';
import { startPolling, type Poller } from './poller.js';
import { DriverError, type CursorStore, type Driver } from './types.js';

/**
 * Android through Termux:API (https://wiki.termux.com/wiki/Termux:API). `termux-sms-send` has no
 * delivery receipts and exits 0 whether or not the radio took the text, so `sent` is final here.
 */
export const SEND_COMMAND = 'termux-sms-send';
export const LIST_COMMAND = 'termux-sms-list';
/** `-d` is obsolete in current termux-api (dates are always printed) and harmless in older ones. */
export const LIST_ARGS: readonly string[] = ['-t', 'inbox', '-l', '50', '-d'];
const CURSOR = 'android';
const SEND_TIMEOUT_MS = 60_000;

const PHONE_NUMBER = /^\+?[0-9*#]{3,20}$/;

/**
 * Arguments for `termux-sms-send`. The script runs `getopts` and then `echo "$@" | termux-api SmsSend`
 * under dash, whose `echo` rewrites backslash escapes (`\n`, `\c` cuts the text) and swallows a lone
 * `-n`. So the body goes after `--` (a body starting with `-` is not an option), and a body `echo` would
 * change is passed on stdin instead, which the script reads verbatim when it gets no text argument.
 */
export function buildSendArgs(
  job: Pick<DeviceJob, 'to' | 'body'>,
  simSlot?: number,
): { args: string[]; stdin?: string } {
  const to = job.to.replace(/[\s().-]/g, '');
  // A comma would make termux-sms-send text several numbers; anything else is not a phone number.
  if (!PHONE_NUMBER.test(to)) {
    throw new DriverError(`"${job.to}" is not a phone number this Android phone can text`, {
      retryable: false,
    });
  }
  const args = ['-n', to];
  if (simSlot !== undefined) args.push('-s', String(simSlot));
  if (job.body.includes('\\') || job.body === '-n') return { args, stdin: job.body };
  return { args: [...args, '--', job.body] };
}

/** One element of `termux-sms-list` output (SmsInboxAPI.writeElement in termux-api). */
const termuxSms = z.object({
  _id: z.number().int(),
  threadid: z.number().int().optional(),
  type: z.string().optional(),
  read: z.boolean().optional(),
  sender: z.string().optional(),
  /** Newer termux-api prints `address`; `number` is kept as its deprecated alias. */
  address: z.string().nullable().optional(),
  number: z.string().nullable().optional(),
  received: z.string(),
  body: z.string().nullable().optional(),
});
export type TermuxSms = z.infer<typeof termuxSms>;

function termuxError(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  return String((data as { error: unknown }).error);
}

/** Parses `termux-sms-list` output: a JSON array, or `{ "error": … }` when a permission is missing. */
export function parseSmsList(stdout: string): TermuxSms[] {
  const text = stdout.trim();
  if (text === '') return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${LIST_COMMAND} printed something that is not JSON: ${text.slice(0, 200)}`);
  }
  if (!Array.isArray(data)) {
    const error = termuxError(data);
    throw new Error(
      error
        ? `${LIST_COMMAND}: ${error} (open Termux:API's app info and allow SMS)`
        : `${LIST_COMMAND} printed unexpected JSON: ${text.slice(0, 200)}`,
    );
  }
  return data.flatMap((item) => {
    const parsed = termuxSms.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** termux-api prints `yyyy-MM-dd HH:mm:ss` in the phone's time zone, which is also this process's. */
export function termuxDateToIso(received: string, fallback: Date = new Date()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(received.trim());
  if (!m) return fallback.toISOString();
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s).toISOString();
}

export function highestSmsId(list: readonly TermuxSms[], floor = 0): number {
  return list.reduce((max, sms) => Math.max(max, sms._id), floor);
}

/** Inbox texts newer than `cursor`, oldest first, in the wire format; texts it cannot read are skipped. */
export function selectNewInbound(list: readonly TermuxSms[], cursor: number): InboundSms[] {
  return list
    .filter((sms) => sms._id > cursor && (sms.type === undefined || sms.type === 'inbox'))
    .sort((a, b) => a._id - b._id)
    .flatMap((sms) => {
      const parsed = inboundSms.safeParse({
        id: String(sms._id),
        from: sms.address ?? sms.number ?? '',
        body: sms.body ?? '',
        at: termuxDateToIso(sms.received),
      });
      return parsed.success ? [parsed.data] : [];
    });
}

/** Maps a failed `termux-sms-send` run to what the server needs to know. */
export function describeSendFailure(err: unknown): DriverError {
  if (err instanceof DriverError) return err;
  if (!(err instanceof ExecError)) {
    return new DriverError(`${SEND_COMMAND} failed: ${String(err)}`, { retryable: false, cause: err });
  }
  const output = `${err.stderr}\n${err.stdout}`.trim();
  switch (err.kind) {
    case 'not-found':
    case 'not-permitted':
      return new DriverError(
        `${SEND_COMMAND} is not installed: run "pkg install termux-api" in Termux and install the Termux:API app`,
        { retryable: false, cause: err },
      );
    case 'timeout':
      return new DriverError(
        `${SEND_COMMAND} did not answer within ${SEND_TIMEOUT_MS / 1000} s (is the Termux:API app installed?); ` +
          'the text may or may not have left the phone',
        { retryable: false, cause: err },
      );
    case 'exit':
      // The script's own checks ("termux-sms-send: …") run before anything is handed to Android.
      return new DriverError(`${SEND_COMMAND} exited with ${err.exitCode}: ${output.slice(0, 300)}`, {
        retryable: output.startsWith(`${SEND_COMMAND}:`),
        cause: err,
      });
  }
}

export function createAndroidDriver(
  options: AndroidOptions,
  deps: { cursorStore: CursorStore; logger: Logger; run?: Runner },
): Driver {
  const run = deps.run ?? runCommand;
  const { cursorStore, logger } = deps;
  let poller: Poller | undefined;
  let battery: { at: number; value: number | undefined } = { at: 0, value: undefined };

  const poll = async (onInbound: (messages: InboundSms[]) => void) => {
    const { stdout } = await run(LIST_COMMAND, LIST_ARGS, { timeoutMs: 30_000 });
    const list = parseSmsList(stdout);
    const saved = cursorStore.getCursor(CURSOR);
    if (saved === undefined) {
      // First start: the inbox's history is not ours to import.
      cursorStore.setCursor(CURSOR, String(highestSmsId(list)));
      logger.info('android: watching the inbox from now on', { skipped: list.length });
      return;
    }
    const cursor = Number(saved);
    const messages = selectNewInbound(list, cursor);
    if (messages.length > 0) onInbound(messages);
    const next = highestSmsId(list, cursor);
    if (next > cursor) cursorStore.setCursor(CURSOR, String(next));
  };

  return {
    platform: 'android',
    async start(onInbound) {
      poller = startPolling('android: reading the inbox', () => poll(onInbound), options.pollMs, logger);
    },
    async send(job) {
      const { args, stdin } = buildSendArgs(job, options.simSlot);
      let result;
      try {
        result = await run(SEND_COMMAND, args, { stdin, timeoutMs: SEND_TIMEOUT_MS });
      } catch (err) {
        throw describeSendFailure(err);
      }
      const error = parseSendOutput(result.stdout);
      if (error) throw new DriverError(`${SEND_COMMAND}: ${error}`, { retryable: false });
      if (result.stderr.trim())
        logger.warn('android: termux-sms-send wrote to stderr', { stderr: result.stderr.trim() });
    },
    async stop() {
      await poller?.stop();
      poller = undefined;
    },
    async readBattery() {
      // Each call wakes the Termux:API app; once a minute is plenty for a battery level.
      if (Date.now() - battery.at < 60_000) return battery.value;
      battery = { at: Date.now(), value: await readBatteryLevel(run) };
      return battery.value;
    },
  };
}

async function readBatteryLevel(run: Runner): Promise<number | undefined> {
  try {
    const { stdout } = await run('termux-battery-status', [], { timeoutMs: 10_000 });
    const percentage = (JSON.parse(stdout) as { percentage?: unknown }).percentage;
    return typeof percentage === 'number' && percentage >= 0 && percentage <= 100 ? percentage : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `termux-sms-send` prints nothing when Android took the text. A missing permission comes back as
 * `{"error": "Please grant the following permission…"}` on stdout with exit code 0.
 */
export function parseSendOutput(stdout: string): string | undefined {
  const text = stdout.trim();
  if (text === '') return undefined;
  try {
    return termuxError(JSON.parse(text)) ?? undefined;
  } catch {
    return undefined;
  }
}
