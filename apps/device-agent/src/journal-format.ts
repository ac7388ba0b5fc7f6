import { z } from 'zod';
import {
  inboundSms,
  jobReportState,
  type JobReport,
  type JobReportState,
} from '@prospector/core/contract/device';

/** The lines of `journal.jsonl`: one JSON object per state change. */
export type JobState = 'accepted' | 'sending' | 'sent' | 'delivered' | 'failed' | 'dropped';

export const jobRecord = z.object({
  id: z.string(),
  state: z.enum(['accepted', 'sending', 'sent', 'delivered', 'failed', 'dropped']),
  attempt: z.number().int(),
  updatedAt: z.string(),
  sentAt: z.string().optional(),
  deliveredAt: z.string().optional(),
  failedAt: z.string().optional(),
  error: z.string().optional(),
  retryable: z.boolean().optional(),
});
export type JobRecord = z.infer<typeof jobRecord>;

const id = z.string().min(1);
const at = z.string();
export const journalEntry = z.discriminatedUnion('op', [
  z.object({ op: z.literal('accepted'), id, at, attempt: z.number().int() }),
  z.object({ op: z.literal('sending'), id, at }),
  z.object({ op: z.literal('sent'), id, at }),
  z.object({ op: z.literal('delivered'), id, at }),
  z.object({ op: z.literal('failed'), id, at, error: z.string(), retryable: z.boolean() }),
  z.object({ op: z.literal('dropped'), id, at }),
  z.object({ op: z.literal('reported'), id, state: jobReportState, at }),
  z.object({ op: z.literal('cursor'), driver: z.string(), value: z.string(), at }),
  z.object({ op: z.literal('inbound'), message: inboundSms }),
  z.object({ op: z.literal('inbound-acked'), ids: z.array(z.string()) }),
  z.object({
    op: z.literal('inbound-rejected'),
    rejected: z.array(z.object({ id: z.string(), reason: z.string() })),
  }),
  // Written by compaction: a job's whole state in one line.
  z.object({ op: z.literal('job'), record: jobRecord, unreported: z.array(jobReportState) }),
]);
export type JournalEntry = z.infer<typeof journalEntry>;

export function parseEntry(line: string): JournalEntry | undefined {
  try {
    const entry = journalEntry.safeParse(JSON.parse(line));
    return entry.success ? entry.data : undefined;
  } catch {
    return undefined;
  }
}

/** The report the server gets for a job that reached `state`. */
export function reportOf(record: JobRecord, state: JobReportState): JobReport {
  switch (state) {
    case 'sent':
      return { id: record.id, state, at: record.sentAt ?? record.updatedAt, attempt: record.attempt };
    case 'delivered':
      return { id: record.id, state, at: record.deliveredAt ?? record.updatedAt, attempt: record.attempt };
    case 'failed':
      return {
        id: record.id,
        state,
        at: record.failedAt ?? record.updatedAt,
        attempt: record.attempt,
        error: record.error,
        retryable: record.retryable ?? false,
      };
  }
}

/** Every report a job has earned so far, in the order the server must see them. */
export function reportableStates(record: JobRecord): JobReportState[] {
  const states: JobReportState[] = [];
  if (record.sentAt) states.push('sent');
  if (record.state === 'delivered' && record.deliveredAt) states.push('delivered');
  if (record.state === 'failed') states.push('failed');
  return states;
}
