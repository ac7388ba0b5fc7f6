import { createAgent, type Agent } from '@prospector/device-agent/agent';
import { createSimDriver, seededRandom, SimPhoneLog } from '@prospector/device-agent/drivers/sim';
import { Journal } from '@prospector/device-agent/journal';
import { createMemoryLogger } from '@prospector/device-agent/logger';
import { normalizePhone } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { items } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { deviceToken } from './devices.tokens.js';

const DEVICES = 5;
const JOBS = 1000;
const DROPS = 100;
const FAST = { ackTimeoutMs: 400, reconnectionDelayMs: 50, reconnectionDelayMaxMs: 200, stopFlushMs: 300 };

let t: TestApp;
let admin: TestUser;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp({ DEVICE_RETRY_BASE_MS: 50 }, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-agents-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One phone: its journal survives restarts, like the agent's file on a real phone. */
function phone(index: number, deviceId: string) {
  // The phone's own record of what it sent: it survives agent restarts, like the phone itself.
  const recipients = new SimPhoneLog();
  const journalPath = path.join(dir, `device-${index}.jsonl`);
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  let current: { agent: Agent; journal: Journal } | null = null;
  return {
    recipients,
    async start() {
      const journal = Journal.open(journalPath);
      const agent = createAgent({
        config: {
          serverUrl: url,
          deviceToken: deviceToken(t.app.config.authSecret, deviceId, 1),
          maxConcurrentSends: 4,
          sendIntervalMs: 0,
        },
        driver: createSimDriver(
          { latencyMs: 0, failureRate: 0.03, seed: index + 1, replies: [] },
          { log: recipients },
        ),
        journal,
        logger: createMemoryLogger(),
        timing: FAST,
      });
      current = { agent, journal };
      await agent.start();
    },
    async restart() {
      await this.stop();
      await this.start();
    },
    async stop() {
      if (!current) return;
      await current.agent.stop();
      current.journal.close();
      current = null;
    },
  };
}

describe('the protocol under drops, with real agents on simulated phones', () => {
  it(`delivers or fails every one of ${JOBS} texts over ${DEVICES} devices dropped ${DROPS} times, none twice, none lost`, async () => {
    const { db } = t.database;
    const deviceIds: string[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/services/addNumber',
        headers: admin.headers,
        payload: { phoneType: 'Android', value: `+1916555${String(100 + i).padStart(4, '0')}` },
      });
      deviceIds.push(res.json().device._id);
    }
    // 1,000 contacts, one phone each, in two statements.
    const now = new Date();
    const contacts = await db
      .insert(items)
      .values(
        Array.from({ length: JOBS }, (_, i) => ({
          teamId: admin.teamId,
          type: 'contact' as const,
          data: { 'First name': `Lead ${i}` },
          lastActivityAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: items.id });
    const phones = contacts.map((_, i) =>
      normalizePhone(`+1 (916) 7${String(i).padStart(2, '0').slice(-2)}-${String(1000 + i)}`)!,
    );
    await db.execute(sql`
      insert into identifiers (team_id, item_id, value, is_email, "primary", position, created_at)
      select ${admin.teamId}, x.item_id, x.value, false, true, 0, now()
      from jsonb_to_recordset(${JSON.stringify(contacts.map((c, i) => ({ item_id: c.id, value: phones[i] })))}::jsonb)
        as x(item_id uuid, value text)`);

    const phonesRunning = deviceIds.map((id, i) => phone(i, id));
    await Promise.all(phonesRunning.map((p) => p.start()));
    // The texts go out in 100 batches of 10; after each batch one device drops: half are cut from the
    // server's side (a network drop), half are agent restarts (its journal is replayed).
    const auth = (await t.app.services.auth.authenticate(admin.token))!;
    const random = seededRandom(42);
    const batch = JOBS / DROPS;
    for (let d = 0; d < DROPS; d++) {
      const sent = await Promise.all(
        contacts.slice(d * batch, (d + 1) * batch).map((c, k) => {
          const i = d * batch + k;
          return t.app.services.sms.sendSms(auth, {
            itemId: c.id,
            to: phones[i]!,
            body: `Hello lead ${i}`,
            from: `+1916555${String(100 + (i % DEVICES)).padStart(4, '0')}`,
          });
        }),
      );
      expect(sent.every((r) => r.ok)).toBe(true);
      const i = Math.floor(random() * DEVICES);
      if (d % 2 === 0) t.app.services.gateway.drop(deviceIds[i]!);
      else await phonesRunning[i]!.restart();
    }

    const states = async () =>
      queryRows<{ state: string; n: number }>(
        db,
        sql`select state, count(*)::int as n from sms_jobs group by state`,
      );
    const settled = async () => {
      const rows = await states();
      return rows.filter((r) => r.state !== 'delivered' && r.state !== 'failed').reduce((a, r) => a + r.n, 0);
    };
    for (let waited = 0; (await settled()) > 0 && waited < 60_000; waited += 250)
      await new Promise((r) => setTimeout(r, 250));
    const stuck = await queryRows<{
      id: string;
      state: string;
      attempt: number;
      device_id: string;
      error: string | null;
    }>(
      db,
      sql`select id, state, attempt, device_id, error from sms_jobs where state not in ('delivered', 'failed')`,
    );
    if (stuck.length) {
      const { readFileSync, readdirSync } = await import('node:fs');
      for (const f of readdirSync(dir))
        for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n'))
          if (stuck.some((j) => line.includes(j.id))) console.info('DEBUG', f, line);
    }
    expect(stuck).toEqual([]);
    await Promise.all(phonesRunning.map((p) => p.stop()));

    const byState = Object.fromEntries((await states()).map((r) => [r.state, r.n]));
    const jobs = await queryRows<{ id: string; state: string; attempt: number }>(
      db,
      sql`select id, state, attempt from sms_jobs`,
    );
    const received = phonesRunning.flatMap((p) => p.recipients.sends);
    const sends = new Map<string, number>();
    for (const s of received) sends.set(s.jobId, (sends.get(s.jobId) ?? 0) + 1);
    console.info(
      `protocol: ${jobs.length} jobs, delivered ${byState['delivered'] ?? 0}, failed ${byState['failed'] ?? 0}, ` +
        `texts received ${received.length}, retried ${jobs.filter((j) => j.attempt > 1).length}, drops ${DROPS}`,
    );
    expect(jobs).toHaveLength(JOBS); // none lost
    expect([...sends].filter(([, n]) => n > 1)).toEqual([]); // none twice
    for (const job of jobs) {
      if (job.state === 'delivered') expect(sends.get(job.id)).toBe(1);
      else expect(sends.get(job.id) ?? 0).toBeLessThanOrEqual(1);
    }
    expect(byState['delivered']).toBeGreaterThan(JOBS * 0.9);
    const statuses = await queryRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from messages where direction = 'out' group by status`,
    );
    expect(Object.fromEntries(statuses.map((s) => [s.status, s.n]))).toEqual(
      Object.fromEntries(Object.entries(byState).filter(([, n]) => n > 0)),
    );
  }, 120_000);
});
