import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPACT_AFTER_LINES, Journal } from './journal.js';
import { createMemoryLogger } from './logger.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
  file = path.join(dir, 'journal.jsonl');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const reopen = (journal: Journal, options: Parameters<typeof Journal.open>[1] = {}) => {
  journal.close();
  return Journal.open(file, options);
};

describe('the journal', () => {
  it('replays every state change after a restart', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    let journal = Journal.open(file);
    journal.markAccepted([
      { id: a, attempt: 1 },
      { id: b, attempt: 2 },
      { id: c, attempt: 1 },
    ]);
    journal.markSending(a);
    journal.markSent(a);
    journal.markDelivered(a);
    journal.markSending(b);
    journal.markFailed(b, 'no signal', true);
    journal.markDropped([c]);
    journal.setCursor('android', '1846');

    journal = reopen(journal);
    expect(journal.get(a)).toMatchObject({ state: 'delivered', attempt: 1 });
    expect(journal.get(b)).toMatchObject({
      state: 'failed',
      attempt: 2,
      error: 'no signal',
      retryable: true,
    });
    expect(journal.get(c)?.state).toBe('dropped');
    expect(journal.getCursor('android')).toBe('1846');
    journal.close();
  });

  it('keeps unacknowledged reports across a restart and forgets acknowledged ones', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    let journal = Journal.open(file);
    journal.markAccepted([
      { id: a, attempt: 1 },
      { id: b, attempt: 1 },
    ]);
    journal.markSent(a);
    journal.markSent(b);
    journal.markDelivered(b);
    journal.markReported([{ id: b, state: 'sent' }]);

    journal = reopen(journal);
    expect(journal.unreported().map((r) => [r.id, r.state])).toEqual([
      [a, 'sent'],
      [b, 'delivered'],
    ]);
    journal.markReported(journal.unreported());
    journal = reopen(journal);
    expect(journal.unreportedCount).toBe(0);
    journal.close();
  });

  it('drops a torn last line and keeps appending cleanly after it', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    let journal = Journal.open(file);
    journal.markAccepted([{ id: a, attempt: 1 }]);
    journal.markSending(a);
    journal.close();
    fs.appendFileSync(file, `{"op":"sent","id":"${a}","at":"2025-03-1`); // the crash hit mid-write

    const logger = createMemoryLogger();
    journal = Journal.open(file, { logger });
    expect(journal.get(a)?.state).toBe('sending');
    expect(logger.entries.some((e) => e.message.includes('torn'))).toBe(true);
    journal.markAccepted([{ id: b, attempt: 1 }]);
    journal = reopen(journal);
    expect(journal.get(b)?.state).toBe('accepted');
    expect(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .every((l) => JSON.parse(l)),
    ).toBeTruthy();
    journal.close();
  });

  it('keeps a complete last line that only lacks its newline', () => {
    const a = randomUUID();
    fs.writeFileSync(file, `{"op":"accepted","id":"${a}","at":"2025-03-14T10:00:00.000Z","attempt":1}`);
    const journal = Journal.open(file);
    journal.markSending(a);
    expect(reopen(journal).get(a)?.state).toBe('sending');
  });

  it('keeps received texts until the server acknowledges them', () => {
    let journal = Journal.open(file);
    const message = { id: '1850', from: '+14155550123', body: 'Call me', at: '2025-03-14T11:00:00.000Z' };
    journal.addInbound([message]);
    journal.addInbound([message]);
    journal = reopen(journal);
    expect(journal.pendingInbound()).toEqual([message]);
    journal.ackInbound(['1850']);
    journal = reopen(journal);
    expect(journal.pendingInbound()).toEqual([]);
    journal.close();
  });

  it('compacts past 10,000 lines, dropping reported jobs older than 7 days and keeping the rest', () => {
    let now = new Date('2025-03-01T00:00:00Z');
    let journal = Journal.open(file, { now: () => now });
    const old = Array.from({ length: 1000 }, () => randomUUID());
    for (const id of old) {
      journal.markAccepted([{ id, attempt: 1 }]);
      journal.markSending(id);
      journal.markSent(id);
    }
    journal.markReported(old.slice(0, 900).map((id) => ({ id, state: 'sent' })));
    const oldUnreported = old.slice(900);
    const interrupted = randomUUID();
    journal.markAccepted([{ id: interrupted, attempt: 1 }]);
    journal.markSending(interrupted);
    journal.setCursor('macos', '48215');

    now = new Date('2025-03-09T00:00:00Z');
    const recent = Array.from({ length: 2100 }, () => randomUUID()); // crosses 10,000 lines
    for (const id of recent) {
      journal.markAccepted([{ id, attempt: 1 }]);
      journal.markSent(id);
      journal.markReported([{ id, state: 'sent' }]);
    }
    expect(journal.lineCount).toBeLessThan(COMPACT_AFTER_LINES - 3000);

    journal = reopen(journal, { now: () => now });
    expect(journal.get(old[0] as string)).toBeUndefined();
    expect(journal.get(oldUnreported[0] as string)?.state).toBe('sent');
    expect(journal.unreported().map((r) => r.id)).toEqual(oldUnreported);
    expect(journal.get(interrupted)?.state).toBe('sending');
    expect(journal.get(recent[0] as string)?.state).toBe('sent');
    expect(journal.get(recent.at(-1) as string)?.state).toBe('sent');
    expect(journal.getCursor('macos')).toBe('48215');
    journal.close();
  });

  it('does not compact again and again when everything must be kept', () => {
    const journal = Journal.open(file, { now: () => new Date('2025-03-01T00:00:00Z') });
    for (let i = 0; i < 6000; i++) {
      const id = randomUUID();
      journal.markAccepted([{ id, attempt: 1 }]);
      journal.markSent(id);
    }
    // 12,000 lines written; one compaction to ~5,000 one-line snapshots, then room to grow.
    expect(journal.lineCount).toBeGreaterThan(6000);
    expect(journal.lineCount).toBeLessThan(COMPACT_AFTER_LINES);
    journal.close();
  });
});
