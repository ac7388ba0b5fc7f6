import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { identifiers, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';

/** Queue for calls, a campaign to exactly a selection, and an export (issue 32 item 2, ADR 037). */

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const inject = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const start = (user: TestUser, ids: string[], action: object) =>
  inject(user, 'POST', '/api/bulk/start', { selection: { kind: 'ids', ids }, action });

async function finished(user: TestUser, jobId: string) {
  await t.app.services.bulkEngine.idle();
  const res = await inject(user, 'GET', `/api/bulk/job/${jobId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const setPhoneStatus = (itemId: string, status: 'DNC' | 'Wrong #') =>
  t.database.db.update(identifiers).set({ status }).where(eq(identifiers.itemId, itemId));

/** One contact of each kind the dialler and campaigns tell apart. */
async function mixedRecords(teamId: string, assignedTo: string[] = []) {
  const db = t.database.db;
  const usable = await insertContact(db, teamId, {
    phones: ['+19164567801'],
    status: 'Not contacted',
    assignedTo,
  });
  const dnc = await insertContact(db, teamId, {
    phones: ['+19164567802'],
    status: 'Not contacted',
    assignedTo,
  });
  await setPhoneStatus(dnc.id, 'DNC');
  const wrong = await insertContact(db, teamId, {
    phones: ['+19164567803'],
    status: 'Not contacted',
    assignedTo,
  });
  await setPhoneStatus(wrong.id, 'Wrong #');
  const noPhone = await insertContact(db, teamId, { emails: ['x@acme.test'], assignedTo });
  const property = await insertContact(db, teamId, {
    type: 'property',
    data: { Address: '1 Main St' },
    assignedTo,
  });
  return { usable, dnc, wrong, noPhone, property };
}

const queued = (teamId: string) =>
  queryRows<{ item_id: string; user_id: string }>(
    t.database.db,
    sql`select item_id, user_id from call_queue where team_id = ${teamId} order by item_id`,
  );

describe('queueing a selection for calls', () => {
  it('adds only callable contacts to the caller queue, names each skip, and never queues twice', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const r = await mixedRecords(admin.teamId);
    const second = await insertContact(t.database.db, admin.teamId, { phones: ['+19164567804'] });
    const ids = [...Object.values(r).map((x) => x.id), second.id];

    const res = await start(admin, ids, { type: 'queueCalls' });
    expect(res.statusCode, res.body).toBe(200);
    const job = await finished(admin, res.json()._id);
    expect(job.result).toBe(
      "2 queued for Ada Admin's calls; 1 skipped: no linked contact; 1 skipped: no phone; 1 skipped: DNC; 1 skipped: Wrong #",
    );
    const rows = await queued(admin.teamId);
    expect(rows.map((q) => q.item_id).sort()).toEqual([r.usable.id, second.id].sort());
    expect(new Set(rows.map((q) => q.user_id))).toEqual(new Set([admin.userId]));

    // The same selection again: nothing joins twice, and the line says why.
    const again = await finished(admin, (await start(admin, ids, { type: 'queueCalls' })).json()._id);
    expect(again.changed).toBe(0);
    expect(again.skipped).toMatchObject({ queued: 2 });
    expect(await queued(admin.teamId)).toHaveLength(2);
    const queue = (await inject(admin, 'GET', '/api/calls/queue')).json().queue;
    expect(queue).toHaveLength(2);
  });

  it("asks the calls permission, and an 'Only assigned' caller queues only their own contacts", async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const plain = await insertMember(t, admin.teamId, 'plain@acme.test', { dataAccess: 'All data' });
    const sam = await insertMember(t, admin.teamId, 'sam@acme.test', { permissions: ['calls'] });
    const own = await insertContact(t.database.db, admin.teamId, {
      phones: ['+19164567801'],
      assignedTo: [sam.userId],
    });
    const other = await insertContact(t.database.db, admin.teamId, { phones: ['+19164567802'] });
    expect((await start(plain, [own.id], { type: 'queueCalls' })).statusCode).toBe(403);

    const job = await finished(
      sam,
      (await start(sam, [own.id, other.id], { type: 'queueCalls' })).json()._id,
    );
    expect(job.result).toBe("1 queued for sam's calls; 1 skipped: no permission");
    expect(await queued(admin.teamId)).toEqual([{ item_id: own.id, user_id: sam.userId }]);
  });
});

describe('exporting a selection', () => {
  it('writes the Export screen CSV of exactly the selected contacts, downloadable once the job is done', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const r = await mixedRecords(admin.teamId);
    await insertContact(t.database.db, admin.teamId, {
      first: 'Not',
      last: 'Selected',
      phones: ['+19164567809'],
    });
    const res = await start(admin, [r.usable.id, r.dnc.id], { type: 'export' });
    const job = await finished(admin, res.json()._id);
    expect(job.result).toBe('2 exported');

    const file = await inject(admin, 'GET', `/api/bulk/job/${job._id}/export`);
    expect(file.statusCode, file.body).toBe(200);
    const { csv, rows, fileName } = file.json();
    expect(rows).toBe(2);
    expect(fileName).toMatch(/^Selection \d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,First name,Last name,Company,Phone 1,Phone 2,Phone 3,Email,Status,Address,City,State,Zip',
    );
    expect(lines).toHaveLength(3);
    // The DNC contact is listed without its DNC phone, as the Export screen writes it.
    expect(csv).toContain('+19164567801');
    expect(csv).not.toContain('+19164567802');
    expect(csv).not.toContain('Selected');
  });

  it("exports only an 'Only assigned' member's own contacts, and keeps the file from others", async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const sam = await insertMember(t, admin.teamId, 'sam@acme.test', { name: 'Sam' });
    const kim = await insertMember(t, admin.teamId, 'kim@acme.test', { dataAccess: 'All data' });
    const own = await insertContact(t.database.db, admin.teamId, {
      first: 'Own',
      phones: ['+19164567801'],
      assignedTo: [sam.userId],
    });
    const other = await insertContact(t.database.db, admin.teamId, {
      first: 'Other',
      phones: ['+19164567802'],
    });
    const job = await finished(sam, (await start(sam, [own.id, other.id], { type: 'export' })).json()._id);
    expect(job.result).toBe('1 exported; 1 skipped: no permission');
    const csv = (await inject(sam, 'GET', `/api/bulk/job/${job._id}/export`)).json().csv as string;
    expect(csv).toContain('Own');
    expect(csv).not.toContain('Other');
    expect((await inject(kim, 'GET', `/api/bulk/job/${job._id}/export`)).statusCode).toBe(404);
    // Only an export job has a file.
    const assign = await finished(
      admin,
      (await start(admin, [own.id], { type: 'assign', memberId: kim.userId })).json()._id,
    );
    expect((await inject(admin, 'GET', `/api/bulk/job/${assign._id}/export`)).statusCode).toBe(404);
  });
});

describe('a campaign to exactly a selection', () => {
  async function textSetup(user: TestUser) {
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, user.teamId));
    const group = (await inject(user, 'PUT', '/api/templates/addGroup', { name: 'Openers' })).json();
    await inject(user, 'PUT', '/api/templates/addTemplate', {
      text: 'Hello there friend',
      groupId: group._id,
    });
    const device = (
      await inject(user, 'POST', '/api/services/addNumber', { phoneType: 'Android', value: '+19175550100' })
    ).json().device._id as string;
    return { group: group._id as string, device };
  }

  it('freezes the reachable contacts, counts them in the builder and texts exactly them', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const s = await textSetup(admin);
    const r = await mixedRecords(admin.teamId);
    const second = await insertContact(t.database.db, admin.teamId, {
      phones: ['+19164567804'],
      status: 'Not contacted',
    });
    // Not selected, same status: a campaign to "all contacts" would take it.
    await insertContact(t.database.db, admin.teamId, { phones: ['+19164567805'], status: 'Not contacted' });
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');

    const res = await start(admin, [r.usable.id, r.dnc.id, r.property.id, second.id], { type: 'campaign' });
    const job = await finished(admin, res.json()._id);
    expect(job.result).toBe('2 ready for a campaign; 1 skipped: no linked contact; 1 skipped: DNC');

    const counts = await inject(admin, 'POST', '/api/items/count', { audienceJobId: job._id });
    expect(counts.json().find((c: { _id: string }) => c._id === notContacted).count).toBe(2);
    const launch = await inject(admin, 'POST', '/api/campaigns/launch', {
      name: 'Selection',
      campaignType: 'Text',
      audienceJobId: job._id,
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T15:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [s.group],
      devices: [s.device],
    });
    expect(launch.statusCode, launch.body).toBe(200);
    expect(launch.json()).toMatchObject({ recipients: 2, audienceJobId: job._id, listIds: [] });
    const recipients = await queryRows<{ item_id: string }>(
      t.database.db,
      sql`select item_id from campaign_recipients where campaign_id = ${launch.json()._id} order by item_id`,
    );
    expect(recipients.map((x) => x.item_id)).toEqual([r.usable.id, second.id].sort());
  });

  it("refuses another member's, an unfinished or a non-campaign job as an audience", async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const lead = await insertMember(t, admin.teamId, 'lead@acme.test', {
      dataAccess: 'All data',
      permissions: ['campaigns'],
    });
    const s = await textSetup(admin);
    const c = await insertContact(t.database.db, admin.teamId, {
      phones: ['+19164567801'],
      status: 'Not contacted',
    });
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const plain = await insertMember(t, admin.teamId, 'plain@acme.test', { dataAccess: 'All data' });
    expect((await start(plain, [c.id], { type: 'campaign' })).statusCode).toBe(403);
    const mine = await finished(admin, (await start(admin, [c.id], { type: 'campaign' })).json()._id);
    const exported = await finished(admin, (await start(admin, [c.id], { type: 'export' })).json()._id);
    const body = (audienceJobId: string) => ({
      name: 'Selection',
      campaignType: 'Text',
      audienceJobId,
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T15:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [s.group],
      devices: [s.device],
    });
    const theirs = await inject(lead, 'POST', '/api/campaigns/launch', body(mine._id));
    expect(theirs.json()).toMatchObject({ code: 'CAMPAIGN_UNKNOWN_AUDIENCE' });
    const wrongKind = await inject(admin, 'POST', '/api/campaigns/launch', body(exported._id));
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().code).toBe('CAMPAIGN_UNKNOWN_AUDIENCE');
    const counts = await inject(lead, 'POST', '/api/items/count', { audienceJobId: mine._id });
    expect(counts.json().every((x: { count: number }) => x.count === 0)).toBe(true);
  });
});

describe('properties and companies in a selection', () => {
  const link = (teamId: string, a: string, b: string) =>
    queryRows(
      t.database.db,
      sql`insert into item_links (team_id, from_id, to_id) values (${teamId}, ${a}, ${b}), (${teamId}, ${b}, ${a})`,
    );

  /** Two houses of one owner, a house of two, a lot nobody owns, and a company of one DNC person. */
  async function owned(teamId: string) {
    const db = t.database.db;
    const owner = await insertContact(db, teamId, {
      first: 'Olga',
      last: 'Owner',
      phones: ['+19164567811'],
      status: 'Not contacted',
    });
    const coOwner = await insertContact(db, teamId, { first: 'Carl', emails: ['carl@acme.test'] });
    const person = await insertContact(db, teamId, { first: 'Pia', phones: ['+19164567812'] });
    await setPhoneStatus(person.id, 'DNC');
    const house = await insertContact(db, teamId, {
      type: 'property',
      data: { Street1: '1 Main St', City: 'Sacramento', Owner: 'Olga Owner', Bedrooms: 3 },
    });
    const house2 = await insertContact(db, teamId, { type: 'property', data: { Street1: '2 Main St' } });
    const lot = await insertContact(db, teamId, { type: 'property', data: { Street1: '3 Main St' } });
    const firm = await insertContact(db, teamId, { type: 'company', data: { Name: 'Acme Homes' } });
    await link(teamId, house.id, owner.id);
    await link(teamId, house.id, coOwner.id);
    await link(teamId, house2.id, owner.id);
    await link(teamId, firm.id, person.id);
    return { owner, coOwner, person, house, house2, lot, firm };
  }

  it('queues their linked contacts once each, and counts the ones standing for no one', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const r = await owned(admin.teamId);
    const ids = [r.house.id, r.house2.id, r.lot.id, r.firm.id];
    const job = await finished(admin, (await start(admin, ids, { type: 'queueCalls' })).json()._id);
    expect(job.result).toBe(
      "1 queued for Ada Admin's calls; 1 skipped: no linked contact; 1 skipped: no phone; 1 skipped: DNC",
    );
    expect(await queued(admin.teamId)).toEqual([{ item_id: r.owner.id, user_id: admin.userId }]);

    // Only a lot nobody owns: a job all the same, whose line says why nothing was queued.
    const none = await start(admin, [r.lot.id], { type: 'queueCalls' });
    expect(none.statusCode, none.body).toBe(200);
    expect((await finished(admin, none.json()._id)).result).toBe(
      "0 queued for Ada Admin's calls; 1 skipped: no linked contact",
    );
  });

  it('launches a campaign to the owners of the selected properties', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const r = await owned(admin.teamId);
    const ids = [r.house.id, r.house2.id, r.lot.id, r.firm.id];
    const job = await finished(admin, (await start(admin, ids, { type: 'campaign' })).json()._id);
    expect(job.result).toBe(
      '1 ready for a campaign; 1 skipped: no linked contact; 1 skipped: no phone; 1 skipped: DNC',
    );
    const counts = (await inject(admin, 'POST', '/api/items/count', { audienceJobId: job._id })).json();
    expect(counts.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(1);
  });

  it('exports properties and companies as themselves, each kind under its own header', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const r = await owned(admin.teamId);
    const job = await finished(
      admin,
      (await start(admin, [r.house.id, r.lot.id, r.firm.id], { type: 'export' })).json()._id,
    );
    expect(job.result).toBe('3 exported');
    const { csv, rows } = (await inject(admin, 'GET', `/api/bulk/job/${job._id}/export`)).json();
    expect(rows).toBe(3);
    const [properties, companies] = (csv as string).split('\r\n\r\n').map((b) => b.trimEnd().split('\r\n'));
    expect(properties![0]).toBe(
      'Street1,Street2,City,State,Zip,Use Description,Lot Size,Year Built,Bedrooms,Bathrooms,Full Baths,' +
        'Garage Capacity,Pool,Owner,Verified owner,Phone 1,Phone 2,Phone 3',
    );
    expect(properties).toContain('1 Main St,,Sacramento,,,,,,3,,,,,Olga Owner,Yes,+19164567811,,');
    expect(properties).toContain('3 Main St,,,,,,,,,,,,,,No,,,');
    // The company's only person is DNC: no phone of theirs is exported.
    expect(companies).toEqual([
      'Name,Website,Phone 1,Phone 2,Phone 3,Email,Address,City,State,Zip',
      'Acme Homes,,,,,,,,,',
    ]);
  });
});
