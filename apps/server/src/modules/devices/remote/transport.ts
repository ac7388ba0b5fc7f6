import type { InboundSms, JobReport } from '@prospector/core';

/** A text handed to a remote device: our job id, the number (or Apple ID) and the words. */
export type OutgoingJob = { id: string; to: string; body: string; attempt: number };

/** What became of handing a text over. `unknown`: no answer; the job waits and is offered again. */
export type Handover =
  | { kind: 'accepted'; externalId: string | null; report: JobReport | null }
  | { kind: 'refused'; error: string }
  | { kind: 'unknown' };

/** A job the device holds: its id, and the device's own id for it (BlueBubbles' guid). */
export type HeldJob = { id: string; externalId: string | null; attempt: number; acceptedAt: Date | null };

export type PollResult = {
  reports: JobReport[];
  inbound: InboundSms[];
  /** What to remember until the next poll (cursors). */
  state: Record<string, unknown>;
};

/**
 * How the server speaks to a device it calls (SMS Gateway local server, BlueBubbles): check the
 * credentials, hand over one text, and poll what changed since `state`.
 */
export type RemoteTransport = {
  check(): Promise<{ ok: true } | { ok: false; reason: 'unreachable' | 'refused'; detail: string }>;
  send(job: OutgoingJob): Promise<Handover>;
  poll(held: HeldJob[], state: Record<string, unknown>): Promise<PollResult>;
};
