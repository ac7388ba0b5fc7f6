import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readBbMessages } from './bluebubbles.js';
import { createLocalServerTransport } from './local-server.js';
import type { RemoteCall } from './remote-http.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- recorded JSON, read as it was kept
const fixture = (name: string): any =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const local = fixture('sms-gateway-local.json');
const bb = fixture('bluebubbles.json');

const job = { id: '2f1c6b7e-0d1a-4f64-9a57-3c3f2b7c9e10', externalId: null, attempt: 1, acceptedAt: null };
const failedJob = { ...job, id: '7d3e1b2a-5c4f-4e1d-8a9b-0c1d2e3f4a5b' };

describe('the SMS Gateway app local server, replayed from its fixtures', () => {
  it('hands a text over as the app expects and reads its states and inbox', async () => {
    const calls: { url: string; body?: unknown; headers?: Record<string, string> }[] = [];
    const answers: Record<string, { status: number; json: unknown }> = {
      '/message': { status: local.postMessage.response.status, json: local.postMessage.response.body },
      [local.getMessageDelivered.request.path]: {
        status: 200,
        json: local.getMessageDelivered.response.body,
      },
      [local.getMessageFailed.request.path]: { status: 200, json: local.getMessageFailed.response.body },
    };
    const call: RemoteCall = async (url, init) => {
      const path = url.replace('http://192.168.1.23:8080', '');
      calls.push({ url: path, body: init.body, headers: init.headers });
      if (path.startsWith('/inbox')) return { status: 200, json: local.inbox.response.body };
      return answers[path] ?? { status: 404, json: null };
    };
    const t = createLocalServerTransport(
      'http://192.168.1.23:8080',
      { username: 'sms', password: 'Zq8fK2pL' },
      call,
    );
    const sent = await t.send({
      id: job.id,
      to: '+19165551000',
      body: 'Hi, is your house on Elm St for sale?',
      attempt: 1,
    });
    expect(sent.kind).toBe('accepted');
    expect(calls[0]).toEqual({
      url: '/message',
      body: local.postMessage.request.body,
      headers: local.postMessage.request.headers,
    });
    const polled = await t.poll([job, failedJob], { inboxFrom: '2026-07-14T01:00:00.000Z' });
    expect(polled.reports.map((r) => [r.id, r.state])).toEqual([
      [job.id, 'delivered'],
      [failedJob.id, 'failed'],
    ]);
    expect(polled.reports[1]?.error).toBe('RESULT_ERROR_GENERIC_FAILURE');
    expect(calls.at(-1)?.url).toBe(local.inbox.request.path);
    expect(polled.inbound).toEqual([
      {
        id: 'Ld2s9c0vZQk3',
        from: '+19165551000',
        body: 'Yes, call me tomorrow',
        at: '2026-07-14T01:20:00.000Z',
      },
    ]);
  });
});

describe('BlueBubbles webhooks, replayed from their fixtures', () => {
  it('maps updated-message to delivered, message-send-error to failed, and new-message from a contact to a reply', () => {
    const held = (guid: string, temp: string | null) =>
      guid === bb.sendText.response.body.data.guid ? job : temp === failedJob.id ? failedJob : null;
    expect(readBbMessages([bb.webhookUpdatedMessage.data], held).reports).toMatchObject([
      { id: job.id, state: 'delivered' },
    ]);
    expect(readBbMessages([bb.webhookSendError.data], held, true).reports).toMatchObject([
      { id: failedJob.id, state: 'failed' },
    ]);
    expect(readBbMessages([bb.webhookNewMessage.data], held)).toEqual({
      reports: [],
      inbound: [
        {
          id: bb.webhookNewMessage.data.guid,
          from: '+19165551000',
          body: 'Maybe, what price?',
          at: new Date(1784000060000).toISOString(),
        },
      ],
    });
  });
});
