import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devices, itemLinks, items, listItems, lists, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';

// Monday 5 January 2026, 9:30 in New York (6:30 in Los Angeles).
const MONDAY_0930_NY = new Date('2026-01-05T14:30:00Z');
const ZONES: Record<string, string[]> = { '+1212': ['America/New_York'], '+1310': ['America/Los_Angeles'] };

let t: TestApp;
let admin: TestUser;
let notContacted: string;
beforeEach(async () => {
  t = await buildTestApp(
    { CAMPAIGN_GAP_MIN_MS: 0, CAMPAIGN_GAP_MAX_MS: 0, CAMPAIGN_BATCH_PER_DEVICE: 10 },
    { phoneZones: async (phone) => ZONES[phone.slice(0, 5)] ?? [], random: () => 0.5 },
  );
  t.clock.set(MONDAY_0930_NY);
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
});
afterEach(async () => {
  await t.close();
});

const api = async (
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => {
  const res = await t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

async function addGroup(name: string, ...texts: string[]) {
  const group = await api(admin, 'PUT', '/api/templates/addGroup', { name });
  for (const text of texts)
    await api(admin, 'PUT', '/api/templates/addTemplate', { text, groupId: group._id });
  return group._id as string;
}

async function addList(name: string, contactIds: string[]) {
  const [list] = await t.database.db
    .insert(lists)
    .values({
      teamId: admin.teamId,
      name,
      position: 1,
      state: 'imported',
      result: {} as never,
      createdAt: new Date(),
    })
    .returning();
  for (const itemId of contactIds)
    await t.database.db.insert(listItems).values({ listId: list!.id, itemId, type: 'contact' });
  return list!.id;
}

/** A property linked to the contact, as an import links an owner to the address. */
async function linkProperty(contactId: string, data: Record<string, string>) {
  const property = await insertContact(t.database.db, admin.teamId, { type: 'property', data });
  await t.database.db
    .insert(itemLinks)
    .values({ teamId: admin.teamId, fromId: contactId, toId: property.id });
}

/** A Text custom field of contacts named `name`; returns its id. */
async function addCustomField(name: string) {
  const current = await api(admin, 'GET', '/api/settings/customFields?type=contact');
  const field = { _id: 'f-tier', name, type: 'Text', options: [], config: {}, system: false };
  const section = { _id: 's-deal', name: 'Deal', hidden: false, users: [], system: false, fields: [field] };
  await api(admin, 'PATCH', '/api/settings/updateCustomFields', {
    type: 'contact',
    sections: [...current.sections, section],
  });
  return field._id;
}

const missingFields = (user: TestUser, body: object) =>
  api(user, 'POST', '/api/campaigns/missingFields', { statuses: [notContacted], ...body });

describe('fields the recipients lack, before launch', () => {
  it('counts, over the filtered recipients, those lacking each field the templates use', async () => {
    const tier = await addCustomField('Tier');
    const ann = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0110'],
    });
    await linkProperty(ann.id, { Street1: '1 Main St', City: 'Albany' });
    const noName = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0111'],
      data: { 'First name': ' ' },
    });
    await linkProperty(noName.id, { Full: '9 Elm Rd, Troy NY' });
    const noHouse = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0112'],
      data: { City: 'Utica' },
    });
    await t.database.db
      .update(items)
      .set({ custom: { [tier]: 'Gold' } })
      .where(eq(items.id, noHouse.id));
    // Out of the filters: another status, and a contact with no phone to text.
    await insertContact(t.database.db, admin.teamId, {
      status: 'Wrong number',
      phones: ['212-555-0113'],
      data: { 'First name': '' },
    });
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', data: { 'First name': '' } });
    const openers = await addGroup('Openers', 'Hi **First name**, is **Address** yours?');
    const followUps = await addGroup('Follow-ups', '**Tier|Hello** from **city**, **first name|friend**');

    expect(await missingFields(admin, { groupIds: [openers, followUps] })).toEqual({
      recipients: 3,
      fields: [
        { field: 'First name', missing: 1, covered: false },
        { field: 'Address', missing: 1, covered: false },
        { field: 'Tier', missing: 2, covered: true },
        // Troy's property gives only a full address.
        { field: 'city', missing: 1, covered: false },
      ],
    });
    const list = await addList('Troy', [noName.id, noHouse.id]);
    expect(await missingFields(admin, { groupIds: [openers], listIds: [list] })).toEqual({
      recipients: 2,
      fields: [
        { field: 'First name', missing: 1, covered: false },
        { field: 'Address', missing: 1, covered: false },
      ],
    });
  });

  it('an Only assigned member counts only their contacts; no template group, no field', async () => {
    const lead = await insertMember(t, admin.teamId, 'lea@acme.test', { permissions: ['campaigns'] });
    await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0110'],
      data: { 'First name': '' },
      assignedTo: [lead.userId],
    });
    await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0111'],
      data: { 'First name': '' },
    });
    const group = await addGroup('Openers', 'Hi **First name**, hello');
    expect(await missingFields(lead, { groupIds: [group] })).toEqual({
      recipients: 1,
      fields: [{ field: 'First name', missing: 1, covered: false }],
    });
    expect(await missingFields(admin, { groupIds: [] })).toEqual({ recipients: 2, fields: [] });
  });
});

describe('why recipients wait, in the campaign details', () => {
  async function launchedAndTicked() {
    await t.database.db.update(teams).set({ ppgl: 1 }).where(eq(teams.id, admin.teamId));
    const device = (
      await api(admin, 'POST', '/api/services/addNumber', { phoneType: 'Android', value: '+19175550100' })
    ).device._id as string;
    await t.database.db
      .update(devices)
      .set({ connected: true, pingedAt: t.clock.now() })
      .where(eq(devices.id, device));
    // In the order the engine takes them: two asleep in Los Angeles, one without a first name, three in New York.
    for (const phone of ['310-555-0120', '310-555-0121'])
      await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: [phone] });
    await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0130'],
      data: { 'First name': '' },
    });
    for (const phone of ['212-555-0140', '212-555-0141', '212-555-0142'])
      await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: [phone] });
    const group = await addGroup('Openers', 'Hi **First name**, still own the house?');
    const body = { statuses: [notContacted], groupIds: [group] };
    const before = await api(admin, 'POST', '/api/campaigns/missingFields', body);
    const campaign = await api(admin, 'POST', '/api/campaigns/launch', {
      ...body,
      name: 'Spring',
      campaignType: 'Text',
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z', // 9:00 New York
      endTime: '2026-01-05T23:00:00Z', // 18:00 New York
      startDate: '2026-01-05T05:00:00Z',
      devices: [device],
    });
    const report = await t.app.services.campaignEngine.tick();
    return { before, campaign, report };
  }

  it('counts them per reason after a tick: quiet hours, the daily limit, a missing field; next text tomorrow 9:00', async () => {
    const { before, campaign, report } = await launchedAndTicked();
    expect(report.sent).toBe(1);
    const stats = await api(admin, 'GET', `/api/campaigns/stats/${campaign._id}`);
    expect(stats.waiting).toEqual([
      // 8:00 in Los Angeles is 11:00 in New York.
      { reason: 'quietHours', count: 2, until: '2026-01-05T16:00:00.000Z', field: null },
      // The device sent its 1 text of the day: the rest wait for New York's midnight.
      { reason: 'deviceLimit', count: 2, until: '2026-01-06T05:00:00.000Z', field: null },
      { reason: 'missingField', count: 1, until: null, field: 'First name' },
    ]);
    // The skipped recipient was foretold before the launch.
    expect(before.fields).toEqual([{ field: 'First name', missing: 1, covered: false }]);
    // Quiet hours end at 11:00, but the device's limit holds until the window opens on Tuesday.
    expect(stats.nextTextAt).toBe('2026-01-06T14:00:00.000Z');
    expect(stats).toMatchObject({ pending: 4, skipped: 1 });
  });

  it('after the daily limit clears, the waits change with the clock: the window closes, then reopens', async () => {
    const { campaign } = await launchedAndTicked();
    // Tuesday 8:00 in New York: the limit reset at midnight, the window opens at 9:00.
    t.clock.set(new Date('2026-01-06T13:00:00Z'));
    const early = await api(admin, 'GET', `/api/campaigns/stats/${campaign._id}`);
    expect(early.waiting.map((w: { reason: string }) => w.reason)).toEqual(['outsideWindow', 'missingField']);
    expect(early.waiting[0]).toMatchObject({ count: 4, until: '2026-01-06T14:00:00.000Z' });
    expect(early.nextTextAt).toBe('2026-01-06T14:00:00.000Z');
    await api(admin, 'POST', '/api/campaigns/startStop', { campaignId: campaign._id, paused: true });
    const paused = await api(admin, 'GET', `/api/campaigns/stats/${campaign._id}`);
    expect([paused.waiting[0], paused.nextTextAt]).toEqual([
      { reason: 'paused', count: 4, until: null, field: null },
      null,
    ]);
  });
});
