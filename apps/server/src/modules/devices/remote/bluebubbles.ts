import type { InboundSms, JobReport } from '@prospector/core';
import { z } from 'zod';
import { RemoteUnreachable, type RemoteCall } from './remote-http.js';
import type { HeldJob, RemoteTransport } from './transport.js';

/**
 * BlueBubbles Server (BlueBubblesApp/bluebubbles-server v1.9.9, `api/http/api/v1`): REST under
 * `/api/v1`, the server password as `?password=`, answers `{ status, message, data }`, unsigned
 * webhooks `{ type, data }`. See docs/device-protocol.md.
 */
export const bbMessage = z.object({
  guid: z.string(),
  tempGuid: z.string().nullish(),
  text: z.string().nullish(),
  isFromMe: z.boolean(),
  error: z.number().nullish(),
  dateCreated: z.number().nullish(),
  dateDelivered: z.number().nullish(),
  dateRead: z.number().nullish(),
  handle: z.object({ address: z.string() }).nullish(),
});
export type BbMessage = z.infer<typeof bbMessage>;

/** The webhook events the product registers for. */
export const BB_EVENTS = ['new-message', 'updated-message', 'message-send-error'] as const;

const envelope = z.object({
  status: z.number(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

/** Reports and received texts in BlueBubbles messages (from a webhook or a query), for `held` jobs. */
export function readBbMessages(
  messages: unknown[],
  held: (guid: string, tempGuid: string | null) => HeldJob | null,
  failedEvent = false,
) {
  const reports: JobReport[] = [];
  const inbound: InboundSms[] = [];
  for (const raw of messages) {
    const parsed = bbMessage.safeParse(raw);
    if (!parsed.success) continue;
    const m = parsed.data;
    const iso = (ms: number | null | undefined) => new Date(ms ?? Date.now()).toISOString();
    if (!m.isFromMe) {
      if (m.handle?.address && m.text)
        inbound.push({ id: m.guid, from: m.handle.address, body: m.text, at: iso(m.dateCreated) });
      continue;
    }
    const job = held(m.guid, m.tempGuid ?? null);
    if (!job) continue;
    const base = { id: job.id, attempt: job.attempt };
    if (failedEvent || (m.error ?? 0) !== 0)
      reports.push({
        ...base,
        state: 'failed',
        at: iso(m.dateCreated),
        error: `Messages error ${m.error ?? 'unknown'}`,
      });
    else if (m.dateDelivered || m.dateRead)
      reports.push({ ...base, state: 'delivered', at: iso(m.dateDelivered ?? m.dateRead) });
    else reports.push({ ...base, state: 'sent', at: iso(m.dateCreated) });
  }
  return { reports, inbound };
}

export function createBlueBubblesTransport(
  base: string,
  password: string,
  call: RemoteCall,
  heldByGuid: (held: HeldJob[]) => (guid: string, tempGuid: string | null) => HeldJob | null,
): RemoteTransport & { registerWebhook(url: string): Promise<boolean> } {
  const api = (path: string, query: Record<string, string> = {}) =>
    `${base}/api/v1/${path}?${new URLSearchParams({ ...query, password }).toString()}`;
  const data = (json: unknown) => envelope.safeParse(json).data?.data;

  /** iMessage when the handle has it; SMS when BlueBubbles says it has not (needs its Private API). */
  async function service(to: string): Promise<'iMessage' | 'SMS'> {
    if (to.includes('@')) return 'iMessage';
    const answer = await call(api('handle/availability/imessage', { address: to }), { method: 'GET' });
    const available = (data(answer.json) as { available?: unknown } | undefined)?.available;
    return answer.status === 200 && available === false ? 'SMS' : 'iMessage';
  }

  return {
    async check() {
      try {
        const answer = await call(api('server/info'), { method: 'GET' });
        if (answer.status === 401) return { ok: false, reason: 'refused', detail: 'wrong password' };
        if (answer.status !== 200)
          return { ok: false, reason: 'unreachable', detail: `HTTP ${answer.status}` };
        return { ok: true };
      } catch (err) {
        if (err instanceof RemoteUnreachable)
          return { ok: false, reason: 'unreachable', detail: err.message };
        throw err;
      }
    },

    async registerWebhook(url) {
      const listed = await call(api('webhook'), { method: 'GET' });
      const hooks = (data(listed.json) as { url?: string }[] | undefined) ?? [];
      if (hooks.some((h) => h.url === url)) return true;
      const answer = await call(api('webhook'), { method: 'POST', body: { url, events: [...BB_EVENTS] } });
      return answer.status === 200;
    },

    async send(job) {
      const svc = await service(job.to);
      const chatGuid = `${svc};-;${job.to}`;
      // A known chat takes message/text; a first text creates the chat (chat/new) with it.
      const chat = await call(api(`chat/${encodeURIComponent(chatGuid)}`), { method: 'GET' });
      if (chat.status !== 200 && chat.status !== 404) return { kind: 'unknown' };
      const answer =
        chat.status === 200
          ? await call(api('message/text'), {
              method: 'POST',
              body: { chatGuid, tempGuid: job.id, message: job.body, method: 'apple-script' },
            })
          : await call(api('chat/new'), {
              method: 'POST',
              body: {
                addresses: [job.to],
                message: job.body,
                service: svc,
                tempGuid: job.id,
                method: 'apple-script',
              },
            });
      const payload = data(answer.json) as
        { guid?: unknown; messages?: { guid?: unknown }[]; error?: unknown } | undefined;
      const guid = chat.status === 200 ? payload?.guid : payload?.messages?.[0]?.guid;
      if (answer.status === 200 && typeof guid === 'string')
        return {
          kind: 'accepted',
          externalId: guid,
          report: { id: job.id, attempt: job.attempt, state: 'sent', at: new Date().toISOString() },
        };
      if (answer.status === 400)
        return {
          kind: 'refused',
          error: envelope.safeParse(answer.json).data?.message ?? 'BlueBubbles refused the text.',
        };
      // Messages answered with an error for this text (IMessageError, 500 with the message): it failed.
      if (answer.status === 500 && payload && typeof payload === 'object' && 'guid' in payload)
        return { kind: 'refused', error: `Messages error ${String(payload.error ?? 'unknown')}` };
      return { kind: 'unknown' };
    },

    async poll(held, state) {
      // From the oldest text still in flight (its delivery may come late), or the last poll.
      const cursor = typeof state.after === 'number' ? state.after : Date.now() - 60_000;
      const oldest = Math.min(cursor, ...held.map((h) => (h.acceptedAt?.getTime() ?? cursor) - 60_000));
      const answer = await call(api('message/query'), {
        method: 'POST',
        body: { after: Math.max(0, oldest), sort: 'ASC', limit: 1000, with: ['chat', 'handle'] },
      });
      const list = answer.status === 200 ? data(answer.json) : null;
      const messages = Array.isArray(list) ? list : [];
      const { reports, inbound } = readBbMessages(messages, heldByGuid(held));
      let newest = cursor;
      for (const m of messages) {
        const created = (m as { dateCreated?: unknown }).dateCreated;
        if (typeof created === 'number' && created > newest) newest = created;
      }
      return { reports, inbound, state: { ...state, after: newest } };
    },
  };
}
