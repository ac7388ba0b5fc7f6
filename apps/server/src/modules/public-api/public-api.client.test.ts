import { OpenAPIClientAxios, type Document } from 'openapi-client-axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { listen, makeKey } from './public-api.test-support.js';

/**
 * An integrator's client, built by a well-kept OpenAPI client generator (openapi-client-axios) from
 * the document the server serves, at run time: its methods are the document's operation ids, its
 * paths, parameters and bodies the document's. If the document drifted from the server, these calls
 * would fail. It makes a contact, imports a list from a CSV and texts a simulated phone (issue 33).
 */
let t: TestApp;
let base: string;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_API_PER_MINUTE: 1000 });
  base = await listen(t);
  admin = await insertTeamAdmin(t, 'client@acme.test');
}, 60_000);
afterAll(async () => t.close());

/** The generated client's operations, by operation id (the document's; no types are generated here). */
type Operations = Record<
  string,
  (params?: unknown, data?: unknown) => Promise<{ status: number; data: Record<string, unknown> }>
>;

async function simulatedPhone() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/addSimulatedPhone',
    headers: admin.headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  await expect
    .poll(
      async () =>
        (await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers })).json()
          .devices[0]?.connected,
      { timeout: 10_000 },
    )
    .toBe(true);
}

describe('a client generated from the OpenAPI document', () => {
  it('creates a contact, imports a list from a CSV and sends a text to a simulated phone', async () => {
    const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as Document;
    const api = new OpenAPIClientAxios({ definition: document, withServer: { url: base } });
    const axios = await api.init();
    const { key } = await makeKey(t, admin);
    axios.defaults.headers.common['Authorization'] = `Bearer ${key}`;
    const client = axios as unknown as Operations;
    expect(api.getOperations().map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['createContact', 'importList', 'getImport', 'sendText', 'listContactTexts']),
    );

    const list = await client['createList']!(null, { name: 'From the generated client' });
    const made = await client['createContact']!(null, {
      listId: list.data['id'],
      firstName: 'dana',
      phones: ['(916) 456-7890'],
    });
    expect(made.data).toMatchObject({
      created: true,
      contact: { firstName: 'Dana', phones: ['+19164567890'] },
    });
    const contactId = (made.data['contact'] as { id: string }).id;

    const form = new FormData();
    form.append('name', 'County records');
    form.append(
      'file',
      new Blob(['First Name,Phone,Property Address,City\nLee,916-456-7811,9 Birch Ln,Reno\n'], {
        type: 'text/csv',
      }),
      'county.csv',
    );
    const started = await client['importList']!(null, form);
    expect(started.data).toMatchObject({ state: 'importing', name: 'County records' });
    await expect
      .poll(async () => (await client['getImport']!({ id: started.data['id'] })).data['state'], {
        timeout: 10_000,
      })
      .toBe('imported');
    const imported = await client['getImport']!({ id: started.data['id'] });
    expect(imported.data['result']).toMatchObject({ contactsNew: 1, propertiesNew: 1 });

    await simulatedPhone();
    const sent = await client['sendText']!(null, {
      to: '+19164567890',
      body: 'Is the house still for sale?',
    });
    expect(sent.status).toBe(200);
    const thread = async () =>
      (await client['listContactTexts']!({ id: contactId })).data['data'] as {
        direction: string;
        status: string | null;
        body: string;
      }[];
    await expect
      .poll(async () => (await thread()).find((m) => m.direction === 'out')?.status, { timeout: 10_000 })
      .toBe('delivered');
    await expect
      .poll(async () => (await thread()).filter((m) => m.direction === 'in').map((m) => m.body), {
        timeout: 15_000,
      })
      .toEqual(['Hi! Yes, I got your text. Is the offer still open?']);
  }, 60_000);
});
