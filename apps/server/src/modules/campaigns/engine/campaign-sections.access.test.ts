import { randomUUID } from 'node:crypto';
import { newField, newSection, type DataSection } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignRecipients, devices, items, smsJobs, teams } from '../../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../../test/factories.js';

/**
 * Issue 36: a template's `**Field**` renders a custom field only for a sender who may see its
 * section (ADR 031). For anyone else the record has no value there: the placeholder's fallback is
 * written, or, with none, the recipient is skipped; the builder's counts say so before launch.
 */

// Monday 5 January 2026, 10:00 in New York.
const MONDAY_10_NY = new Date('2026-01-05T15:00:00Z');
const SECRET = '412000 cash';
const priceId = randomUUID();

let t: TestApp;
let admin: TestUser;
let outsider: TestUser;
let insider: TestUser;
let device: string;

const call = async (user: TestUser, method: 'PUT' | 'POST' | 'PATCH', url: string, payload: object) => {
  const res = await t.app.inject({ method, url, headers: user.headers, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

beforeEach(async () => {
  t = await buildTestApp({ CAMPAIGN_GAP_MIN_MS: 0, CAMPAIGN_GAP_MAX_MS: 0, CAMPAIGN_BATCH_PER_DEVICE: 10 });
  t.clock.set(MONDAY_10_NY);
  admin = await insertTeamAdmin(t, 'deal-owner@acme.test');
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  const sender = { dataAccess: 'All data' as const, permissions: ['campaigns' as const, 'sms' as const] };
  outsider = await insertMember(t, admin.teamId, 'out@acme.test', sender);
  insider = await insertMember(t, admin.teamId, 'in@acme.test', sender);
  const current = (
    await t.app.inject({ url: '/api/settings/customFields?type=contact', headers: admin.headers })
  ).json<{ sections: DataSection[] }>().sections;
  const deal: DataSection = {
    ...newSection(randomUUID(), 'Deal'),
    users: [insider.userId],
    fields: [newField('Text', priceId, 'Price')],
  };
  await call(admin, 'PATCH', '/api/settings/updateCustomFields', {
    type: 'contact',
    sections: [...current, deal],
  });
  for (const [i, phone] of ['212-555-0110', '212-555-0111'].entries()) {
    const c = await insertContact(t.database.db, admin.teamId, {
      first: `Ann${i}`,
      status: 'Not contacted',
      phones: [phone],
    });
    await t.database.db
      .update(items)
      .set({ custom: { [priceId]: SECRET } })
      .where(eq(items.id, c.id));
  }
  device = (
    await call(admin, 'POST', '/api/services/addNumber', { phoneType: 'Android', value: '+19175550100' })
  ).device._id;
  await t.database.db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, device));
});
afterEach(async () => {
  await t.close();
});

async function group(text: string) {
  const g = await call(admin, 'PUT', '/api/templates/addGroup', { name: 'Openers' });
  await call(admin, 'PUT', '/api/templates/addTemplate', { text, groupId: g._id });
  return g._id as string;
}

async function launchAs(user: TestUser, groupId: string) {
  const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
  return call(user, 'POST', '/api/campaigns/launch', {
    name: 'Spring',
    campaignType: 'Text',
    statuses: [notContacted],
    weekDays: [1, 2, 3, 4, 5],
    startTime: '2026-01-05T14:00:00Z',
    endTime: '2026-01-05T23:00:00Z',
    startDate: '2026-01-05T05:00:00Z',
    groupIds: [groupId],
    devices: [device],
  });
}

const bodies = async () => (await t.database.db.select().from(smsJobs)).map((j) => j.body).sort();

describe('a template naming a field of a section limited to named members', () => {
  it("a campaign launched by a member left out writes the field's fallback, never its value", async () => {
    await launchAs(outsider, await group('Hi **First name**, about **Price|your price**'));
    expect((await t.app.services.campaignEngine.tick()).sent).toBe(2);
    expect(await bodies()).toEqual(['Hi Ann0, about your price', 'Hi Ann1, about your price']);
  });

  it('without a fallback, the recipients of a member left out are skipped for the missing field', async () => {
    const c = await launchAs(outsider, await group('Hi **First name**, about **Price**'));
    await t.app.services.campaignEngine.tick();
    expect(await bodies()).toEqual([]);
    const recipients = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c._id));
    expect(recipients.map((r) => [r.state, r.reason])).toEqual([
      ['skipped', 'missingField'],
      ['skipped', 'missingField'],
    ]);
  });

  it('a listed member’s campaign writes the value (the positive control)', async () => {
    await launchAs(insider, await group('Hi **First name**, about **Price|your price**'));
    await t.app.services.campaignEngine.tick();
    expect(await bodies()).toEqual([`Hi Ann0, about ${SECRET}`, `Hi Ann1, about ${SECRET}`]);
  });

  it('the builder tells a member left out that every recipient lacks the field, and a listed member that none does', async () => {
    const groupId = await group('Hi **First name**, about **Price**');
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const count = (user: TestUser) =>
      call(user, 'POST', '/api/campaigns/missingFields', { statuses: [notContacted], groupIds: [groupId] });
    const price = async (user: TestUser) =>
      (await count(user)).fields.find((f: { field: string }) => f.field === 'Price');
    expect(await price(outsider)).toEqual({ field: 'Price', missing: 2, covered: false });
    expect(await price(insider)).toEqual({ field: 'Price', missing: 0, covered: false });
  });

  it('a campaign follows its owner’s access as it is at each text', async () => {
    await launchAs(insider, await group('Hi **First name**, about **Price|your price**'));
    const section = (
      await t.app.inject({ url: '/api/settings/customFields?type=contact', headers: admin.headers })
    ).json<{ sections: DataSection[] }>().sections;
    await call(admin, 'PATCH', '/api/settings/updateCustomFields', {
      type: 'contact',
      sections: section.map((s) => (s.name === 'Deal' ? { ...s, users: [admin.userId] } : s)),
    });
    await t.app.services.campaignEngine.tick();
    expect(await bodies()).toEqual(['Hi Ann0, about your price', 'Hi Ann1, about your price']);
  });
});
