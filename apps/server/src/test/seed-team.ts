import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { seal } from '../lib/sealed.js';
import {
  bulkJobItems,
  bulkJobs,
  devices,
  items,
  listItems,
  lists,
  messages,
  notifications,
  replyActions,
  replyLabels,
  teams,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema/index.js';
import { emptyImportResult } from '@prospector/core';
import type { TestApp } from './app.js';
import {
  insertContact,
  insertMember,
  insertNotification,
  insertTask,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from './factories.js';
import { multipartFile, TINY_OPUS, TINY_PNG } from './multipart.js';
import { insertProperty } from './property-factory.js';

/** Ids of the seeded team's rows by kind, and the name of its member's avatar file. */
export type SeedIds = Record<string, string>;

export type SeededTeam = {
  admin: TestUser;
  ids: SeedIds;
  /** Strings only the seeded team's data holds: none may appear in an answer to an outsider. */
  secrets: string[];
  /** Those of them that are the records' data (what a member without access may not read). */
  recordSecrets: string[];
};

/** The seeded contact's phone, and the number of the seeded device that texts it. */
export const CONTACT_NUMBER = '+12125550199';
export const DEVICE_NUMBER = '+19175550166';
/** Bytes of the seeded property's photo: served to no one outside its team. */
const PHOTO_SECRET = 'Secret photo of A';

/** The seeded team's own status (the built-in ones cannot be renamed or removed). */
export const OWN_STATUS = 'Secret status of A';

/**
 * A team with one of everything: a contact assigned to a member, a task, a scheduled follow-up, a
 * device, a template group with a template, a subtemplate, a quick reply, a status of its own, a list,
 * a running campaign, a sent text, a notification for the admin and the member's avatar. `tag` keeps
 * e-mail addresses apart when several teams are seeded in one database.
 */
export async function seedTeam(t: TestApp, tag = ''): Promise<SeededTeam> {
  const admin = await insertTeamAdmin(t, `ann${tag}@alpha.test`, 'Ann Alpha');
  const { db } = t.database;
  await db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  const ids: SeedIds = { admin: admin.userId };
  const call = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, as = admin) => {
    const res = await t.app.inject({ method, url, headers: as.headers, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const contact = await insertContact(db, admin.teamId, {
    first: 'Zelda',
    last: 'Secretname',
    status: 'Not contacted',
    phones: ['212-555-0199'],
  });
  ids['item'] = contact.id;
  // A property with its photo (whose bytes carry a secret), at the one address the fake maps service knows.
  const pictured = await insertProperty(db, admin.teamId, { Address: '1600 Amphitheatre Pkwy' });
  ids['photoProperty'] = pictured.id;
  const photo = multipartFile('house.png', Buffer.concat([TINY_PNG, Buffer.from(PHOTO_SECRET)]), 'img', {
    fileId: pictured.id,
    address: '1600 Amphitheatre Pkwy',
  });
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/items/addImage',
    headers: { ...admin.headers, 'content-type': photo.contentType },
    payload: photo.payload,
  });
  if (added.statusCode !== 200) throw new Error(`addImage: ${added.statusCode} ${added.body}`);
  const member = await insertMember(t, admin.teamId, `mia${tag}@alpha.test`, { name: 'Mia Alphateam' });
  ids['member'] = member.userId;
  await db.execute(
    sql`update items set assigned_to = array[${member.userId}]::uuid[] where id = ${contact.id}`,
  );
  await insertTask(db, admin.teamId, contact.id, 'Secret task of A', null);
  const [task] = await queryRows<{ id: string }>(
    db,
    sql`select id from tasks where team_id = ${admin.teamId}`,
  );
  ids['task'] = task!.id;
  // Nothing in the app schedules a message yet; migrated data has them, and they can be cancelled.
  const [scheduled] = await db
    .insert(messages)
    .values({
      teamId: admin.teamId,
      itemId: contact.id,
      system: true,
      body: 'Secret follow-up of A',
      status: 'scheduled',
      due: new Date('2030-01-01T00:00:00Z'),
      createdAt: t.clock.now(),
    })
    .returning();
  ids['scheduled'] = scheduled!.id;
  await insertNotification(db, admin.teamId, admin.userId, contact.id);
  const [notification] = await db.select().from(notifications).where(eq(notifications.userId, admin.userId));
  ids['notification'] = notification!.id;
  ids['status'] = await statusId(db, admin.teamId, 'Not contacted');
  ids['ownStatus'] = (await call('PUT', '/api/settings/addStatus', { text: OWN_STATUS }))._id;
  ids['apiKey'] = (
    await call('POST', '/api/settings/apiKeys', { name: 'Secret key of A', scopes: ['records:read'] })
  ).apiKey._id;
  // A webhook endpoint with one delivery (ADR 045), at a documentation address no attempt may reach.
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      teamId: admin.teamId,
      kind: 'subscription',
      url: 'https://192.0.2.1/hook',
      events: ['message.received'],
      secretSealed: seal(t.app.config.authSecret, `whsec_${'A'.repeat(32)}`),
      createdAt: t.clock.now(),
    })
    .returning();
  ids['webhook'] = endpoint!.id;
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      teamId: admin.teamId,
      endpointId: endpoint!.id,
      eventType: 'message.received',
      payload: { type: 'message.received' },
      state: 'failed',
      nextAttemptAt: t.clock.now(),
      createdAt: t.clock.now(),
    })
    .returning();
  ids['webhookDelivery'] = delivery!.id;
  const device = await call('POST', '/api/services/addNumber', {
    phoneType: 'Android',
    value: DEVICE_NUMBER,
  });
  ids['device'] = device.device._id;
  await db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, ids['device']!));
  const group = await call('PUT', '/api/templates/addGroup', { name: 'Secret group A' });
  ids['group'] = group._id;
  ids['template'] = (
    await call('PUT', '/api/templates/addTemplate', { text: 'Secret template of A', groupId: group._id })
  )._id;
  ids['subtemplate'] = (
    await call('PUT', '/api/templates/addSubTemplate', { name: 'secretsub', values: ['Hi'] })
  )._id;
  ids['reply'] = (
    await call('PUT', '/api/templates/addReply', { title: 'Secret', text: 'Secret reply of A' })
  )._id;
  const [list] = await db
    .insert(lists)
    .values({
      teamId: admin.teamId,
      name: 'Secret list of A',
      position: 1,
      state: 'imported',
      result: { ...emptyImportResult(), rowsRead: 1, contactsNew: 1 },
      createdAt: t.clock.now(),
    })
    .returning();
  ids['list'] = list!.id;
  await db.insert(listItems).values({ listId: list!.id, itemId: contact.id, type: 'contact' });
  // A property without phones in the list, and credits: what a skip trace needs to succeed.
  const property = await insertContact(db, admin.teamId, {
    type: 'property',
    data: { Street1: '1 Secret Way', City: 'Seattle', State: 'WA', Owner: 'Zelda Secretname' },
  });
  ids['property'] = property.id;
  await db.insert(listItems).values({ listId: list!.id, itemId: property.id, type: 'property' });
  const granted = await t.app.services.ledger.grant({
    teamId: admin.teamId,
    amount: 100_000,
    reason: 'adminGrant',
    description: 'Seeded credits',
    actorId: admin.userId,
  });
  if (!granted.ok) throw new Error(granted.code);
  const campaign = await call('POST', '/api/campaigns/launch', {
    name: 'Secret campaign of A',
    statuses: [ids['status']],
    weekDays: [1, 2, 3, 4, 5],
    startTime: '2026-01-05T15:00:00Z',
    endTime: '2026-01-05T23:00:00Z',
    startDate: '2026-01-05T05:00:00Z',
    groupIds: [group._id],
    devices: [ids['device']],
  });
  ids['campaign'] = campaign._id;
  const sent = await call('POST', '/api/messages/sendSms', {
    body: 'Secret text of A',
    dataId: contact.id,
    to: CONTACT_NUMBER,
  });
  ids['message'] = sent.message._id;
  // Its label, as a received text's (issue 31), so a member's correction has something to change.
  await t.database.db.insert(replyLabels).values({
    messageId: ids['message']!,
    teamId: admin.teamId,
    itemId: contact.id,
    label: 'question',
    confidence: 0.9,
    needsLook: false,
    source: 'model',
    modelLabel: 'question',
    createdAt: new Date(),
  });
  // The automatic actions it got (issue 31, item 4), so the Undo has something to undo.
  await t.database.db.insert(replyActions).values({
    messageId: ids['message']!,
    teamId: admin.teamId,
    itemId: contact.id,
    label: 'question',
    systemMessageId: null,
    undo: {},
    createdAt: new Date(),
  });
  const picture = multipartFile('mia.png', TINY_PNG, 'avatar');
  const avatar = await t.app.inject({
    method: 'POST',
    url: '/api/users/changeAvatar',
    headers: { ...member.headers, 'content-type': picture.contentType },
    payload: picture.payload,
  });
  ids['avatar'] = (avatar.json() as { avatar: string }).avatar.split('/').pop()!;
  // The dialler: a team number, a voicemail, and the contact in the admin's call queue.
  ids['number'] = (await call('POST', '/api/calls/buyNumber', { areaCode: '212' })).number._id;
  const vm = multipartFile('vm.ogg', TINY_OPUS, 'vm');
  const recorded = await t.app.inject({
    method: 'POST',
    url: '/api/calls/recordVm',
    headers: { ...admin.headers, 'content-type': vm.contentType },
    payload: vm.payload,
  });
  ids['vm'] = (recorded.json() as { voicemail: { _id: string } }).voicemail._id;
  await call('POST', '/api/calls/enqueue', { itemIds: [contact.id] });
  // A bulk delete, finished and still undoable: the job the bulk routes read and undo (written here
  // as the engine leaves it, since the sweeps stop the engine before seeding).
  const doomed = await insertContact(db, admin.teamId, {
    first: 'Bulk',
    last: 'Deleted',
    phones: ['212-555-0198'],
  });
  const [bulkJob] = await db
    .insert(bulkJobs)
    .values({
      teamId: admin.teamId,
      userId: admin.userId,
      action: 'delete',
      state: 'done',
      total: 1,
      done: 1,
      changed: 1,
      result: '1 deleted',
      createdAt: t.clock.now(),
      finishedAt: t.clock.now(),
    })
    .returning();
  await db
    .insert(bulkJobItems)
    .values({ jobId: bulkJob!.id, teamId: admin.teamId, itemId: doomed.id, outcome: 'changed' });
  await db.update(items).set({ hidden: true }).where(eq(items.id, doomed.id));
  ids['bulkJob'] = bulkJob!.id;
  // A finished export of the seeded contact: its file is what the export route hands out.
  const [bulkExport] = await db
    .insert(bulkJobs)
    .values({
      teamId: admin.teamId,
      userId: admin.userId,
      action: 'export',
      state: 'done',
      total: 1,
      done: 1,
      changed: 1,
      result: '1 exported',
      createdAt: t.clock.now(),
      finishedAt: t.clock.now(),
    })
    .returning();
  await db.insert(bulkJobItems).values({
    jobId: bulkExport!.id,
    teamId: admin.teamId,
    itemId: contact.id,
    outcome: 'changed',
    line: 'Secret Exported,Secret,Exported,,,,,,,,,,',
  });
  ids['bulkExport'] = bulkExport!.id;
  // A finished campaign selection of the seeded contact: the audience a campaign launch may name.
  const [bulkAudience] = await db
    .insert(bulkJobs)
    .values({
      teamId: admin.teamId,
      userId: admin.userId,
      action: 'campaign',
      state: 'done',
      total: 1,
      done: 1,
      changed: 1,
      result: '1 ready for a campaign',
      createdAt: t.clock.now(),
      finishedAt: t.clock.now(),
    })
    .returning();
  await db
    .insert(bulkJobItems)
    .values({ jobId: bulkAudience!.id, teamId: admin.teamId, itemId: contact.id, outcome: 'changed' });
  ids['bulkAudience'] = bulkAudience!.id;
  // Chats: the team room (the member's chats made too), a text and an image in it.
  const chats = (await t.app.inject({ method: 'GET', url: '/api/chats', headers: admin.headers })).json()
    .chats as { _id: string; kind: string }[];
  await t.app.inject({ method: 'GET', url: '/api/chats', headers: member.headers });
  ids['chat'] = chats.find((c) => c.kind === 'team')!._id;
  await call('POST', '/api/chats/send', { chatId: ids['chat'], body: 'Secret chat of A' });
  const snapshot = multipartFile('plan.png', TINY_PNG, 'img', { chatId: ids['chat']! });
  const chatImage = await t.app.inject({
    method: 'POST',
    url: '/api/chats/send',
    headers: { ...admin.headers, 'content-type': snapshot.contentType },
    payload: snapshot.payload,
  });
  ids['chatImage'] = (chatImage.json() as { message: { _id: string } }).message._id;
  // Within the team, settings are shared (devices, templates, campaigns, members, lists): what a member
  // may not read without access is the records' data.
  const recordSecrets = [
    'Zelda',
    'Secretname',
    '2125550199',
    'Secret task of A',
    'Secret text of A',
    'Secret follow-up of A',
    PHOTO_SECRET,
    ids['item']!,
    ids['property']!,
    ids['photoProperty']!,
    ids['task']!,
    ids['message']!,
    ids['scheduled']!,
  ];
  const secrets = [
    ...recordSecrets,
    `mia${tag}@alpha.test`,
    'Secret group A',
    'Secret template of A',
    'secretsub',
    'Secret reply of A',
    'Secret list of A',
    'Secret campaign of A',
    'Secret chat of A',
    OWN_STATUS,
    '9175550166',
    ...Object.values(ids),
  ];
  return { admin, ids, secrets, recordSecrets };
}
