import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExecError, runCommand } from './exec.js';
import {
  appleDateToIso,
  buildInboundQuery,
  buildOsascriptArgs,
  decodeAttributedBody,
  describeOsascriptFailure,
  MAX_ROWID_QUERY,
  parseSqliteJson,
  rowsToInbound,
  sameHandle,
  SEND_SCRIPT,
} from './macos.js';
import { DriverError } from './types.js';

/** An `attributedBody` as Messages stores it: an NSAttributedString in Apple's typedstream format. */
function attributedBodyHex(text: string): string {
  const utf8 = Buffer.from(text, 'utf8');
  const length =
    utf8.length < 0x80
      ? Buffer.from([utf8.length])
      : Buffer.concat([Buffer.from([0x81]), Buffer.from([utf8.length & 0xff, utf8.length >> 8])]);
  return Buffer.concat([
    Buffer.from('040b73747265616d747970656481e803840140848484', 'hex'),
    Buffer.from(
      '\x12NSAttributedString\x00\x84\x84\x08NSObject\x00\x85\x92\x84\x84\x84\x08NSString\x01\x94\x84\x01+',
      'latin1',
    ),
    length,
    utf8,
    Buffer.from(
      '8684026949011e928484840c4e5344696374696f6e617279009484016901928496961d5f5f6b494d4d657373616765506172744174747269627574654e616d658692848484084e534e756d626572008484074e5356616c7565009484012a849999008686',
      'hex',
    ),
  ])
    .toString('hex')
    .toUpperCase();
}

// `sqlite3 -readonly -json chat.db "<buildInboundQuery(48210)>"` on macOS 14: one row per line.
const INBOUND_OUTPUT = `[{"rowid":48213,"guid":"6F1C2A7E-5B3D-4E8A-9C0F-2D4B6A8E1F30","text":"Yes I'm interested, call me tomorrow","body_hex":"","sender":"+14155550123","date":763650066512345000,"service":"SMS"},
{"rowid":48215,"guid":"A4E90B1D-77C2-4F5B-8E3A-1C9D2B7F6E05","text":null,"body_hex":"${attributedBodyHex('Not interested. Stop texting me')}","sender":"+13125550199","date":763650391000000000,"service":"iMessage"}]
`;

describe('buildOsascriptArgs', () => {
  it('passes the recipient, the text and the service as arguments to a fixed script', () => {
    const body = 'He said "no" — end tell\nend run\ndo shell script "rm -rf ~"';
    expect(buildOsascriptArgs({ to: '+14155550123', body }, 'SMS')).toEqual([
      '-e',
      SEND_SCRIPT,
      '+14155550123',
      body,
      'SMS',
    ]);
    expect(SEND_SCRIPT).toMatch(/^on run argv/);
    expect(SEND_SCRIPT).not.toContain('+14155550123');
  });

  it('supports iMessage and refuses a recipient osascript would read as an option', () => {
    expect(buildOsascriptArgs({ to: 'dana@icloud.com', body: 'Hi' }, 'iMessage').at(-1)).toBe('iMessage');
    expect(() => buildOsascriptArgs({ to: '-e', body: 'Hi' }, 'SMS')).toThrow(DriverError);
  });
});

describe('appleDateToIso', () => {
  it('converts nanoseconds since 2001-01-01', () => {
    expect(appleDateToIso(0)).toBe('2001-01-01T00:00:00.000Z');
    expect(appleDateToIso('763650066512345000')).toBe('2025-03-14T13:01:06.512Z');
    expect(appleDateToIso(763650066512345000n)).toBe('2025-03-14T13:01:06.512Z');
  });

  it('converts the seconds older macOS stored', () => {
    expect(appleDateToIso(500_000_000)).toBe('2016-11-05T00:53:20.000Z');
  });
});

describe('parseSqliteJson and rowsToInbound', () => {
  it('turns sqlite3 -json rows into inbound texts, reading attributedBody when text is empty', () => {
    expect(rowsToInbound(parseSqliteJson(INBOUND_OUTPUT))).toEqual([
      {
        id: '6F1C2A7E-5B3D-4E8A-9C0F-2D4B6A8E1F30',
        from: '+14155550123',
        body: "Yes I'm interested, call me tomorrow",
        at: '2025-03-14T13:01:06.512Z',
      },
      {
        id: 'A4E90B1D-77C2-4F5B-8E3A-1C9D2B7F6E05',
        from: '+13125550199',
        body: 'Not interested. Stop texting me',
        at: '2025-03-14T13:06:31.000Z',
      },
    ]);
  });

  it('reads no output as no rows', () => {
    expect(parseSqliteJson('')).toEqual([]);
  });

  it('decodes long and non-ASCII attributed bodies', () => {
    const long = `${'Très bien 👍 '.repeat(20)}end`;
    expect(decodeAttributedBody(attributedBodyHex(long))).toBe(long);
    expect(decodeAttributedBody('')).toBeUndefined();
    expect(decodeAttributedBody('DEADBEEF')).toBeUndefined();
  });
});

describe('buildInboundQuery', () => {
  it('selects received one-to-one texts after the cursor, and refuses a cursor that is not a row id', () => {
    const sql = buildInboundQuery(48210);
    expect(sql).toContain('m.ROWID > 48210');
    expect(sql).toContain('m.is_from_me = 0');
    expect(() => buildInboundQuery(Number.NaN)).toThrow();
    expect(() => buildInboundQuery(1.5)).toThrow();
  });

  const hasSqlite = (() => {
    try {
      execFileSync('sqlite3', ['-version']);
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasSqlite)(
    'runs against a database with chat.db’s tables through the sqlite3 command',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdb-'));
      const db = path.join(dir, 'chat.db');
      const body = attributedBodyHex('Sounds good, Thursday works');
      execFileSync('sqlite3', [
        db,
        `CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, service TEXT NOT NULL);
       CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT,
         attributedBody BLOB, handle_id INTEGER DEFAULT 0, service TEXT, date INTEGER, is_from_me INTEGER DEFAULT 0,
         is_delivered INTEGER DEFAULT 0, error INTEGER DEFAULT 0, item_type INTEGER DEFAULT 0,
         associated_message_type INTEGER DEFAULT 0, cache_roomnames TEXT);
       INSERT INTO handle (id, service) VALUES ('+14155550123', 'SMS'), ('+13125550199', 'iMessage');
       INSERT INTO message (guid, text, handle_id, service, date, is_from_me) VALUES
         ('OLD-1', 'before the agent', 1, 'SMS', 763000000000000000, 0),
         ('OUT-1', 'Hi Dana', 1, 'SMS', 763650000000000000, 1),
         ('IN-1', 'Who is this?', 1, 'SMS', 763650066512345000, 0);
       INSERT INTO message (guid, text, attributedBody, handle_id, service, date) VALUES
         ('IN-2', NULL, X'${body}', 2, 'iMessage', 763650391000000000);
       INSERT INTO message (guid, text, handle_id, service, date, associated_message_type) VALUES
         ('TAPBACK', 'Liked "Hi Dana"', 1, 'SMS', 763650400000000000, 2000);
       INSERT INTO message (guid, text, handle_id, service, date, cache_roomnames) VALUES
         ('GROUP', 'group chatter', 2, 'iMessage', 763650500000000000, 'chat123');`,
      ]);
      const query = (sql: string) =>
        runCommand('sqlite3', ['-readonly', '-json', db, sql]).then((r) => parseSqliteJson(r.stdout));
      expect(await query(MAX_ROWID_QUERY)).toEqual([{ rowid: 6 }]);
      const rows = await query(buildInboundQuery(1));
      expect(rows.map((r) => r.rowid)).toEqual([3, 4]);
      expect(rowsToInbound(rows)).toEqual([
        { id: 'IN-1', from: '+14155550123', body: 'Who is this?', at: '2025-03-14T13:01:06.512Z' },
        {
          id: 'IN-2',
          from: '+13125550199',
          body: 'Sounds good, Thursday works',
          at: '2025-03-14T13:06:31.000Z',
        },
      ]);
      expect(await query(buildInboundQuery(4))).toEqual([]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
});

describe('osascript failures', () => {
  const failure = (stderr: string) => new ExecError('exit', 'osascript', 1, '', stderr);

  it('explains a missing Automation permission and does not retry', () => {
    const err = describeOsascriptFailure(
      failure('execution error: Not authorized to send Apple events to Messages. (-1743)\n'),
      'SMS',
    );
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/Automation/);
  });

  it('explains an SMS account that is missing because Text Message Forwarding is off', () => {
    const err = describeOsascriptFailure(
      failure(
        '35:80: execution error: Messages got an error: Can’t get account 1 whose service type = SMS. (-1728)\n',
      ),
      'SMS',
    );
    expect(err.message).toMatch(/Text Message Forwarding/);
  });

  it('retries when Messages is not running: nothing was sent', () => {
    expect(
      describeOsascriptFailure(
        failure("execution error: Messages got an error: Application isn't running. (-600)"),
        'SMS',
      ).retryable,
    ).toBe(true);
  });
});

describe('sameHandle', () => {
  it('matches phone numbers by digits and Apple IDs without case', () => {
    expect(sameHandle('+14155550123', '+1 (415) 555-0123')).toBe(true);
    expect(sameHandle('Dana@iCloud.com', 'dana@icloud.com')).toBe(true);
    expect(sameHandle('+14155550123', '+14155550124')).toBe(false);
  });
});
