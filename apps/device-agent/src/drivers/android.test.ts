import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../logger.js';
import {
  buildSendArgs,
  createAndroidDriver,
  describeSendFailure,
  LIST_ARGS,
  parseSendOutput,
  parseSmsList,
  selectNewInbound,
  termuxDateToIso,
} from './android.js';
import { ExecError, type Runner } from './exec.js';
import { DriverError, type CursorStore } from './types.js';

// Output of `termux-sms-list -t inbox -l 50 -d` on termux-api 0.59 (SmsInboxAPI.writeElement's keys).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const job = (to: string, body: string) => ({ to, body });

describe('buildSendArgs', () => {
  it('passes the number with -n and the body as the last argument, after --', () => {
    expect(buildSendArgs(job('+14155550123', 'Hi Dana, is 12 Elm St still for sale?'))).toEqual({
      args: ['-n', '+14155550123', '--', 'Hi Dana, is 12 Elm St still for sale?'],
    });
  });

  it('adds -s with the SIM slot when one is configured', () => {
    expect(buildSendArgs(job('+14155550123', 'Hello'), 1).args).toEqual([
      '-n',
      '+14155550123',
      '-s',
      '1',
      '--',
      'Hello',
    ]);
  });

  it('keeps shell characters as plain text in one argument', () => {
    const body = 'Price: $250k; "cash" `now` & $(reboot) | *';
    expect(buildSendArgs(job('+14155550123', body)).args.at(-1)).toBe(body);
  });

  it('sends bodies that echo would rewrite through stdin instead', () => {
    expect(buildSendArgs(job('+14155550123', 'C:\\new\\cabin'))).toEqual({
      args: ['-n', '+14155550123'],
      stdin: 'C:\\new\\cabin',
    });
    expect(buildSendArgs(job('+14155550123', '-n')).stdin).toBe('-n');
  });

  it('strips formatting from the number and refuses what is not one', () => {
    expect(buildSendArgs(job('+1 (415) 555-0123', 'x')).args[1]).toBe('+14155550123');
    for (const to of ['+14155550123,+13125550199', 'dana@example.com', '-s 2']) {
      expect(() => buildSendArgs(job(to, 'x'))).toThrow(DriverError);
    }
  });
});

describe('parseSmsList', () => {
  it('reads the messages termux-sms-list prints', () => {
    const list = parseSmsList(fixture('termux-sms-list.json'));
    expect(list.map((m) => m._id)).toEqual([1838, 1841, 1846]);
    expect(list[1]).toMatchObject({ address: '+14155550123', sender: 'Dana Whitfield', type: 'inbox' });
  });

  it('reads the older output without `address`', () => {
    const old =
      '[{"threadid":2,"type":"inbox","read":true,"number":"+14155550123","received":"2019-06-02 18:22:09","body":"ok","_id":77}]';
    expect(selectNewInbound(parseSmsList(old), 0)).toEqual([
      { id: '77', from: '+14155550123', body: 'ok', at: new Date(2019, 5, 2, 18, 22, 9).toISOString() },
    ]);
  });

  it('treats empty output as no messages', () => {
    expect(parseSmsList('')).toEqual([]);
    expect(parseSmsList('[]\n')).toEqual([]);
  });

  it('explains a missing SMS permission', () => {
    expect(() => parseSmsList(fixture('termux-sms-list-permission.json'))).toThrow(
      /android.permission.READ_SMS/,
    );
  });
});

describe('selectNewInbound', () => {
  it('returns only texts after the cursor, oldest first, with local times as ISO', () => {
    const list = parseSmsList(fixture('termux-sms-list.json')).reverse();
    expect(selectNewInbound(list, 1838)).toEqual([
      {
        id: '1841',
        from: '+14155550123',
        body: 'Yes, still interested in selling. Call me after 5',
        at: new Date(2025, 2, 14, 9, 41, 7).toISOString(),
      },
      {
        id: '1846',
        from: '+13125550199',
        body: 'Who is this?\nPlease remove me from your list 🙏',
        at: new Date(2025, 2, 14, 10, 15, 33).toISOString(),
      },
    ]);
  });

  it('falls back to now for a date it cannot read', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(termuxDateToIso('yesterday', now)).toBe(now.toISOString());
  });
});

describe('send failures', () => {
  it('reports a missing termux-api as not retryable, saying how to install it', () => {
    const err = describeSendFailure(new ExecError('not-found', 'termux-sms-send', null, '', ''));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/pkg install termux-api/);
  });

  it('reports the script refusing its arguments as retryable: nothing reached Android', () => {
    const err = describeSendFailure(
      new ExecError('exit', 'termux-sms-send', 1, 'termux-sms-send: no recipient number given\n', ''),
    );
    expect(err.retryable).toBe(true);
  });

  it('reports a hang or an unknown exit as not retryable: the text may have left', () => {
    expect(describeSendFailure(new ExecError('timeout', 'termux-sms-send', null, '', '')).retryable).toBe(
      false,
    );
    expect(describeSendFailure(new ExecError('exit', 'termux-sms-send', 137, '', 'Killed')).retryable).toBe(
      false,
    );
  });

  it('finds the permission error printed on stdout with exit code 0', () => {
    const out =
      '{\n  "error": "Please grant the following permission to use this command: android.permission.SEND_SMS"\n}\n';
    expect(parseSendOutput(out)).toMatch(/SEND_SMS/);
    expect(parseSendOutput('')).toBeUndefined();
  });
});

describe('the Android driver', () => {
  const memoryCursor = (): CursorStore & { values: Map<string, string> } => {
    const values = new Map<string, string>();
    return { values, getCursor: (d) => values.get(d), setCursor: (d, v) => void values.set(d, v) };
  };

  it('skips the existing inbox on first start and then hands over only new texts', async () => {
    let output = fixture('termux-sms-list.json');
    const calls: string[][] = [];
    const run: Runner = async (file, args) => {
      calls.push([file, ...args]);
      return { stdout: output, stderr: '' };
    };
    const cursor = memoryCursor();
    const received: string[] = [];
    const driver = createAndroidDriver(
      { pollMs: 20 },
      { cursorStore: cursor, logger: createMemoryLogger(), run },
    );
    await driver.start((messages) => received.push(...messages.map((m) => m.id)));
    await expect.poll(() => cursor.values.get('android')).toBe('1846');
    output = output.replace(
      '\n]',
      ',\n  {"threadid":41,"type":"inbox","read":false,"address":"+14155550123","number":"+14155550123","received":"2025-03-14 11:00:00","body":"Call me","_id":1850}\n]',
    );
    await expect.poll(() => received).toEqual(['1850']);
    await driver.stop();
    expect(cursor.values.get('android')).toBe('1850');
    expect(calls[0]).toEqual(['termux-sms-list', ...LIST_ARGS]);
  });

  it('runs termux-sms-send with the argument list and fails the send on a permission error', async () => {
    const calls: { args: readonly string[]; stdin?: string }[] = [];
    let stdout = '';
    const run: Runner = async (_file, args, options) => {
      calls.push({ args, stdin: options?.stdin });
      return { stdout, stderr: '' };
    };
    const driver = createAndroidDriver(
      { pollMs: 5000, simSlot: 0 },
      { cursorStore: memoryCursor(), logger: createMemoryLogger(), run },
    );
    const sms = { id: '5b0c6f7e-8a1d-4c4e-9d51-0f7a1b2c3d4e', to: '+14155550123', body: 'Hello', attempt: 1 };
    await driver.send(sms);
    expect(calls[0]).toEqual({ args: ['-n', '+14155550123', '-s', '0', '--', 'Hello'], stdin: undefined });
    stdout =
      '{"error": "Please grant the following permission to use this command: android.permission.SEND_SMS"}';
    await expect(driver.send(sms)).rejects.toMatchObject({ retryable: false, message: /SEND_SMS/ });
  });
});
