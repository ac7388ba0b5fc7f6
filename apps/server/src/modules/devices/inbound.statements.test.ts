import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { identifiers, items, messages } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertConnectedDevice, insertContact, insertTeamAdmin } from '../../test/factories.js';
import { takeInbound } from './inbound.queries.js';

// ADR 062: a known number's text is written through records' part of the statement, and stays one
// statement (decision 009: under a flood every round trip waits its turn). This counts what reaches
// the database handle: raw statements and Drizzle builders alike.

const STARTS = ['execute', 'select', 'insert', 'update', 'delete', 'transaction'];

function counting(db: Db) {
  const started: string[] = [];
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value: unknown = Reflect.get(obj, prop, receiver);
        if (typeof value !== 'function' || !STARTS.includes(String(prop))) return value;
        return (...args: unknown[]) => {
          started.push(String(prop));
          if (prop !== 'transaction') return (value as (...a: unknown[]) => unknown).apply(obj, args);
          const [fn, ...rest] = args as [(tx: Db) => unknown, ...unknown[]];
          return (value as (...a: unknown[]) => unknown).call(obj, (tx: Db) => fn(wrap(tx)), ...rest);
        };
      },
    });
  return { db: wrap(db), started };
}

let t: TestApp;
let teamId: string;
let device: Awaited<ReturnType<typeof insertConnectedDevice>>;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await insertTeamAdmin(t, 'admin@acme.test');
  teamId = admin.teamId;
  device = await insertConnectedDevice(t, admin);
});
afterAll(() => t.close());

const text = (id: string, from: string, body: string) => ({ id, from, body, at: '2026-11-29T04:00:00.000Z' });

describe("a text from a number a record has (the devices' hot path)", () => {
  it('is one statement that threads it, sets the sticky device and raises the unread count; a repeat is one statement that writes nothing', async () => {
    const FROM = '+19164567890';
    const contact = await insertContact(t.database.db, teamId, { phones: [FROM] });
    const { db, started } = counting(t.database.db);
    const now = new Date('2026-11-29T04:00:05.000Z');
    const taken = await takeInbound(
      db,
      device,
      text('ext-1', FROM, 'Yes, tell me more'),
      FROM,
      now,
      async () => null,
    );
    expect(started).toEqual(['execute']);
    expect(taken?.itemId).toBe(contact.id);
    expect(taken?.message.sentFrom).toBe(device.value);
    const [item] = await t.database.db.select().from(items).where(eq(items.id, contact.id));
    expect(item!.unreadSms).toBe(1);
    const [phone] = await t.database.db.select().from(identifiers).where(eq(identifiers.itemId, contact.id));
    expect(phone!.sentFrom).toBe(device.value);

    started.length = 0;
    const again = await takeInbound(
      db,
      device,
      text('ext-1', FROM, 'Yes, tell me more'),
      FROM,
      now,
      async () => null,
    );
    expect(again).toBeNull();
    expect(started).toEqual(['execute']);
    const thread = await t.database.db.select().from(messages).where(eq(messages.itemId, contact.id));
    expect(thread).toHaveLength(1);
  });

  it('marks an opt-out DNC with its system message in that same one statement', async () => {
    const FROM = '+19164567891';
    await insertContact(t.database.db, teamId, { phones: [FROM] });
    const { db, started } = counting(t.database.db);
    const taken = await takeInbound(
      db,
      device,
      text('ext-2', FROM, 'STOP'),
      FROM,
      new Date(),
      async () => null,
    );
    expect(started).toEqual(['execute']);
    expect(taken?.optOut).toBe(true);
    expect(taken?.system?.body).toMatch(/asked not to be texted again/);
    const [phone] = await t.database.db.select().from(identifiers).where(eq(identifiers.value, FROM));
    expect(phone).toMatchObject({ status: 'DNC', primary: false });
  });
});
