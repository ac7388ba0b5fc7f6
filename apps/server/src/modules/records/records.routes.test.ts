import { compareCards, messages, serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identifiers, items, notifications } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertNotification,
  insertTask,
  insertTeamAdmin,
  type TestUser,
} from '../../test/factories.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  await t.close();
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('the board', () => {
  it('gives a new team the built-in statuses as columns, each empty', async () => {
    const res = await call(admin, 'POST', '/api/dashboard/get', {});
    expect(res.statusCode).toBe(200);
    const { columns } = res.json();
    expect(columns.map((c: { status: { text: string } }) => c.status.text)).toEqual([
      'Not contacted',
      'DNC',
      'Wrong number',
    ]);
    expect(
      columns.every((c: { count: number; items: unknown[] }) => c.count === 0 && c.items.length === 0),
    ).toBe(true);
  });

  it('shows each lead in its status column with the count', async () => {
    await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
      status: 'Not contacted',
    });
    await insertContact(t.database.db, admin.teamId, {
      first: 'Bob',
      phones: ['916-456-7891'],
      status: 'Not contacted',
    });
    await insertContact(t.database.db, admin.teamId, {
      first: 'Cy',
      phones: ['916-456-7892'],
      status: 'DNC',
    });
    const { columns } = (await call(admin, 'POST', '/api/dashboard/get', {})).json();
    expect(columns[0].count).toBe(2);
    expect(columns[1].items[0]).toMatchObject({
      title: expect.stringContaining('Cy'),
      subtitle: '+19164567892',
    });
  });

  it('orders the cards of a column exactly as the card-order rule says', async () => {
    const db = t.database.db;
    const at = (d: number) => new Date(Date.UTC(2026, 0, d));
    const now = t.clock.now();
    let n = 0;
    const mk = (first: string, over: Parameters<typeof insertContact>[2] = {}) =>
      insertContact(db, admin.teamId, {
        first,
        phones: [`916-456-${7100 + ++n}`],
        status: 'Not contacted',
        ...over,
      });
    const rest = await mk('Rest', { lastActivityAt: at(3) });
    const restOld = await mk('RestOld', { lastActivityAt: at(1) });
    const queued = await mk('Queued', { queued: true });
    const open = await mk('Open');
    await insertTask(db, admin.teamId, open.id, 'Later', new Date(now.getTime() + 86_400_000));
    const dueLate = await mk('DueLate');
    await insertTask(db, admin.teamId, dueLate.id, 'Due', new Date(now.getTime() - 3_600_000));
    const dueEarly = await mk('DueEarly');
    await insertTask(db, admin.teamId, dueEarly.id, 'Overdue', new Date(now.getTime() - 86_400_000));
    const unread1 = await mk('UnreadOne');
    await insertNotification(db, admin.teamId, admin.userId, unread1.id);
    const unread2 = await mk('UnreadTwo');
    await insertNotification(db, admin.teamId, admin.userId, unread2.id);
    await insertNotification(db, admin.teamId, admin.userId, unread2.id);

    const { columns } = (await call(admin, 'POST', '/api/dashboard/get', {})).json();
    const served = columns[0].items.map((c: { _id: string }) => c._id);
    const rows = await db.select().from(items);
    const notifs = await db.select().from(notifications);
    const keys = rows.map((r) => ({
      id: r.id,
      notifCount: notifs.filter((n) => n.targetId === r.id).length,
      firstOpenTaskDue: r.firstOpenTaskDue,
      hasOpenTask: r.openTaskCount > 0,
      queued: r.queued,
      lastActivityAt: r.lastActivityAt,
    }));
    const expected = keys.sort((a, b) => compareCards(a, b, now)).map((k) => k.id);
    expect(served).toEqual(expected);
    expect(served).toEqual([
      unread2.id,
      unread1.id,
      dueEarly.id,
      dueLate.id,
      open.id,
      queued.id,
      rest.id,
      restOld.id,
    ]);
  });

  it('keeps the card order across pages when the groups straddle the page boundary', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    for (let i = 0; i < 45; i++) {
      const c = await insertContact(db, admin.teamId, {
        phones: [`916-557-${String(1000 + i)}`],
        status: 'Not contacted',
        queued: i % 5 === 0,
        lastActivityAt: new Date(Date.UTC(2026, 0, 1 + (i % 7), i)),
      });
      if (i % 4 === 0)
        await insertTask(db, admin.teamId, c.id, 'Due', new Date(now.getTime() - (i + 1) * 60_000));
      if (i % 6 === 0)
        await insertTask(db, admin.teamId, c.id, 'Later', new Date(now.getTime() + 86_400_000));
      if (i % 9 === 0) await insertNotification(db, admin.teamId, admin.userId, c.id);
    }
    const first = (await call(admin, 'POST', '/api/dashboard/get', {})).json().columns[0];
    const second = (
      await call(admin, 'POST', '/api/dashboard/get', { status: first.status._id, skip: 30 })
    ).json().columns[0];
    const served = [...first.items, ...second.items].map((c: { _id: string }) => c._id);
    const rows = await db.select().from(items);
    const notifs = await db.select().from(notifications);
    const expected = rows
      .map((r) => ({
        id: r.id,
        notifCount: notifs.filter((n) => n.targetId === r.id).length,
        firstOpenTaskDue: r.firstOpenTaskDue,
        hasOpenTask: r.openTaskCount > 0,
        queued: r.queued,
        lastActivityAt: r.lastActivityAt,
      }))
      .sort((a, b) => compareCards(a, b, now))
      .map((k) => k.id);
    expect(served).toEqual(expected);
  });

  it('pages a column 30 cards at a time', async () => {
    for (let i = 0; i < 35; i++)
      await insertContact(t.database.db, admin.teamId, {
        phones: [`916-555-${String(1000 + i)}`],
        status: 'Not contacted',
      });
    const first = (await call(admin, 'POST', '/api/dashboard/get', {})).json();
    expect(first.columns[0]).toMatchObject({ count: 35 });
    expect(first.columns[0].items).toHaveLength(30);
    const next = (
      await call(admin, 'POST', '/api/dashboard/get', { status: first.columns[0].status._id, skip: 30 })
    ).json();
    expect(next.columns).toHaveLength(1);
    expect(next.columns[0].items).toHaveLength(5);
  });

  it("shows an 'Only assigned' member only their own cards, whatever filter they ask for", async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    await insertContact(t.database.db, admin.teamId, {
      phones: ['916-456-7001'],
      status: 'Not contacted',
      assignedTo: [member.userId],
    });
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7002'], status: 'Not contacted' });
    const res = (await call(member, 'POST', '/api/dashboard/get', { filterBy: admin.userId })).json();
    expect(res.filterBy).toBe(member.userId);
    expect(res.columns[0].count).toBe(1);
    const adminView = (await call(admin, 'POST', '/api/dashboard/get', {})).json();
    expect(adminView.columns[0].count).toBe(2);
  });
});

describe('changing a lead status', () => {
  it('moves the lead and keeps it there', async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      phones: ['916-456-7890'],
      status: 'Not contacted',
    });
    const res = await call(admin, 'PATCH', '/api/items/changeStatus', {
      dataId: c.id,
      status: 'DNC',
      prevStatus: 'Not contacted',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: c.id, status: 'DNC' });
    const { columns } = (await call(admin, 'POST', '/api/dashboard/get', {})).json();
    expect(columns[1].items.map((i: { _id: string }) => i._id)).toEqual([c.id]);
  });

  it('refuses a status for a lead without a primary phone or e-mail, with the spec message', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'], primary: -1 });
    const res = await call(admin, 'PATCH', '/api/items/changeStatus', { dataId: c.id, status: 'DNC' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.records.statusNeedsPrimary);
    const [row] = await t.database.db.select().from(items).where(eq(items.id, c.id));
    expect(row!.statusId).toBeNull();
  });

  it('clears the status when none is sent', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'], status: 'DNC' });
    const res = await call(admin, 'PATCH', '/api/items/changeStatus', { dataId: c.id, prevStatus: 'DNC' });
    expect(res.json().status).toBeNull();
  });

  it("answers 404 for another team's record and 403 to a member it is not assigned to", async () => {
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const theirs = await insertContact(t.database.db, other.teamId, { phones: ['916-456-7000'] });
    expect(
      (await call(admin, 'PATCH', '/api/items/changeStatus', { dataId: theirs.id, status: 'DNC' }))
        .statusCode,
    ).toBe(404);
    expect((await call(admin, 'GET', `/api/items/${theirs.id}`)).statusCode).toBe(404);
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    const ours = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7001'] });
    const res = await call(member, 'GET', `/api/items/${ours.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(serverMessages.records.itemForbidden);
  });

  it('rejects a malformed id with 400', async () => {
    expect(
      (await call(admin, 'PATCH', '/api/items/changeStatus', { dataId: 'nope', status: 'DNC' })).statusCode,
    ).toBe(400);
  });
});

describe('the record', () => {
  it('returns the item with identifiers primary first, open tasks, sections and thread, and marks its notifications read', async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7890', '916-456-7891'],
      primary: 1,
    });
    await insertTask(t.database.db, admin.teamId, c.id, 'Call back', null);
    await insertNotification(t.database.db, admin.teamId, admin.userId, c.id);
    const res = await call(admin, 'GET', `/api/items/${c.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.item.idts.map((i: { value: string }) => i.value)).toEqual(['+19164567891', '+19164567890']);
    expect(body.item.notifCount).toBe(1);
    expect(body.tasks.map((x: { text: string }) => x.text)).toEqual(['Call back']);
    expect(body.sections[0]).toMatchObject({ name: 'Contact', system: true });
    const unread = await t.database.db.select().from(notifications).where(eq(notifications.read, false));
    expect(unread).toHaveLength(0);
  });

  it('prefixes https:// to a website and refuses an unknown field', async () => {
    const co = await insertContact(t.database.db, admin.teamId, { type: 'company', data: { Name: 'Acme' } });
    const res = await call(admin, 'PATCH', '/api/items/update', {
      dataId: co.id,
      key: 'Website',
      val: 'acme.com',
      dataType: 'company',
    });
    expect(res.json().item.data.Website).toBe('https://acme.com');
    const bad = await call(admin, 'PATCH', '/api/items/update', {
      dataId: co.id,
      key: 'Shoe size',
      val: '9',
      dataType: 'company',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('takes the update by PUT as by PATCH (spec part 1 §7), with the same checks', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { first: 'Ann' });
    const res = await call(admin, 'PUT', '/api/items/update', {
      dataId: c.id,
      key: 'First name',
      val: 'Anna',
      dataType: 'contact',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().item.data['First name']).toBe('Anna');
    const [row] = await t.database.db.select().from(items).where(eq(items.id, c.id));
    expect(row!.data['First name']).toBe('Anna');
    const bad = await call(admin, 'PUT', '/api/items/update', {
      dataId: c.id,
      key: 'Shoe size',
      val: '9',
      dataType: 'contact',
    });
    expect(bad.statusCode).toBe(400);
    const eve = await insertTeamAdmin(t, 'eve@other.test');
    const stranger = await call(eve, 'PUT', '/api/items/update', {
      dataId: c.id,
      key: 'First name',
      val: 'X',
      dataType: 'contact',
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('identifiers', () => {
  it('adds a phone typed in any format as E.164', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const res = await call(admin, 'PATCH', '/api/items/addIdt', { itemId: c.id, value: '(916) 456.7899' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item.idts.map((i: { value: string }) => i.value)).toContain('+19164567899');
  });

  it("refuses an invalid phone with 'Phone number is invalid.' and stores nothing", async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const res = await call(admin, 'PATCH', '/api/items/addIdt', { itemId: c.id, value: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Phone number is invalid.');
    expect(await t.database.db.select().from(identifiers)).toHaveLength(1);
  });

  it('refuses a phone that belongs to another record of the team', async () => {
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7891'] });
    expect(
      (await call(admin, 'PATCH', '/api/items/addIdt', { itemId: c.id, value: '9164567890' })).statusCode,
    ).toBe(409);
  });

  it('toggles DNC, which clears primary, and lets only a clean identifier become primary', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890', '916-456-7891'] });
    const dnc = await call(admin, 'PATCH', '/api/items/changeIdt', {
      itemId: c.id,
      value: '+19164567890',
      action: 'DNC',
    });
    const first = dnc.json().item.idts.find((i: { value: string }) => i.value === '+19164567890');
    expect(first).toMatchObject({ status: 'DNC', primary: false });
    const refused = await call(admin, 'PATCH', '/api/items/changeIdt', {
      itemId: c.id,
      value: '+19164567890',
      action: 'primary',
    });
    expect(refused.statusCode).toBe(400);
    const made = await call(admin, 'PATCH', '/api/items/changeIdt', {
      itemId: c.id,
      value: '+19164567891',
      action: 'primary',
    });
    expect(made.json().item.idts[0]).toMatchObject({ value: '+19164567891', primary: true });
    const undo = await call(admin, 'PATCH', '/api/items/changeIdt', {
      itemId: c.id,
      value: '+19164567890',
      action: 'DNC',
    });
    expect(undo.json().item.idts.find((i: { value: string }) => i.value === '+19164567890').status).toBe('');
  });
});

describe('tasks', () => {
  it('adds, edits, completes and lists tasks, and the board card shows the open task and its due time', async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      phones: ['916-456-7890'],
      status: 'Not contacted',
    });
    const due = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const added = await call(admin, 'POST', '/api/tasks/add', {
      task: { text: 'Call', due },
      dataId: c.id,
      dataType: 'contact',
    });
    const task = added.json().task;
    let card = (await call(admin, 'POST', '/api/dashboard/get', {})).json().columns[0].items[0];
    expect(card).toMatchObject({ hasOpenTask: true, due });
    await call(admin, 'PATCH', '/api/tasks/text', { _id: task._id, dataId: c.id, text: 'Call again' });
    await call(admin, 'PATCH', '/api/tasks/completed', { _id: task._id, dataId: c.id, completed: true });
    card = (await call(admin, 'POST', '/api/dashboard/get', {})).json().columns[0].items[0];
    expect(card).toMatchObject({ hasOpenTask: false, due: null });
    const open = (await call(admin, 'GET', `/api/items/${c.id}`)).json().tasks;
    expect(open).toEqual([]);
    const all = (await call(admin, 'GET', `/api/tasks/${c.id}`)).json().tasks;
    expect(all).toMatchObject([{ text: 'Call again', completed: true }]);
  });
});

describe('comments, mentions and assignment', () => {
  it('notifies a mentioned member, and not someone from another team', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const member = await insertMember(t, admin.teamId, 'mo@acme.test', {
      name: 'Mo',
      dataAccess: 'All data',
    });
    const stranger = await insertTeamAdmin(t, 'x@other.test');
    const res = await call(admin, 'POST', '/api/messages/add', {
      body: 'Hey @Mo look',
      dataId: c.id,
      dataType: 'contact',
      mentions: [member.userId, stranger.userId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      body: 'Hey @Mo look',
      comment: true,
      sender: { name: 'Ada Admin' },
    });
    const mine = (await call(member, 'GET', '/api/notifications')).json();
    expect(mine.unread).toBe(1);
    expect(mine.notifications[0]).toMatchObject({ body: 'Ada Admin mentioned you', targetId: c.id });
    expect((await call(stranger, 'GET', '/api/notifications')).json().unread).toBe(0);
    await call(member, 'PATCH', '/api/notifications/markAllRead');
    expect((await call(member, 'GET', '/api/notifications')).json().unread).toBe(0);
  });

  it("names the contact in the assignee's notification (issue 30 item 34)", async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      first: 'Marguerite',
      last: 'Okafor',
      phones: ['916-456-7890'],
    });
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    await call(admin, 'PATCH', '/api/services/assign', {
      assignedId: member.userId,
      dataId: c.id,
      dataType: 'contact',
    });
    const [note] = (await call(member, 'GET', '/api/notifications')).json().notifications;
    expect(note).toMatchObject({
      body: 'Ada Admin assigned you a contact: Marguerite Okafor',
      targetId: c.id,
    });
  });

  it('toggles an assignee and notifies them when added', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    const on = await call(admin, 'PATCH', '/api/services/assign', {
      assignedId: member.userId,
      dataId: c.id,
      dataType: 'contact',
    });
    expect(on.json().assignedTo).toEqual([member.userId]);
    expect((await call(member, 'GET', `/api/items/${c.id}`)).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/notifications')).json().notifications).toHaveLength(1);
    const off = await call(admin, 'PATCH', '/api/services/assign', {
      assignedId: member.userId,
      dataId: c.id,
      dataType: 'contact',
    });
    expect(off.json().assignedTo).toEqual([]);
    expect((await call(member, 'GET', `/api/items/${c.id}`)).statusCode).toBe(403);
  });
});

describe('search', () => {
  beforeEach(async () => {
    await insertContact(t.database.db, admin.teamId, {
      first: 'Marguerite',
      last: 'Okafor',
      phones: ['916-456-7890'],
      emails: ['m.okafor@example.com'],
      data: { Address: '2310 Elm Street', City: 'Sacramento' },
    });
    await insertContact(t.database.db, admin.teamId, { type: 'company', data: { Name: 'Okafor Holdings' } });
  });
  const find = async (text: string, type = 'all') =>
    (await call(admin, 'POST', '/api/services/search', { text, type }))
      .json()
      .results.map((r: { title: string }) => r.title);

  it('finds by name, phone in another format, partial digits, e-mail and address', async () => {
    expect(await find('margue')).toEqual(['Marguerite Okafor']);
    expect(await find('(916) 456-7890')).toEqual(['Marguerite Okafor']);
    expect(await find('4567')).toEqual(['Marguerite Okafor']);
    expect(await find('okafor@exa')).toEqual(['Marguerite Okafor']);
    expect(await find('elm street')).toEqual(['Marguerite Okafor']);
  });
  it('filters by type', async () => {
    expect(await find('okafor', 'company')).toEqual(['Okafor Holdings']);
    expect((await find('okafor')).sort()).toEqual(['Marguerite Okafor', 'Okafor Holdings']);
  });
  it('needs 3 characters', async () => {
    expect((await call(admin, 'POST', '/api/services/search', { text: 'ok', type: 'all' })).statusCode).toBe(
      400,
    );
  });
  it("shows an 'Only assigned' member only their records", async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    const res = await call(member, 'POST', '/api/services/search', { text: 'okafor', type: 'all' });
    expect(res.json().results).toEqual([]);
  });
});

describe('statuses', () => {
  it("refuses DNC-like names with the spec's message, the product named", async () => {
    const res = await call(admin, 'PUT', '/api/settings/addStatus', { text: 'Do not call' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Prospector already has DNC and Wrong # statuses built in.');
  });
  it('adds a status as a new board column', async () => {
    const res = await call(admin, 'PUT', '/api/settings/addStatus', { text: 'Hot' });
    expect(res.json()).toMatchObject({ text: 'Hot', hidden: false });
    const { columns } = (await call(admin, 'POST', '/api/dashboard/get', {})).json();
    expect(columns.at(-1).status.text).toBe('Hot');
  });
  it('is refused to a member without the statuses permission', async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    expect((await call(member, 'PUT', '/api/settings/addStatus', { text: 'Hot' })).statusCode).toBe(403);
  });
});

describe('adding and linking records', () => {
  const addAndMap = (user: TestUser, body: object) =>
    call(user, 'PATCH', '/api/services/addAndMapData', body);

  it('adds a new contact by phone to a property, links both ways and answers the updated property', async () => {
    const property = await insertContact(t.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '1 Oak St' },
    });
    const res = await addAndMap(admin, { type: 'contact', idt: '(916) 456-7890', addedTo: property.id });
    expect(res.statusCode).toBe(200);
    const { item } = res.json();
    expect(item._id).toBe(property.id);
    expect(item.contacts).toHaveLength(1);
    expect(item.contacts[0].subtitle).toBe('+19164567890');
    const contact = (await call(admin, 'GET', `/api/items/${item.contacts[0]._id}`)).json().item;
    expect(contact.properties.map((p: { _id: string }) => p._id)).toEqual([property.id]);
    expect(contact.idts).toMatchObject([{ value: '+19164567890', primary: true }]);
  });

  it('links the contact the team already has for that phone instead of copying it', async () => {
    const known = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
    });
    const property = await insertContact(t.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '1 Oak St' },
    });
    const { item } = (
      await addAndMap(admin, { type: 'contact', idt: '+1 916 456 7890', addedTo: property.id })
    ).json();
    expect(item.contacts.map((c: { _id: string }) => c._id)).toEqual([known.id]);
    expect(await t.database.db.select().from(items).where(eq(items.type, 'contact'))).toHaveLength(1);
  });

  it("refuses an invalid phone with the spec's message and adds nothing", async () => {
    const property = await insertContact(t.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '1 Oak St' },
    });
    const res = await addAndMap(admin, { type: 'contact', idt: '12345', addedTo: property.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.records.invalidPhone);
    expect(await t.database.db.select().from(items)).toHaveLength(1);
  });

  it('adds a company by name once: the same name later links the same company', async () => {
    const a = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const b = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7891'] });
    const first = (await addAndMap(admin, { type: 'company', idt: 'acme roofing', addedTo: a.id })).json()
      .item;
    expect(first.companies[0].title).toBe('Acme Roofing');
    const second = (
      await addAndMap(admin, { type: 'company', idt: 'Acme Roofing LLC', addedTo: b.id })
    ).json().item;
    expect(second.companies[0]._id).toBe(first.companies[0]._id);
  });

  it('adds a company by website and a property by address', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    await addAndMap(admin, { type: 'company', idt: 'acme.com', addedTo: c.id });
    const { item } = (
      await addAndMap(admin, { type: 'property', idt: '12 elm street', addedTo: c.id })
    ).json();
    expect(item.companies[0].subtitle).toBe('https://acme.com');
    expect(item.properties[0].title).toBe('12 Elm Street');
  });

  it('refuses to link a record to one of its own type', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const res = await addAndMap(admin, { type: 'contact', idt: '916-456-7891', addedTo: c.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.records.linkSameType);
  });

  it('assigns what a member who sees only assigned records adds, so they can open it', async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    const property = await insertContact(t.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '1 Oak St' },
      assignedTo: [member.userId],
    });
    const { item } = (
      await addAndMap(member, { type: 'contact', idt: '916-456-7890', addedTo: property.id })
    ).json();
    expect((await call(member, 'GET', `/api/items/${item.contacts[0]._id}`)).statusCode).toBe(200);
  });
});

describe('board cards', () => {
  it('say whether the lead has a primary phone or e-mail', async () => {
    await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
      status: 'Not contacted',
    });
    await insertContact(t.database.db, admin.teamId, {
      first: 'Bob',
      phones: ['916-456-7891'],
      primary: -1,
      status: 'Not contacted',
    });
    const { columns } = (await call(admin, 'POST', '/api/dashboard/get', {})).json();
    const cards = columns[0].items as { title: string; hasPrimary: boolean }[];
    expect(Object.fromEntries(cards.map((c) => [c.title.split(' ')[0], c.hasPrimary]))).toEqual({
      Ann: true,
      Bob: false,
    });
  });
});
