import type { ChatDto, ChatMessageDto } from '@prospector/core';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { realtimeClients } from '../../test/sockets.js';

let t: TestApp;
let sockets: Awaited<ReturnType<typeof realtimeClients>>;
let ada: TestUser;
let bob: TestUser;
let olly: TestUser;
let other: TestUser;
let staff: TestUser;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'], SUPPORT_ALERT_MINUTES: 10 });
  sockets = await realtimeClients(t);
  ada = await insertTeamAdmin(t, 'ada@acme.test', 'Ada Admin');
  bob = await insertMember(t, ada.teamId, 'bob@acme.test', { name: 'Bob Baker', dataAccess: 'All data' });
  olly = await insertMember(t, ada.teamId, 'olly@acme.test', { name: 'Olly Only' });
  other = await insertTeamAdmin(t, 'admin@other.test', 'Otto Other');
  staff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}, 60_000);

afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });
const send = (u: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/chats/send', headers: u.headers, payload });

async function chatsOf(u: TestUser): Promise<ChatDto[]> {
  const res = await get(u, '/api/chats');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().chats as ChatDto[];
}
const room = async (u: TestUser) => (await chatsOf(u)).find((c) => c.kind === 'team')!;
const support = async (u: TestUser) => (await chatsOf(u)).find((c) => c.kind === 'support')!;
const direct = async (u: TestUser, title: string) =>
  (await chatsOf(u)).find((c) => c.kind === 'direct' && c.title === title)!;

function hear(s: Socket) {
  const heard: ChatMessageDto[] = [];
  s.on('chatMessage', (p: { message: ChatMessageDto }) => heard.push(p.message));
  return heard;
}

describe('team chats', () => {
  it('gives each member the team room, live support and a direct chat with every teammate', async () => {
    const chats = await chatsOf(ada);
    expect(chats.map((c) => [c.kind, c.title]).sort()).toEqual(
      [
        ['direct', 'Bob Baker'],
        ['direct', 'Olly Only'],
        ['support', 'Live support'],
        ['team', 'Everyone'],
      ].sort(),
    );
    expect((await get(ada, '/api/chats')).json().widget).toBe(true);
    const withBob = await direct(ada, 'Bob Baker');
    expect((await direct(bob, 'Ada Admin'))._id).toBe(withBob._id);
    expect((await chatsOf(other)).some((c) => c._id === withBob._id)).toBe(false);
  });

  it('delivers a message live to the other members only, counts it unread, and a read mark syncs the tabs', async () => {
    const chat = await direct(ada, 'Bob Baker');
    const bobTab1 = await sockets.connect(bob);
    const bobTab2 = await sockets.connect(bob);
    const ollySocket = await sockets.connect(olly);
    const heardBob = hear(bobTab1);
    const heardOlly = hear(ollySocket);
    const reads: unknown[] = [];
    bobTab2.on('chatRead', (p) => reads.push(p));

    const res = await send(ada, { chatId: chat._id, body: '  Did you call the Pike St owner?  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ body: 'Did you call the Pike St owner?', seq: 1 });
    await expect.poll(() => heardBob.map((m) => m.body)).toEqual(['Did you call the Pike St owner?']);
    expect(heardOlly).toEqual([]);

    const bobs = await direct(bob, 'Ada Admin');
    expect(bobs.notifCount).toBe(1);
    expect(bobs.lastMessage?.body).toBe('Did you call the Pike St owner?');
    expect((await direct(ada, 'Bob Baker')).notifCount).toBe(0);

    const read = await t.app.inject({
      method: 'PATCH',
      url: '/api/chats/read',
      headers: bob.headers,
      payload: { chatId: chat._id, seq: 1 },
    });
    expect(read.json()).toEqual({ chatId: chat._id, lastReadSeq: 1, notifCount: 0 });
    await expect.poll(() => reads).toEqual([{ chatId: chat._id, lastReadSeq: 1, notifCount: 0 }]);
    expect((await direct(bob, 'Ada Admin')).notifCount).toBe(0);
    sockets.closeAll();
  });

  it('cuts the preview at 170 characters and refuses a message with neither text nor image', async () => {
    const chat = await room(ada);
    const long = 'word '.repeat(60);
    expect((await send(ada, { chatId: chat._id, body: long })).statusCode).toBe(200);
    const preview = (await room(bob)).lastMessage!.body;
    expect(preview.length).toBeLessThanOrEqual(171);
    expect(preview.endsWith('…')).toBe(true);
    const empty = await send(ada, { chatId: chat._id, body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write a message or choose an image.');
  });

  it('pages the history backwards, 30 at a time', async () => {
    const chat = await direct(ada, 'Olly Only');
    for (let i = 1; i <= 35; i++) await send(ada, { chatId: chat._id, body: `Message ${i}` });
    const first = (await get(olly, `/api/chats/${chat._id}`)).json();
    expect(first.messages).toHaveLength(30);
    expect(first.messages[0].body).toBe('Message 6');
    expect(first.messages[29].body).toBe('Message 35');
    expect(first.hasMore).toBe(true);
    const older = (await get(olly, `/api/chats/${chat._id}?before=${first.messages[0].seq}`)).json();
    expect(older.messages.map((m: ChatMessageDto) => m.body)).toEqual(
      [1, 2, 3, 4, 5].map((i) => `Message ${i}`),
    );
    expect(older.hasMore).toBe(false);
    expect((await get(other, `/api/chats/${chat._id}`)).statusCode).toBe(404);
    expect((await get(bob, `/api/chats/${chat._id}`)).statusCode).toBe(404);
  });

  it('stores an image with a thumbnail, served to the chat’s members only; other files are refused by their bytes', async () => {
    const chat = await room(ada);
    const form = multipartFile('plan.png', png, 'img', { chatId: chat._id, body: '', fileId: 'up-1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chats/send',
      headers: { ...ada.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json().message as ChatMessageDto;
    expect(res.json().fileId).toBe('up-1');
    expect(message.file).toMatchObject({ width: 320, height: 240 });
    const thumb = await get(bob, message.file!.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    const full = await get(olly, message.file!.url);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.rawPayload.equals(png)).toBe(true);
    expect((await get(other, message.file!.url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: message.file!.url })).statusCode).toBe(401);

    const fake = multipartFile('evil.png', Buffer.from('<svg onload=alert(1)>'), 'img', { chatId: chat._id });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/chats/send',
      headers: { ...ada.headers, 'content-type': fake.contentType },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose a PNG, JPEG, WebP or GIF image.');
  });

  it('a socket that disconnects while 50 messages are sent gets exactly those 50 on reconnect, in order', async () => {
    const chat = await room(ada);
    const first = await sockets.connect(bob);
    const heard = hear(first);
    await send(ada, { chatId: chat._id, body: 'before the drop' });
    await expect.poll(() => heard.length).toBe(1);
    const lastSeen = heard[0]!.seq;
    first.disconnect();
    const sent: number[] = [];
    for (let i = 0; i < 50; i++)
      sent.push((await send(ada, { chatId: chat._id, body: `missed ${i}` })).json().message.seq);
    const again = await sockets.connect(bob);
    const live = hear(again);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chats/missed',
      headers: bob.headers,
      payload: { since: [{ chatId: chat._id, seq: lastSeen }] },
    });
    const missed = res.json().messages as ChatMessageDto[];
    expect(missed.map((m) => m.seq)).toEqual(sent);
    expect(missed.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `missed ${i}`));
    expect(sent).toEqual(Array.from({ length: 50 }, (_, i) => lastSeen + 1 + i));
    expect(res.json().more).toBe(false);
    expect(live).toEqual([]);
    // Another team's chat in the same call answers nothing.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/chats/missed',
      headers: other.headers,
      payload: { since: [{ chatId: chat._id, seq: 0 }] },
    });
    expect(foreign.json().messages).toEqual([]);
    sockets.closeAll();
  });

  it('links to a record render as a card only for a reader who may open it; @mentions notify', async () => {
    const item = await insertContact(t.database.db, ada.teamId, {
      data: { 'First name': 'Ann', 'Last name': 'Lee' },
      assignedTo: [bob.userId],
    });
    const chat = await room(ada);
    const res = await send(ada, {
      chatId: chat._id,
      body: `@Olly see http://localhost:3000/?record=${item.id}`,
      mentions: [olly.userId, other.userId],
    });
    expect(res.json().message.records).toEqual([item.id]);
    const cards = (u: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chats/cards',
        headers: u.headers,
        payload: { itemIds: [item.id] },
      });
    expect((await cards(bob)).json().cards).toEqual([{ _id: item.id, type: 'contact', title: 'Ann Lee' }]);
    expect((await cards(olly)).json().cards).toEqual([]);
    expect((await cards(other)).json().cards).toEqual([]);
    const notes = (await get(olly, '/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({ body: 'Ada Admin mentioned you in a chat', targetId: null });
    expect((await get(other, '/api/notifications')).json().notifications).toEqual([]);
  });

  it('a new member joins the room and gets direct chats; a removed member leaves and hears the room no more', async () => {
    const added = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/addMember',
      headers: ada.headers,
      payload: {
        name: 'Nora New',
        email: 'nora@acme.test',
        phone: '',
        permissions: [],
        dataAccess: 'All data',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const chats = added.json().chats as ChatDto[];
    expect(chats.map((c) => c.title).sort()).toEqual([
      'Ada Admin',
      'Bob Baker',
      'Everyone',
      'Live support',
      'Olly Only',
    ]);
    const roomId = chats.find((c) => c.kind === 'team')!._id;
    const history = (await get(ada, `/api/chats/${roomId}`)).json().messages as ChatMessageDto[];
    expect(history.at(-1)).toMatchObject({
      system: 'joined',
      body: 'Nora New joined the team.',
      sender: null,
    });

    const ollySocket = await sockets.connect(olly);
    const heard = hear(ollySocket);
    const removed = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/removeMember',
      headers: ada.headers,
      payload: { userId: olly.userId, assignedTo: [] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await send(ada, { chatId: roomId, body: 'Olly is gone' });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.filter((m) => m.body === 'Olly is gone')).toEqual([]);
    const after = (await get(ada, `/api/chats/${roomId}`)).json().messages as ChatMessageDto[];
    expect(after.map((m) => m.body).slice(-2)).toEqual(['Olly Only left the team.', 'Olly is gone']);
    expect((await chatsOf(ada)).some((c) => c.title === 'Olly Only')).toBe(false);
    expect((await room(ada)).users.map((u) => u.userId)).not.toContain(olly.userId);
    sockets.closeAll();
  });
});

describe('live support', () => {
  it('is seen by the staff in their inbox with the plan and credits, answered as Support, and by no other team', async () => {
    const chat = await support(ada);
    const staffSocket = await sockets.connect(staff);
    const otherSocket = await sockets.connect(other);
    const bobSocket = await sockets.connect(bob);
    const heardStaff = hear(staffSocket);
    const heardOther = hear(otherSocket);
    const heardBob = hear(bobSocket);
    await send(ada, { chatId: chat._id, body: 'How do I import a list?' });
    await expect.poll(() => heardStaff.map((m) => m.body)).toEqual(['How do I import a list?']);
    await expect.poll(() => heardBob.length).toBe(1);

    const inbox = await get(staff, '/api/chats/support');
    expect(inbox.statusCode).toBe(200);
    const row = inbox.json().chats.find((c: { _id: string }) => c._id === chat._id);
    expect(row).toMatchObject({ teamName: 'Unnamed Company', plan: 'PRO', credits: '$0.00', notifCount: 1 });
    expect((await get(ada, '/api/chats/support')).statusCode).toBe(403);
    expect((await get(other, `/api/chats/${chat._id}`)).statusCode).toBe(404);
    expect((await get(staff, `/api/chats/${chat._id}`)).statusCode).toBe(200);

    const answer = await send(staff, { chatId: chat._id, body: 'Lists > Import, then pick your file.' });
    expect(answer.json().message).toMatchObject({
      fromSupport: true,
      sender: { _id: null, name: 'Support' },
    });
    await expect.poll(() => heardBob.length).toBe(2);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/chats/read',
      headers: staff.headers,
      payload: { chatId: chat._id, seq: answer.json().message.seq },
    });
    const after = (await get(staff, '/api/chats/support'))
      .json()
      .chats.find((c: { _id: string }) => c._id === chat._id);
    expect(after.notifCount).toBe(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(heardOther).toEqual([]);
    sockets.closeAll();
  });

  it('e-mails the staff once about a support message nobody answered for the configured minutes', async () => {
    const chat = await support(other);
    await send(other, { chatId: chat._id, body: 'My phone is offline' });
    const mails = () =>
      t.smtp.mailsTo('staff@prospector.test').filter((m) => m.raw.includes('Unanswered support'));
    t.clock.advance(9 * 60_000);
    expect(await t.app.services.supportAlerts.tick()).toBe(0);
    t.clock.advance(60_000);
    expect(await t.app.services.supportAlerts.tick()).toBe(1);
    await expect.poll(() => mails().length).toBe(1);
    expect(mails()[0]!.raw).toContain('My phone is offline');
    t.clock.advance(60 * 60_000);
    expect(await t.app.services.supportAlerts.tick()).toBe(0);
    // An answer ends the wait; the team's next message starts a new one.
    await send(staff, { chatId: chat._id, body: 'Looking now' });
    await send(other, { chatId: chat._id, body: 'Thanks' });
    t.clock.advance(5 * 60_000);
    expect(await t.app.services.supportAlerts.tick()).toBe(0);
  });

  it('hides the widget for our internal team, except the staff', async () => {
    const insider = await insertMember(t, staff.teamId, 'intern@prospector.test');
    expect((await get(insider, '/api/chats')).json().widget).toBe(false);
    expect((await get(staff, '/api/chats')).json().widget).toBe(true);
  });
});
