import type { ListDto } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv, type Mapping } from './lists.test-support.js';

const FIELDS: Mapping[] = [
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'Street', type: 'property', matchesTo: 'Street1' },
  { name: 'Use', type: 'property', matchesTo: 'Use Description' },
  { name: 'Company', type: 'company', matchesTo: 'Name' },
];
const CSV = [
  'Phone,Street,Use,Company',
  '(256) 593-8310,1 Main St,Single Family,Acme LLC',
  '(334) 793-8701,2 Oak Ave,Condo,Bolt Inc',
  '(251) 265-8000,3 Elm Rd,Condo,Cogs Co',
].join('\n');

let t: TestApp;
let admin: TestUser;
let assigned: TestUser;
let allData: TestUser;
let list: ListDto;

beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  admin = await insertTeamAdmin(t, 'visibility-admin@example.com');
  assigned = await insertMember(t, admin.teamId, 'only-assigned@example.com', {
    dataAccess: 'Only assigned',
    permissions: ['import'],
  });
  allData = await insertMember(t, admin.teamId, 'all-data@example.com', { dataAccess: 'All data' });
  list = await importCsv(t, admin, CSV, FIELDS, 'Shared');
  // The member gets the first row's contact and property (not its company).
  await t.database.db.execute(sql`
    update items set assigned_to = array[${assigned.userId}::uuid]
    where team_id = ${admin.teamId}
      and (search_text like '%1 main st%' or id in (select item_id from identifiers where value = '+12565938310'))`);
});
afterAll(async () => {
  await t.close();
});

type Detail = {
  list: ListDto;
  total: number;
  properties: { title: string }[];
  stats: {
    propCount: number;
    phoneCounts: { text: string; count: number }[];
    propStats: { labels: string[] };
  };
};

async function card(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lists/get',
    headers: user.headers,
    payload: {},
  });
  const found = res.json<{ lists: ListDto[] }>().lists.find((l) => l._id === list._id)!;
  return { itemCount: found.itemCount, propCount: found.propCount, compCount: found.compCount };
}

async function detail(user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lists/byId/${list._id}/0`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
}

async function stats(user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lists/statsById/${list._id}`,
    headers: user.headers,
  });
  return res.json<{ verifiedProps: number; statusStats: { text: string; count: number }[] }>();
}

const total = (points: { count: number }[]) => points.reduce((n, p) => n + p.count, 0);

describe("a list seen by a member with 'Only assigned' data access", () => {
  it("counts only the member's assigned records on the list card", async () => {
    expect(await card(assigned)).toEqual({ itemCount: 1, propCount: 1, compCount: 0 });
    expect(await card(admin)).toEqual({ itemCount: 3, propCount: 3, compCount: 3 });
    expect(await card(allData)).toEqual({ itemCount: 3, propCount: 3, compCount: 3 });
  });

  it('shows only their assigned properties, and stats of those, on the list detail', async () => {
    const mine = await detail(assigned);
    expect(mine.total).toBe(1);
    expect(mine.properties.map((p) => p.title)).toEqual(['1 Main St']);
    expect(mine.list).toMatchObject({ itemCount: 1, propCount: 1, compCount: 0 });
    expect(mine.stats.propCount).toBe(1);
    expect(total(mine.stats.phoneCounts)).toBe(1);
    expect(mine.stats.propStats.labels).toEqual(['Single Family']);

    const all = await detail(admin);
    expect(all.total).toBe(3);
    expect(all.properties.map((p) => p.title).sort()).toEqual(['1 Main St', '2 Oak Ave', '3 Elm Rd']);
    expect(all.list).toMatchObject({ itemCount: 3, propCount: 3, compCount: 3 });
    expect(all.stats.propStats.labels).toEqual(['Condo', 'Single Family']);
  });

  it("counts only their assigned contacts in the side panel's status stats", async () => {
    expect(total((await stats(assigned)).statusStats)).toBe(1);
    expect(total((await stats(admin)).statusStats)).toBe(3);
  });

  it('keeps the counts restricted in the answer to a rename', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/editListName',
      headers: assigned.headers,
      payload: { listId: list._id, name: 'Shared leads' },
    });
    expect(res.json<{ list: ListDto }>().list).toMatchObject({ name: 'Shared leads', itemCount: 1 });
  });
});

describe("exports for a member with 'Only assigned' data access", () => {
  const post = async (user: TestUser, url: string, payload?: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("hold only the member's assigned contacts, by list and by status", async () => {
    const mine = await post(assigned, '/api/items/exportAll', { listId: list._id });
    const everyone = await post(admin, '/api/items/exportAll', { listId: list._id });
    expect(mine.rows).toBe(1);
    expect(everyone.rows).toBe(3);
    expect(mine.csv.trim().split('\r\n')).toHaveLength(2);
    expect(mine.csv).toContain('2565938310');

    const counts = async (user: TestUser) =>
      total((await post(user, '/api/items/countExport')).statuses as { count: number }[]);
    expect(await counts(assigned)).toBe(1);
    expect(await counts(admin)).toBe(3);
    const { statuses } = await post(admin, '/api/items/countExport');
    const used = (statuses as { _id: string; count: number }[]).find((s) => s.count > 0)!;
    const mineCounts = (await post(assigned, '/api/items/countExport')).statuses as {
      _id: string;
      count: number;
    }[];
    const byStatus = await post(assigned, '/api/items/export', { condition: used._id });
    expect(byStatus.rows).toBe(mineCounts.find((s) => s._id === used._id)!.count);
    expect(byStatus.rows).toBeLessThan(used.count);
    expect((await post(admin, '/api/items/export', { condition: used._id })).rows).toBe(used.count);
  });
});
