import fs from 'node:fs';
import path from 'node:path';
import {
  jobReportState,
  type InboundSms,
  type JobReport,
  type JobReportState,
} from '@prospector/core/contract/device';
import type { CursorStore } from './drivers/types.js';
import {
  parseEntry,
  reportableStates,
  reportOf,
  type JobRecord,
  type JournalEntry,
} from './journal-format.js';
import type { Logger } from './logger.js';

export type { JobRecord, JobState, JournalEntry } from './journal-format.js';

/**
 * The agent's memory across crashes: `journal.jsonl`, one JSON line per state change, replayed at start.
 * It is what keeps the protocol's promise "at most once to the recipient": a job journalled `sending`
 * is never sent again, and a report stays in the outbox until the server has acknowledged it.
 */
export const COMPACT_AFTER_LINES = 10_000;
export const KEEP_REPORTED_MS = 7 * 24 * 60 * 60 * 1000;

export type JournalOptions = {
  /** fdatasync after every write, so a power cut cannot lose a `sending` line (real phones). */
  durable?: boolean;
  logger?: Logger;
  now?: () => Date;
};

const reportKey = (jobId: string, state: JobReportState) => `${jobId} ${state}`;

export class Journal implements CursorStore {
  private fd: number;
  private readonly records = new Map<string, JobRecord>();
  private readonly outbox = new Map<string, JobReport>();
  private readonly inbound = new Map<string, InboundSms>();
  private readonly cursors = new Map<string, string>();
  private lines = 0;
  private compactAt = COMPACT_AFTER_LINES;
  private readonly now: () => Date;

  private constructor(
    readonly filePath: string,
    private readonly options: JournalOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    this.replay();
    this.fd = fs.openSync(this.filePath, 'a');
    if (this.lines > this.compactAt) this.compact();
  }

  /** Opens (creating if needed) and replays the journal. */
  static open(journalPath: string, options: JournalOptions = {}): Journal {
    return new Journal(path.resolve(journalPath), options);
  }

  get lineCount(): number {
    return this.lines;
  }

  get(jobId: string): JobRecord | undefined {
    return this.records.get(jobId);
  }

  jobs(): IterableIterator<JobRecord> {
    return this.records.values();
  }

  /** Reports not yet acknowledged by the server, oldest first. */
  unreported(limit = Infinity): JobReport[] {
    const out: JobReport[] = [];
    for (const report of this.outbox.values()) {
      if (out.length >= limit) break;
      out.push(report);
    }
    return out;
  }

  get unreportedCount(): number {
    return this.outbox.size;
  }

  pendingInbound(limit = Infinity): InboundSms[] {
    return [...this.inbound.values()].slice(0, limit);
  }

  markAccepted(jobs: readonly { id: string; attempt: number }[]): void {
    const stamp = this.stamp();
    this.write(jobs.map((j) => ({ op: 'accepted', id: j.id, at: stamp, attempt: j.attempt })));
  }

  markSending(jobId: string): void {
    this.write([{ op: 'sending', id: jobId, at: this.stamp() }]);
  }

  markSent(jobId: string): void {
    this.write([{ op: 'sent', id: jobId, at: this.stamp() }]);
  }

  markDelivered(jobId: string): void {
    this.write([{ op: 'delivered', id: jobId, at: this.stamp() }]);
  }

  markFailed(jobId: string, error: string, retryable: boolean): void {
    this.write([{ op: 'failed', id: jobId, at: this.stamp(), error: error.slice(0, 500), retryable }]);
  }

  markDropped(jobIds: readonly string[]): void {
    const stamp = this.stamp();
    this.write(jobIds.map((jobId) => ({ op: 'dropped', id: jobId, at: stamp })));
  }

  /** The server acknowledged these reports: they leave the outbox. */
  markReported(reports: readonly Pick<JobReport, 'id' | 'state'>[]): void {
    const stamp = this.stamp();
    this.write(reports.map((r) => ({ op: 'reported', id: r.id, state: r.state, at: stamp })));
  }

  /**
   * Puts a finished job's reports back in the outbox (in memory only): the server offered the job again,
   * so it has not recorded them. After a crash the server simply offers it again.
   */
  requeueReports(jobId: string): void {
    const record = this.records.get(jobId);
    if (record) for (const state of reportableStates(record)) this.queueReport(record, state);
  }

  addInbound(messages: readonly InboundSms[]): void {
    const fresh = messages.filter((m) => !this.inbound.has(m.id));
    if (fresh.length > 0) this.write(fresh.map((message) => ({ op: 'inbound', message })));
  }

  ackInbound(ids: readonly string[]): void {
    if (ids.length > 0) this.write([{ op: 'inbound-acked', ids: [...ids] }]);
  }

  /** The server refused these texts for good: they leave the outbox, and the journal says why. */
  rejectInbound(rejections: readonly { id: string; reason: string }[]): void {
    if (rejections.length > 0)
      this.write([
        { op: 'inbound-rejected', rejected: rejections.map(({ id, reason }) => ({ id, reason })) },
      ]);
  }

  getCursor(driver: string): string | undefined {
    return this.cursors.get(driver);
  }

  setCursor(driver: string, value: string): void {
    if (this.cursors.get(driver) !== value) this.write([{ op: 'cursor', driver, value, at: this.stamp() }]);
  }

  close(): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }

  /** Rewrites the journal with only what is still needed; runs by itself past 10,000 lines. */
  compact(): void {
    const cutoff = this.now().getTime() - KEEP_REPORTED_MS;
    const lines: string[] = [];
    for (const record of [...this.records.values()]) {
      const unreported = jobReportState.options.filter((s) => this.outbox.has(reportKey(record.id, s)));
      const finished = record.state !== 'accepted' && record.state !== 'sending';
      if (finished && unreported.length === 0 && Date.parse(record.updatedAt) < cutoff) {
        this.records.delete(record.id);
        continue;
      }
      lines.push(JSON.stringify({ op: 'job', record, unreported } satisfies JournalEntry));
    }
    const stamp = this.stamp();
    for (const [driver, value] of this.cursors)
      lines.push(JSON.stringify({ op: 'cursor', driver, value, at: stamp }));
    for (const message of this.inbound.values()) lines.push(JSON.stringify({ op: 'inbound', message }));

    const tmp = `${this.filePath}.tmp`;
    const tmpFd = fs.openSync(tmp, 'w');
    try {
      writeAll(tmpFd, lines.length > 0 ? `${lines.join('\n')}\n` : '');
      fs.fsyncSync(tmpFd);
    } finally {
      fs.closeSync(tmpFd);
    }
    this.close();
    fs.renameSync(tmp, this.filePath);
    syncDirectory(path.dirname(this.filePath));
    this.fd = fs.openSync(this.filePath, 'a');
    this.lines = lines.length;
    this.compactAt = Math.max(COMPACT_AFTER_LINES, 2 * lines.length);
    this.options.logger?.info('journal compacted', { lines: lines.length });
  }

  private stamp(): string {
    return this.now().toISOString();
  }

  private write(entries: JournalEntry[]): void {
    if (entries.length === 0) return;
    if (this.fd < 0) throw new Error('journal is closed');
    writeAll(this.fd, `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
    if (this.options.durable) fs.fdatasyncSync(this.fd);
    this.lines += entries.length;
    for (const entry of entries) this.apply(entry);
    if (this.lines > this.compactAt) this.compact();
  }

  private replay(): void {
    let buffer: Buffer;
    try {
      buffer = fs.readFileSync(this.filePath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const lastNewline = buffer.lastIndexOf(0x0a);
    const lines = buffer
      .subarray(0, lastNewline + 1)
      .toString('utf8')
      .split('\n');
    const tail = buffer.subarray(lastNewline + 1).toString('utf8');
    let skipped = 0;
    for (const line of lines) {
      if (line.trim() === '') continue;
      const entry = parseEntry(line);
      if (entry) this.apply(entry);
      else skipped++;
      this.lines++;
    }
    if (skipped > 0) this.options.logger?.warn('journal: skipped unreadable lines', { skipped });
    if (tail.trim() === '') return;
    const last = parseEntry(tail);
    if (last) {
      this.apply(last);
      this.lines++;
      fs.appendFileSync(this.filePath, '\n');
    } else {
      // A torn last line: the process died mid-write. Cut it off so the next line starts clean.
      fs.truncateSync(this.filePath, lastNewline + 1);
      this.options.logger?.warn('journal: dropped a torn last line', { path: this.filePath });
    }
  }

  private apply(entry: JournalEntry): void {
    switch (entry.op) {
      case 'accepted':
        this.records.set(entry.id, {
          id: entry.id,
          state: 'accepted',
          attempt: entry.attempt,
          updatedAt: entry.at,
        });
        return;
      case 'sending':
      case 'dropped':
        return this.update(entry.id, { state: entry.op, updatedAt: entry.at });
      case 'sent':
        this.update(entry.id, { state: 'sent', updatedAt: entry.at, sentAt: entry.at });
        return this.queueReportFor(entry.id, 'sent');
      case 'delivered':
        this.update(entry.id, { state: 'delivered', updatedAt: entry.at, deliveredAt: entry.at });
        return this.queueReportFor(entry.id, 'delivered');
      case 'failed': {
        const { error, retryable } = entry;
        this.update(entry.id, { state: 'failed', updatedAt: entry.at, failedAt: entry.at, error, retryable });
        return this.queueReportFor(entry.id, 'failed');
      }
      case 'reported':
        this.outbox.delete(reportKey(entry.id, entry.state));
        return;
      case 'cursor':
        this.cursors.set(entry.driver, entry.value);
        return;
      case 'inbound':
        this.inbound.set(entry.message.id, entry.message);
        return;
      case 'inbound-acked':
        for (const messageId of entry.ids) this.inbound.delete(messageId);
        return;
      case 'inbound-rejected':
        for (const { id } of entry.rejected) this.inbound.delete(id);
        return;
      case 'job':
        this.records.set(entry.record.id, entry.record);
        for (const state of entry.unreported) this.queueReport(entry.record, state);
        return;
    }
  }

  private update(jobId: string, patch: Partial<JobRecord>): void {
    const record = this.records.get(jobId) ?? { id: jobId, state: 'accepted', attempt: 1, updatedAt: '' };
    this.records.set(jobId, { ...record, ...patch });
  }

  private queueReportFor(jobId: string, state: JobReportState): void {
    const record = this.records.get(jobId);
    if (record) this.queueReport(record, state);
  }

  private queueReport(record: JobRecord, state: JobReportState): void {
    const key = reportKey(record.id, state);
    this.outbox.delete(key); // re-inserted last: the outbox stays in the order things happened
    this.outbox.set(key, reportOf(record, state));
  }
}

function writeAll(fd: number, text: string): void {
  const data = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < data.length) offset += fs.writeSync(fd, data, offset);
}

function syncDirectory(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform lets a directory be opened for fsync; the rename itself is still atomic.
  }
}
