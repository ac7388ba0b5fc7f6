import { createAgent, type Agent } from '@prospector/device-agent/agent';
import { createSimDriver, type SimDriver } from '@prospector/device-agent/drivers/sim';
import { Journal } from '@prospector/device-agent/journal';
import { createMemoryLogger, type LogEntry } from '@prospector/device-agent/logger';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { deviceToken } from './devices.tokens.js';

// A batch of unknown numbers takes PGlite a while: a short ack timeout would resend it for nothing.
const TIMING = {
  ackTimeoutMs: 5_000,
  reconnectionDelayMs: 50,
  reconnectionDelayMaxMs: 200,
  stopFlushMs: 300,
};

let t: TestApp;
let admin: TestUser;
let dir: string;
const running: { agent: Agent; journal: Journal }[] = [];
/** Every inbound text the server read off a device socket, by the phone's id: what was sent how often. */
const heard = new Map<string, number>();

async function start(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  t = await buildTestApp(overrides, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-inbound-'));
  heard.clear();
  t.app.realtime.io.of('/device').on('connection', (socket) => {
    socket.onAny((event: string, payload: { messages?: { id: string }[] }) => {
      if (event === 'inbound')
        for (const m of payload?.messages ?? []) heard.set(m.id, (heard.get(m.id) ?? 0) + 1);
    });
  });
}
afterEach(async () => {
  for (const { agent, journal } of running.splice(0)) {
    await agent.stop();
    journal.close();
  }
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function addAndroid(value: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: admin.headers,
    payload: { phoneType: 'Android', value },
  });
  return res.json().device._id as string;
}

/** The real agent on a simulated phone, its journal on disk. */
async function startPhone(
  deviceId: string,
): Promise<{ driver: SimDriver; journal: Journal; log: LogEntry[] }> {
  const journal = Journal.open(path.join(dir, `${deviceId}.jsonl`));
  const driver = createSimDriver({ latencyMs: 0, failureRate: 0, seed: 1, replies: [] });
  const logger = createMemoryLogger();
  const agent = createAgent({
    config: {
      serverUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      deviceToken: deviceToken(t.app.config.authSecret, deviceId, 1),
      maxConcurrentSends: 1,
      sendIntervalMs: 0,
    },
    driver,
    journal,
    logger,
    timing: TIMING,
  });
  running.push({ agent, journal });
  await agent.start();
  await expect.poll(() => agent.connected).toBe(true);
  return { driver, journal, log: logger.entries };
}

/** How many times each inbound body is stored: every text must be there exactly once. */
const storedBodies = async () =>
  queryRows<{ body: string; n: number }>(
    t.database.db,
    sql`select body, count(*)::int as n from messages where direction = 'in' and not system group by body`,
  );

const texts = (prefix: string, count: number, from = (i: number) => `+1916555${String(2000 + i)}`) =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, from: from(i), body: `${prefix} ${i}` }));

describe('received texts through the real agent', () => {
  it('a poisoned text among good ones: each good text is stored once, the poisoned one is reported rejected and not sent again', async () => {
    await start();
    await t.database.db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.body like 'poison%' then raise exception 'refused' using errcode = '22023'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_poison before insert on messages for each row execute function refuse_poison()`,
    );
    const phone = await startPhone(await addAndroid('+19165550100'));
    const good = texts('good', 20);
    phone.driver.receive([
      ...good.slice(0, 10),
      { id: 'poison-1', from: '+19165559999', body: 'poison\u0000 and \uD83D' },
      ...good.slice(10),
    ]);

    await expect.poll(() => phone.journal.pendingInbound(), { timeout: 10_000 }).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stored = await storedBodies();
    expect(stored.map((r) => r.body).sort()).toEqual(good.map((m) => m.body).sort());
    expect(stored.every((r) => r.n === 1)).toBe(true);
    expect(heard.get('poison-1')).toBe(1); // reported, not looped
    expect(phone.log.find((e) => e.message.includes('refused a received text'))).toMatchObject({
      level: 'error',
      fields: { id: 'poison-1', reason: 'The database refused this text (error 22023).' },
    });
  });

  it('an agent whose server drops it mid-batch sends the batch again after reconnecting, and each text is stored exactly once', async () => {
    await start({ DEVICE_INBOUND_BURST: 1_000, DEVICE_INBOUND_PER_SECOND: 1_000 }); // one batch, no deferral
    const deviceId = await addAndroid('+19165550100');
    const phone = await startPhone(deviceId);
    const batch = texts('drop', 100);
    phone.driver.receive(batch);
    // Some of the batch stored, its acknowledgement not yet sent: the connection goes.
    await expect
      .poll(async () => (await storedBodies()).length, { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(10);
    t.app.services.gateway.drop(deviceId);

    await expect.poll(() => phone.journal.pendingInbound().length, { timeout: 30_000 }).toBe(0);
    const stored = await storedBodies();
    expect(stored).toHaveLength(100);
    expect(stored.filter((r) => r.n !== 1)).toEqual([]);
    expect(Math.max(...heard.values())).toBeGreaterThan(1); // the batch did travel twice
  }, 60_000);

  it("a device flooding past its inbound rate is deferred, every text is stored exactly once, and another device's text goes through meanwhile", async () => {
    await start({ DEVICE_INBOUND_BURST: 20, DEVICE_INBOUND_PER_SECOND: 25 });
    const flooder = await startPhone(await addAndroid('+19165550100'));
    const quiet = await startPhone(await addAndroid('+19165550101'));
    const flood = texts('flood', 200);
    const started = Date.now();
    flooder.driver.receive(flood);
    await expect
      .poll(() => flooder.log.some((e) => e.message.includes('asked to send received texts later')))
      .toBe(true);

    quiet.driver.receive([{ id: 'quiet-1', from: '+19165558888', body: 'quiet one' }]);
    await expect
      .poll(async () => (await storedBodies()).some((r) => r.body === 'quiet one'), { timeout: 5_000 })
      .toBe(true);
    const floodStoredThen = (await storedBodies()).filter((r) => r.body.startsWith('flood')).length;
    expect(floodStoredThen).toBeLessThan(200); // the quiet device did not wait for the flood to end

    await expect.poll(() => flooder.journal.pendingInbound().length, { timeout: 30_000 }).toBe(0);
    const took = Date.now() - started;
    const stored = await storedBodies();
    expect(stored).toHaveLength(201);
    expect(stored.filter((r) => r.n !== 1)).toEqual([]);
    // 20 at once, then 25 a second: 200 texts cannot go faster than 7.2 s.
    expect(took).toBeGreaterThanOrEqual(7_000);
    expect(
      flooder.log.filter((e) => e.message.includes('asked to send received texts later')).length,
    ).toBeGreaterThan(5);
  }, 60_000);
});
