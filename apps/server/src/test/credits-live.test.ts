import type { AddressInfo } from 'node:net';
import type { ListProperty } from '@prospector/core';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatchData } from '../providers/skiptrace/index.js';
import { buildTestApp, type TestApp } from './app.js';
import { startFakeBatchData } from './fake-batchdata.js';
import { paymentSucceededEvent } from './fake-stripe.js';
import { insertTeamAdmin, type TestUser } from './factories.js';
import { addCard, buildPaymentsApp, pay } from './payments-app.js';
import { grantCredits, importProperties } from './skiptrace.js';

/*
 * The top bar's credits change live (issue 30): a payment Stripe reports, our own load by card and a
 * skip trace's charge each tell the team's open screens the new balance (`creditsChanged`), as a
 * staff grant does, heard here by a real Socket.IO client.
 */

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A signed-in browser's socket, recording the credits it is told. */
async function listen(t: TestApp, user: TestUser) {
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const socket: Socket = io(base, {
    auth: { token: user.token },
    transports: ['websocket'],
    reconnection: false,
  });
  closers.push(async () => void socket.disconnect());
  const told: number[] = [];
  socket.on('creditsChanged', ({ credits }: { credits: number }) => told.push(credits));
  await new Promise((r) => socket.once('init', r));
  return told;
}

describe('credits paid by card', () => {
  it("tell the team's screens the new balance when Stripe's webhook loads them, once per payment", async () => {
    const { t, stripe, close } = await buildPaymentsApp();
    closers.push(close);
    const admin = await insertTeamAdmin(t, 'live@acme.test', 'Lia Live', { plan: 'BASIC' });
    const other = await insertTeamAdmin(t, 'other@else.test', 'Oto Other', { plan: 'BASIC' });
    await addCard(t, stripe, admin);
    const told = await listen(t, admin);
    const otherTold = await listen(t, other);

    const event = paymentSucceededEvent(stripe, admin.teamId, 2500);
    expect(await stripe.deliver(event)).toBe(200);
    await expect.poll(() => told, { timeout: 10_000 }).toEqual([25]);
    // Stripe delivers again: nothing more is loaded, nothing more is told.
    expect(await stripe.deliver(event)).toBe(200);
    const loaded = await pay(t, admin, 'POST', '/api/billing/addCredits', { amount: 10 });
    expect(loaded.statusCode, loaded.body).toBe(200);
    await expect.poll(() => told, { timeout: 10_000 }).toEqual([25, 35]);
    expect(otherTold).toEqual([]);
  }, 60_000);
});

describe('a skip trace', () => {
  it("tells the team's screens the credits it holds, then what is left after charging the hit", async () => {
    const fake = await startFakeBatchData();
    closers.push(() => fake.close());
    const t = await buildTestApp(
      {},
      { realClock: true, skiptraceProvider: createBatchData({ key: fake.key, baseUrl: fake.url }) },
    );
    closers.push(() => t.close());
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await insertTeamAdmin(t, 'tracer@acme.test');
    const list = await importProperties(t, admin, 1);
    await grantCredits(t, admin, 1);
    const told = await listen(t, admin);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/lists/byId/${list._id}/0`,
      headers: admin.headers,
    });
    const prop = page.json<{ properties: ListProperty[] }>().properties[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties/skiptrace',
      headers: admin.headers,
      payload: { propId: prop._id, type: 'single', permissibleUse: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cost = res.json().results.cost as number;
    expect(cost).toBeGreaterThan(0);
    const left = Math.round((1 - cost) * 10_000) / 10_000;
    // The hold of one look-up, then the hit charged: the balance the billing page now shows.
    await expect.poll(() => told, { timeout: 10_000 }).toEqual([left, left]);
    const summary = await t.app.inject({ method: 'GET', url: '/api/billing/get', headers: admin.headers });
    expect(summary.json().credits).toBe(left);
  }, 60_000);
});
