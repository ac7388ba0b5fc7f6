import type { InboundSms, JobReport } from '@prospector/core';
import { z } from 'zod';
import { RemoteUnreachable, type RemoteCall } from './remote-http.js';
import type { HeldJob, RemoteTransport } from './transport.js';

/**
 * The SMS Gateway for Android app's local server (capcom6/android-sms-gateway v1.68.0,
 * `modules/localserver`): a Ktor server on the phone, Basic auth, JSON. See docs/device-protocol.md.
 */
const processingState = z.enum([
  'Pending',
  'Cancelling',
  'Cancelled',
  'Processed',
  'Sent',
  'Delivered',
  'Failed',
]);

const messageAnswer = z.object({
  id: z.string(),
  state: processingState,
  recipients: z.array(
    z.object({ phoneNumber: z.string(), state: processingState, error: z.string().nullish() }),
  ),
  states: z.record(z.string(), z.string()).optional(),
});

const inboxAnswer = z.array(
  z.object({
    id: z.string(),
    type: z.string(),
    sender: z.string(),
    contentPreview: z.string(),
    createdAt: z.string(),
  }),
);

export type LocalServerCredentials = { username: string; password: string };

export function createLocalServerTransport(
  base: string,
  creds: LocalServerCredentials,
  call: RemoteCall,
): RemoteTransport {
  const headers = {
    authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`,
  };
  const get = (path: string) => call(`${base}${path}`, { method: 'GET', headers });

  /** A state the phone reached, as a job report (Pending and Processed are not reported: still on the phone). */
  function toReport(job: HeldJob, answer: z.infer<typeof messageAnswer>): JobReport | null {
    const at = (s: string) => answer.states?.[s] ?? new Date().toISOString();
    const base = { id: job.id, attempt: job.attempt };
    if (answer.state === 'Delivered')
      return { ...base, state: 'delivered', at: new Date(at('Delivered')).toISOString() };
    if (answer.state === 'Sent') return { ...base, state: 'sent', at: new Date(at('Sent')).toISOString() };
    if (answer.state === 'Failed' || answer.state === 'Cancelled') {
      const error = answer.recipients.find((r) => r.error)?.error ?? `The phone reported ${answer.state}.`;
      return {
        ...base,
        state: 'failed',
        at: new Date(at(answer.state)).toISOString(),
        error: error.slice(0, 500),
      };
    }
    return null;
  }

  return {
    async check() {
      try {
        // `GET /` sits behind the same Basic auth as the messages; `/health` does not.
        const answer = await get('/');
        if (answer.status === 401)
          return { ok: false, reason: 'refused', detail: 'wrong username or password' };
        if (answer.status !== 200)
          return { ok: false, reason: 'unreachable', detail: `HTTP ${answer.status}` };
        return { ok: true };
      } catch (err) {
        if (err instanceof RemoteUnreachable)
          return { ok: false, reason: 'unreachable', detail: err.message };
        throw err;
      }
    },

    async send(job) {
      // Our job id is the message id: the phone answers 409 to a second POST of it, so a text whose
      // answer was lost is handed over again without being sent twice.
      const answer = await call(`${base}/message`, {
        method: 'POST',
        headers,
        body: {
          id: job.id,
          textMessage: { text: job.body },
          phoneNumbers: [job.to],
          withDeliveryReport: true,
        },
      });
      if (answer.status === 202 || answer.status === 409)
        return { kind: 'accepted', externalId: null, report: null };
      if (answer.status === 400) {
        const message = (answer.json as { message?: unknown } | null)?.message;
        return {
          kind: 'refused',
          error: typeof message === 'string' ? message.slice(0, 500) : 'The phone refused the text.',
        };
      }
      return { kind: 'unknown' };
    },

    async poll(held, state) {
      const reports: JobReport[] = [];
      for (const job of held) {
        const answer = await get(`/message/${encodeURIComponent(job.id)}`);
        if (answer.status !== 200) continue;
        const parsed = messageAnswer.safeParse(answer.json);
        const report = parsed.success ? toReport(job, parsed.data) : null;
        if (report) reports.push(report);
      }
      // The inbox from the newest text seen (inclusive: a text at the same millisecond is not missed;
      // one seen twice is ignored by its id).
      const since = typeof state.inboxFrom === 'string' ? state.inboxFrom : new Date(0).toISOString();
      const answer = await get(`/inbox?type=SMS&limit=500&from=${encodeURIComponent(since)}`);
      const inbox = answer.status === 200 ? inboxAnswer.safeParse(answer.json) : null;
      const inbound: InboundSms[] = [];
      let newest = since;
      for (const m of inbox?.success ? inbox.data : []) {
        const at = new Date(m.createdAt);
        if (Number.isNaN(at.getTime())) continue;
        inbound.push({ id: m.id, from: m.sender, body: m.contentPreview, at: at.toISOString() });
        if (at.toISOString() > newest) newest = at.toISOString();
      }
      return { reports, inbound, state: { ...state, inboxFrom: newest } };
    },
  };
}
