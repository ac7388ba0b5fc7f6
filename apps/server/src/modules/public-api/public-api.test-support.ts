import { API_SCOPES, type ApiScope } from '@prospector/core';
import type { AddressInfo } from 'node:net';
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
export { insertConnectedDevice as addDevice } from '../../test/factories.js';

/** A running text campaign of the team, launched as the campaign builder launches one; answers its id. */
export async function launchTextCampaign(t: TestApp, admin: TestUser, notContactedId: string) {
  const call = async (method: 'PATCH' | 'PUT' | 'POST', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: admin.headers, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json<Record<string, unknown>>();
  };
  await call('PATCH', '/api/users/updateTimezone', {
    timezone: { value: 'America/New_York', text: 'America/New_York' },
  });
  const group = await call('PUT', '/api/templates/addGroup', { name: `Openers ${Math.random()}` });
  await call('PUT', '/api/templates/addTemplate', { text: 'Hello there friend', groupId: group['_id'] });
  const added = await call('POST', '/api/services/addNumber', {
    phoneType: 'Android',
    value: '+19175550142',
  });
  const campaign = await call('POST', '/api/campaigns/launch', {
    name: 'Spring',
    campaignType: 'Text',
    statuses: [notContactedId],
    weekDays: [1, 2, 3, 4, 5],
    startTime: '2026-01-05T15:00:00Z',
    endTime: '2026-01-05T23:00:00Z',
    startDate: '2026-01-05T05:00:00Z',
    groupIds: [group['_id']],
    devices: [(added['device'] as { _id: string })._id],
  });
  return campaign['_id'] as string;
}

/** One call of the public API with a multipart form (text parts, then the file), as an integrator's upload. */
export async function callApiForm(
  base: string,
  key: string | null,
  path: string,
  fields: Record<string, string>,
  file: { name: string; content: string } | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.content], { type: 'text/csv' }), file.name);
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
