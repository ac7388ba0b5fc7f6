/**
 * Worker thread of bench/sms-gateway.ts: the phones' side of the webhook measure. Real phones are other
 * machines; posting from the server's own thread would bill the server for the phones' signing and
 * HTTP. Posts `count` signed state webhooks (`sms:sent`, then `sms:delivered`, each signed like the
 * app: hex HMAC-SHA256 of body + X-Timestamp) with `inFlight` at a time, and answers the latencies.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

type Job = { id: string; phoneId: string; key: string };
const { api, jobs, count, inFlight } = workerData as {
  api: string;
  jobs: Job[];
  count: number;
  inFlight: number;
};

const pool = new Agent({ connections: 64, pipelining: 1 });
const events = ['sms:sent', 'sms:delivered'] as const;
const latencies: number[] = [];
let accepted = 0;
let refused = 0;
let next = 0;

async function worker() {
  while (next < count) {
    const n = next++;
    const job = jobs[n % jobs.length]!;
    const event = events[Math.floor(n / jobs.length) % 2]!;
    const at = new Date().toISOString();
    const body = JSON.stringify({
      id: randomBytes(12).toString('base64url'),
      webhookId: `prospector-${event.replace(':', '-')}`,
      event,
      deviceId: job.phoneId,
      payload: {
        ...(event === 'sms:sent' ? { partsCount: 1, sentAt: at } : { deliveredAt: at }),
        messageId: job.id,
        recipient: '+12125550100',
        simNumber: 1,
        phoneNumber: '+12125550100',
      },
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const t0 = performance.now();
    const res = await request(`${api}/webhooks/${job.phoneId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        'x-timestamp': ts,
        'x-signature': createHmac('sha256', job.key)
          .update(body + ts)
          .digest('hex'),
      },
      body,
      dispatcher: pool,
    });
    await res.body.text();
    latencies.push(performance.now() - t0);
    if (res.statusCode === 204) accepted++;
    else refused++;
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: inFlight }, worker));
const seconds = (performance.now() - t0) / 1000;
await pool.close();
parentPort!.postMessage({ latencies, accepted, refused, seconds });
