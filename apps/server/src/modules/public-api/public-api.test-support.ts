import { API_SCOPES, type ApiScope } from '@prospector/core';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { devices } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';

/** The base URL of a test app listening on loopback (the public API is called over real HTTP). */
export async function listen(t: TestApp) {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** An admin makes a key through Settings; answers the key itself (shown once) and its id. */
export async function makeKey(t: TestApp, admin: TestUser, scopes: readonly ApiScope[] = API_SCOPES) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/settings/apiKeys',
    headers: admin.headers,
    payload: { name: `Key ${scopes.join(' ')}`, scopes },
  });
  if (res.statusCode !== 200) throw new Error(`could not make a key: ${res.body}`);
  const body = res.json<{ key: string; apiKey: { _id: string } }>();
  return { key: body.key, id: body.apiKey._id };
}

export type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

/** One call of the public API with a key, as an integrator's client makes it. */
export async function callApi(
  base: string,
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** A connected Android phone of the team, so a text has a device to go out on. */
export async function addDevice(t: TestApp, admin: TestUser, value = '+19165550100') {
  await t.app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: admin.headers,
    payload: { phoneType: 'Android', value },
  });
  const [device] = await t.database.db.select().from(devices).where(eq(devices.teamId, admin.teamId));
  await t.database.db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, device!.id));
}
