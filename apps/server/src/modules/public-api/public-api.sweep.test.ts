import { API_SCOPES, V1_ENDPOINTS, type V1Endpoint } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, statusId, type TestUser } from '../../test/factories.js';
import {
  addDevice,
  callApi,
  callApiForm,
  launchTextCampaign,
  listen,
  makeKey,
} from './public-api.test-support.js';

/**
 * Every v1 call, generated from the contract's list (V1_ENDPOINTS): the owner's key succeeds (the
 * positive control), a key without the call's scope gets 403, a revoked key and no key 401, and
 * another team's key aimed at this team's ids 404 — and none of the refused calls changes anything.
 */
type Ids = {
  contactId: string;
  listId: string;
  phone: string;
  propertyId: string;
  companyId: string;
  taskId: string;
  campaignId: string;
  statusId: string;
  /** The owner's subscriptions: one the positive control deletes, one the refused calls aim at. */
  webhookId: string;
  keptWebhookId: string;
};
/** A request: a JSON body, or a form with a small CSV (a call that takes a file). */
type Sample = { path: string; body?: unknown; form?: Record<string, string>; aimsAtIds: boolean };
const CSV = 'Name,Phone\nAnn Lee,(916) 432-5501\n';

const SAMPLES: Record<string, (ids: Ids, i: number) => Sample> = {
  listContacts: () => ({ path: '/api/v1/contacts', aimsAtIds: false }),
  createContact: (ids, i) => ({
    path: '/api/v1/contacts',
    body: { listId: ids.listId, phones: [`(916) 432-${String(7000 + i)}`] },
    aimsAtIds: true,
  }),
  getContact: (ids) => ({ path: `/api/v1/contacts/${ids.contactId}`, aimsAtIds: true }),
  updateContact: (ids) => ({
    path: `/api/v1/contacts/${ids.contactId}`,
    body: { firstName: 'Ann' },
    aimsAtIds: true,
  }),
  listContactTexts: (ids) => ({ path: `/api/v1/contacts/${ids.contactId}/texts`, aimsAtIds: true }),
  sendText: (ids) => ({ path: '/api/v1/texts', body: { to: ids.phone, body: 'Hello' }, aimsAtIds: false }),
  createList: (_ids, i) => ({ path: '/api/v1/lists', body: { name: `Swept ${i}` }, aimsAtIds: false }),
  addToList: (ids) => ({
    path: `/api/v1/lists/${ids.listId}/contacts`,
    body: { contactIds: [ids.contactId] },
    aimsAtIds: true,
  }),
  listProperties: () => ({ path: '/api/v1/properties', aimsAtIds: false }),
  createProperty: (ids, i) => ({
    path: '/api/v1/properties',
    body: { listId: ids.listId, fields: { Address: `${i} Swept St`, City: 'Reno' } },
    aimsAtIds: true,
  }),
  getProperty: (ids) => ({ path: `/api/v1/properties/${ids.propertyId}`, aimsAtIds: true }),
  updateProperty: (ids) => ({
    path: `/api/v1/properties/${ids.propertyId}`,
    body: { fields: { Bedrooms: 9 } },
    aimsAtIds: true,
  }),
  listCompanies: () => ({ path: '/api/v1/companies', aimsAtIds: false }),
  createCompany: (ids, i) => ({
    path: '/api/v1/companies',
    body: { listId: ids.listId, fields: { Name: `Swept ${i} Inc` } },
    aimsAtIds: true,
  }),
  getCompany: (ids) => ({ path: `/api/v1/companies/${ids.companyId}`, aimsAtIds: true }),
  updateCompany: (ids) => ({
    path: `/api/v1/companies/${ids.companyId}`,
    body: { fields: { City: 'Elsewhere' } },
    aimsAtIds: true,
  }),
  searchRecords: () => ({ path: '/api/v1/search?q=916', aimsAtIds: false }),
  importList: (_ids, i) => ({
    path: '/api/v1/lists/import',
    form: { name: `Swept import ${i}` },
    aimsAtIds: false,
  }),
  getImport: (ids) => ({ path: `/api/v1/imports/${ids.listId}`, aimsAtIds: true }),
  listCampaigns: () => ({ path: '/api/v1/campaigns', aimsAtIds: false }),
  startCampaign: (ids) => ({ path: `/api/v1/campaigns/${ids.campaignId}/start`, aimsAtIds: true }),
  pauseCampaign: (ids) => ({ path: `/api/v1/campaigns/${ids.campaignId}/pause`, aimsAtIds: true }),
  listStatuses: () => ({ path: '/api/v1/statuses', aimsAtIds: false }),
  setContactStatus: (ids) => ({
    path: `/api/v1/contacts/${ids.contactId}/status`,
    body: { statusId: ids.statusId },
    aimsAtIds: true,
  }),
  listTasks: (ids) => ({ path: `/api/v1/tasks?recordId=${ids.contactId}`, aimsAtIds: true }),
  createTask: (ids) => ({
    path: '/api/v1/tasks',
    body: { recordId: ids.contactId, text: 'Swept' },
    aimsAtIds: true,
  }),
  completeTask: (ids) => ({ path: `/api/v1/tasks/${ids.taskId}/complete`, aimsAtIds: true }),
  listWebhooks: () => ({ path: '/api/v1/webhooks', aimsAtIds: false }),
  createWebhook: (_ids, i) => ({
    path: '/api/v1/webhooks',
    body: { url: `https://hooks.example.com/swept/${i}`, events: ['message.received'] },
    aimsAtIds: false,
  }),
  deleteWebhook: (ids, i) => ({
    path: `/api/v1/webhooks/${i < 100 ? ids.webhookId : ids.keptWebhookId}`,
    aimsAtIds: true,
  }),
  getWebhookSample: () => ({ path: '/api/v1/webhooks/samples/message.received', aimsAtIds: false }),
};

let t: TestApp;
let base: string;
let owner: TestUser;
let stranger: TestUser;
let ids: Ids;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_API_PER_MINUTE: 10_000 });
  base = await listen(t);
  owner = await insertTeamAdmin(t, 'owner@acme.test');
  stranger = await insertTeamAdmin(t, 'stranger@other.test');
  await addDevice(t, owner);
  const contact = await insertContact(t.database.db, owner.teamId, { phones: ['916-456-7001'] });
  await insertContact(t.database.db, owner.teamId, { status: 'Not contacted', phones: ['212-555-0110'] });
  const notContacted = await statusId(t.database.db, owner.teamId, 'Not contacted');
  const { key } = await makeKey(t, owner);
  const list = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Owner list' });
  const listId = list.body['id'] as string;
  const property = await callApi(base, key, 'POST', '/api/v1/properties', {
    listId,
    fields: { Address: '1 Owner Way', City: 'Reno' },
  });
  const company = await callApi(base, key, 'POST', '/api/v1/companies', {
    listId,
    fields: { Name: 'Owner Co' },
  });
  const task = await callApi(base, key, 'POST', '/api/v1/tasks', {
    recordId: contact.id,
    text: 'Owner task',
  });
  const hook = (n: number) =>
    callApi(base, key, 'POST', '/api/v1/webhooks', {
      url: `https://crm.example.com/owner/${n}`,
      events: ['contact.created'],
    });
  ids = {
    contactId: contact.id,
    listId,
    phone: '+19164567001',
    propertyId: (property.body['property'] as { id: string }).id,
    companyId: (company.body['company'] as { id: string }).id,
    taskId: task.body['id'] as string,
    campaignId: await launchTextCampaign(t, owner, notContacted),
    statusId: notContacted,
    webhookId: (await hook(1)).body['id'] as string,
    keptWebhookId: (await hook(2)).body['id'] as string,
  };
}, 60_000);
afterAll(async () => t.close());

/** What a refused call must leave as it was: the owner's records, lists, list rows, texts and names. */
const ownerState = async () =>
  queryRows(
    t.database.db,
    sql`select (select count(*)::int from items where team_id = ${owner.teamId}) as items,
          (select count(*)::int from lists where team_id = ${owner.teamId}) as lists,
          (select count(*)::int from list_items li join lists l on l.id = li.list_id where l.team_id = ${owner.teamId}) as members,
          (select count(*)::int from sms_jobs where team_id = ${owner.teamId}) as jobs,
          (select data->>'First name' from items where id = ${ids.contactId}) as name,
          (select status_id from items where id = ${ids.contactId}) as status,
          (select data from items where id = ${ids.propertyId}) as property,
          (select data from items where id = ${ids.companyId}) as company,
          (select count(*)::int from tasks where team_id = ${owner.teamId}) as tasks,
          (select count(*)::int from tasks where team_id = ${owner.teamId} and completed) as done,
          (select paused from campaigns where id = ${ids.campaignId}) as paused,
          (select count(*)::int from webhook_endpoints where team_id = ${owner.teamId} and deleted_at is null) as subscriptions`,
  );

const call = (e: V1Endpoint, key: string | null, s: Sample) =>
  s.form
    ? callApiForm(base, key, s.path, s.form, { name: 'swept.csv', content: CSV })
    : callApi(base, key, e.method, s.path, s.body);

describe('every v1 route, swept', () => {
  it('has a sample request in this sweep', () => {
    expect(V1_ENDPOINTS.map((e) => e.operationId).filter((op) => !SAMPLES[op])).toEqual([]);
  });

  it('answers the owner’s key (the positive control)', async () => {
    const { key } = await makeKey(t, owner);
    const failed = [];
    for (const [i, e] of V1_ENDPOINTS.entries()) {
      const res = await call(e, key, SAMPLES[e.operationId]!(ids, i));
      if (res.status !== 200) failed.push(`${e.method} ${e.path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failed).toEqual([]);
  });

  it('refuses, changing nothing, a key without the call’s scope (403), a revoked key and no key (401)', async () => {
    const revoked = await makeKey(t, owner);
    await t.app.inject({
      method: 'POST',
      url: '/api/settings/apiKeys/revoke',
      headers: owner.headers,
      payload: { _id: revoked.id },
    });
    const before = await ownerState();
    const wrong = [];
    for (const [i, e] of V1_ENDPOINTS.entries()) {
      const sample = SAMPLES[e.operationId]!(ids, 100 + i);
      const { key: lacking } = await makeKey(
        t,
        owner,
        API_SCOPES.filter((s) => s !== e.scope),
      );
      const answers = {
        scope: await call(e, lacking, sample),
        revoked: await call(e, revoked.key, sample),
        none: await call(e, null, sample),
      };
      const got = [answers.scope.status, answers.revoked.status, answers.none.status];
      if (got.join() !== '403,401,401') wrong.push(`${e.method} ${e.path}: ${got.join()}`);
    }
    expect(wrong).toEqual([]);
    expect(await ownerState()).toEqual(before);
  });

  it('answers another team’s key aimed at this team’s ids with 404, and shows or changes none of them', async () => {
    const { key } = await makeKey(t, stranger);
    const before = await ownerState();
    const leaks = [];
    for (const [i, e] of V1_ENDPOINTS.entries()) {
      const sample = SAMPLES[e.operationId]!(ids, 200 + i);
      const res = await call(e, key, sample);
      const text = JSON.stringify(res.body);
      if (sample.aimsAtIds && res.status !== 404) leaks.push(`${e.method} ${e.path}: ${res.status}`);
      if (text.includes(ids.contactId) || text.includes(ids.phone) || text.includes(ids.keptWebhookId))
        leaks.push(`${e.method} ${e.path} shows the owner's data`);
    }
    expect(leaks).toEqual([]);
    expect(await ownerState()).toEqual(before);
  });
});
