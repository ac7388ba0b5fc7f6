import { DEVICE_NAMESPACE, serverMessages } from '@prospector/core';
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { identifiers, messages as messageRows, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { AGENT_VERSION } from '@prospector/device-agent/version';
import { deviceToken } from './devices.tokens.js';

type InboundAck = {
  ok?: true;
  error?: string;
  rejected?: { id: string; reason: string }[];
  deferred?: string[];
  retryAfterMs?: number;
};

let t: TestApp;
let admin: TestUser;
let base: string;
const sockets: Socket[] = [];

async function start(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  t = await buildTestApp(overrides, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await insertTeamAdmin(t, 'admin@acme.test');
}
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t.close();
});

async function addAndroid(value = '+19165550100') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: admin.headers,
    payload: { phoneType: 'Android', value },
  });
  return res.json().device as { _id: string; value: string };
}

/** A hand-driven agent: sends exactly the payload a test gives it, as a buggy or hostile one could. */
async function phone(deviceId: string, agentVersion = AGENT_VERSION) {
  const socket = io(base + DEVICE_NAMESPACE, {
    auth: { token: deviceToken(t.app.config.authSecret, deviceId, 1), platform: 'sim', agentVersion },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise((r) => socket.once('hello', r));
  return {
    inbound: (texts: object[]) =>
      socket.timeout(10_000).emitWithAck('inbound', { messages: texts }) as Promise<InboundAck>,
  };
}

const at = () => new Date().toISOString();
const inboundBodies = async () =>
  (
    await queryRows<{ body: string }>(
      t.database.db,
      sql`select body from messages where direction = 'in' and not system order by body`,
    )
  ).map((r) => r.body);

describe('one bad received text never costs its batch', () => {
  it("a British team's opt-out and wrong-number lines show its own numbers nationally and others internationally", async () => {
    await start();
    await t.database.db.update(teams).set({ country: 'GB' }).where(eq(teams.id, admin.teamId));
    const device = await addAndroid();
    await insertContact(t.database.db, admin.teamId, { phones: ['+447400123456'] });
    await insertContact(t.database.db, admin.teamId, { phones: ['+19164567890'] });
    const agent = await phone(device._id);
    expect(
      await agent.inbound([
        { id: 'gb-1', from: '+447400123456', body: 'STOP', at: at() },
        { id: 'us-1', from: '+19164567890', body: 'wrong number', at: at() },
      ]),
    ).toEqual({ ok: true });
    const lines = await queryRows<{ body: string }>(
      t.database.db,
      sql`select body from messages where system order by body`,
    );
    expect(lines.map((l) => l.body)).toEqual([
      '+1 916 456 7890 said it is a wrong number and is now marked Wrong #.',
      '07400 123456 asked not to be texted again and is now marked DNC.',
    ]);
  });

  it('a text holding U+0000 or a lone surrogate is stored cleaned, and every other text of its batch is stored once', async () => {
    await start();
    const device = await addAndroid();
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const agent = await phone(device._id);
    const batch = [
      { id: 'k-1', from: '+19164567890', body: 'first', at: at() },
      // A known number (one statement) and an unknown one (a new contact, in a transaction).
      { id: 'k-2', from: '+19164567890', body: 'nul\u0000 in a known thread', at: at() },
      { id: 'u-1', from: '+19165550177', body: 'half an emoji \uD83D from a stranger', at: at() },
      { id: 'u-\u00002', from: '+19165550178\u0000', body: '\uDE00\u0000', at: at() },
      { id: 'k-3', from: '+19164567890', body: 'last', at: at() },
    ];
    expect(await agent.inbound(batch)).toEqual({ ok: true });
    expect(await agent.inbound(batch)).toEqual({ ok: true }); // sent again: nothing twice
    expect(await inboundBodies()).toEqual(
      ['first', 'nul in a known thread', 'half an emoji \uFFFD from a stranger', '\uFFFD', 'last'].sort(),
    );
    const stranger = await t.database.db
      .select()
      .from(identifiers)
      .where(eq(identifiers.value, '+19165550178'));
    expect(stranger).toHaveLength(1);
  });

  it('a text the database refuses is reported rejected with the reason, and the rest of its batch is stored', async () => {
    await start();
    const device = await addAndroid();
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    // A row the database refuses whatever the server does with it: the poisoned message of the issue.
    await t.database.db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.body = 'poison' then raise exception 'refused' using errcode = '22023'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_poison before insert on messages for each row execute function refuse_poison()`,
    );
    const agent = await phone(device._id);
    const batch = [
      { id: 'p-1', from: '+19164567890', body: 'before', at: at() },
      { id: 'p-2', from: '+19164567890', body: 'poison', at: at() },
      { id: 'p-3', from: '+19165550177', body: 'poison', at: at() },
      { id: 'p-4', from: '+19164567890', body: 'after', at: at() },
    ];
    const refused = serverMessages.deviceInbound.refused.replace('{code}', '22023');
    const expected = {
      ok: true,
      rejected: [
        { id: 'p-2', reason: refused },
        { id: 'p-3', reason: refused },
      ],
    };
    expect(await agent.inbound(batch)).toEqual(expected);
    expect(await agent.inbound(batch)).toEqual(expected);
    expect(await inboundBodies()).toEqual(['after', 'before']);
    // Nothing of the refused text was half-stored: not its dedupe row, not a contact for the stranger.
    const taken = await queryRows<{ external_id: string }>(
      t.database.db,
      sql`select external_id from device_inbound order by external_id`,
    );
    expect(taken.map((r) => r.external_id)).toEqual(['p-1', 'p-4']);
    expect(
      await t.database.db.select().from(identifiers).where(eq(identifiers.value, '+19165550177')),
    ).toEqual([]);
    expect(t.logs()).toContain('received texts refused by the database');
    expect(t.logs()).not.toContain('poison'); // the log names the text, never its words
  });

  it('a text the database fails for a reason that may pass is deferred, never refused, and stored when sent again', async () => {
    await start();
    const device = await addAndroid();
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    // A serialization failure (the rest of the batch waits with it) and a unique violation (another
    // device adding the same new number at that moment: that text alone waits).
    await t.database.db.execute(sql`
      create function passing_fault() returns trigger language plpgsql as $$
      begin
        if new.body = 'busy' then raise exception 'busy' using errcode = '40001'; end if;
        if new.body = 'race' then raise exception 'race' using errcode = '23505'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger passing_fault before insert on messages for each row execute function passing_fault()`,
    );
    const agent = await phone(device._id);
    const batch = [
      { id: 'q-1', from: '+19164567890', body: 'first', at: at() },
      { id: 'q-2', from: '+19165550177', body: 'race', at: at() },
      { id: 'q-3', from: '+19164567890', body: 'second', at: at() },
      { id: 'q-4', from: '+19164567890', body: 'busy', at: at() },
      { id: 'q-5', from: '+19164567890', body: 'third', at: at() },
    ];
    expect(await agent.inbound(batch)).toEqual({
      ok: true,
      deferred: ['q-2', 'q-4', 'q-5'],
      retryAfterMs: 5_000,
    });
    expect(await inboundBodies()).toEqual(['first', 'second']);

    await t.database.db.execute(sql`drop trigger passing_fault on messages`);
    expect(await agent.inbound(batch.filter((m) => ['q-2', 'q-4', 'q-5'].includes(m.id)))).toEqual({
      ok: true,
    });
    expect(await inboundBodies()).toEqual(['busy', 'first', 'race', 'second', 'third']);
  });

  it('an unreadable text is rejected alone and the readable ones of its batch are stored', async () => {
    await start();
    const device = await addAndroid();
    const agent = await phone(device._id);
    const answer = await agent.inbound([
      { id: 'r-1', from: '+19165550177', body: 'readable', at: at() },
      { id: 'r-2', from: '+19165550177', body: 'x'.repeat(5001), at: at() },
      { id: 'r-3', from: '+19165550177', body: 'no date' },
      { id: 'r-4', from: '+19165550177', body: 'readable too', at: at() },
    ]);
    expect(answer.ok).toBe(true);
    expect(answer.rejected?.map((r) => r.id)).toEqual(['r-2', 'r-3']);
    expect(answer.rejected?.[0]?.reason).toMatch(/^The server could not read this text \(body: /);
    expect(answer.deferred).toBeUndefined();
    expect(await inboundBodies()).toEqual(['readable', 'readable too']);
  });
});

describe('an inbound flood from one device', () => {
  it('a device handing in more texts than its burst has the rest deferred, with when to send them, before any is stored', async () => {
    await start({ DEVICE_INBOUND_BURST: 10, DEVICE_INBOUND_PER_SECOND: 5 });
    const device = await addAndroid();
    const agent = await phone(device._id);
    const flood = Array.from({ length: 30 }, (_, i) => ({
      id: `f-${i}`,
      from: '+19165550177',
      body: `flood ${String(i).padStart(2, '0')}`,
      at: at(),
    }));
    // The server takes the burst as the texts arrive and stores them before it answers: its bucket
    // refills from then, so what may have refilled is counted from the sending.
    const sentAt = performance.now();
    const answer = await agent.inbound(flood);
    expect(answer.ok).toBe(true);
    expect(answer.deferred).toEqual(flood.slice(10).map((m) => m.id));
    // The next burst of 10 at 5 texts a second.
    expect(answer.retryAfterMs).toBeGreaterThan(1_500);
    expect(answer.retryAfterMs).toBeLessThanOrEqual(2_000);
    expect(await inboundBodies()).toEqual(flood.slice(0, 10).map((m) => m.body));

    // Sent again at once, the deferred ones are deferred again: nothing was saved up meanwhile.
    // Only what 5 a second refilled since the flood was sent (a busy machine takes a while) may pass.
    const again = await agent.inbound(flood.slice(10));
    const refilled = Math.floor(((performance.now() - sentAt) * 5) / 1000) + 1;
    expect(again.deferred?.length).toBeGreaterThanOrEqual(20 - refilled);
    expect((await inboundBodies()).length).toBeLessThanOrEqual(10 + refilled);
  });

  it('an agent older than deferral (0.1.x drops what is deferred) gets every text of its flood stored', async () => {
    await start({ DEVICE_INBOUND_BURST: 10, DEVICE_INBOUND_PER_SECOND: 5 });
    const device = await addAndroid();
    const agent = await phone(device._id, '0.1.0');
    const flood = Array.from({ length: 30 }, (_, i) => ({
      id: `o-${i}`,
      from: '+19165550178',
      body: `old ${String(i).padStart(2, '0')}`,
      at: at(),
    }));
    const answer = await agent.inbound(flood);
    expect(answer.ok).toBe(true);
    expect(answer.deferred ?? []).toEqual([]);
    expect(await inboundBodies()).toEqual(flood.map((m) => m.body));
  });

  it("one device's flood does not hold back another device's texts", async () => {
    await start({ DEVICE_INBOUND_BURST: 5, DEVICE_INBOUND_PER_SECOND: 1 });
    const a = await addAndroid('+19165550100');
    const b = await addAndroid('+19165550101');
    const [flooder, quiet] = [await phone(a._id), await phone(b._id)];
    const flood = Array.from({ length: 50 }, (_, i) => ({
      id: `a-${i}`,
      from: '+19165550177',
      body: `flood ${i}`,
      at: at(),
    }));
    expect((await flooder.inbound(flood)).deferred).toHaveLength(45);
    expect((await flooder.inbound(flood.slice(5))).deferred).toHaveLength(45);
    expect(
      await quiet.inbound([{ id: 'b-1', from: '+19165550188', body: 'hello from B', at: at() }]),
    ).toEqual({
      ok: true,
    });
    const thread = await t.database.db.select().from(messageRows).where(eq(messageRows.body, 'hello from B'));
    expect(thread).toHaveLength(1);
  });
});
