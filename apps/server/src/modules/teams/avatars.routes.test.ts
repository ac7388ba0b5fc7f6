import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_AVATAR_BYTES, messages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { teams, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
let dataDir: string;
afterEach(async () => {
  await t.close();
});

/** Acme's admin and Mo (a member), and another team's admin; uploads land in a fresh DATA_DIR. */
async function setUp() {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'prospector-avatars-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  const admin = await insertTeamAdmin(t, 'admin@acme.test');
  const mo = await insertMember(t, admin.teamId, 'mo@acme.test', { name: 'Mo' });
  const other = await insertTeamAdmin(t, 'admin@other.test');
  return { admin, mo, other };
}

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');
/** The 1×1 PNG padded with zeros after its end to `size` bytes: a picture decoders still read. */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

/** CRC-32 of PNG chunks (Node 20's zlib has none). */
function crc32(bytes: Buffer) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};
/** A PNG whose header says `width` × `height` (the probe's 16,000 × 16,000 came in 748 KB). */
function pngClaiming(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(64)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function form(fileField: string, bytes: Buffer, fileName = 'photo.png', fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  // The browser's type says PNG whatever the bytes are: the server must not believe it.
  body.append(fileField, new Blob([bytes], { type: 'image/png' }), fileName);
  return body;
}

const changeAvatar = (user: TestUser, body: FormData) =>
  t.app.inject({ method: 'POST', url: '/api/users/changeAvatar', headers: user.headers, payload: body });
const editProfile = (user: TestUser, body: FormData) =>
  t.app.inject({ method: 'PATCH', url: '/api/teams/editProfile', headers: user.headers, payload: body });
const me = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).json().user;
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const teamRow = async (id: string) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0]!;
const storedFiles = async () => (await readdir(path.join(dataDir, 'avatars')).catch(() => [])).sort();
const fileOf = (url: string) => path.join(dataDir, 'avatars', url.split('/').pop()!);

describe('POST /api/users/changeAvatar', () => {
  it('saves a PNG as the caller’s avatar, stores it under DATA_DIR and serves what it stored', async () => {
    const { mo } = await setUp();
    const res = await changeAvatar(mo, form('avatar', PNG));
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json() as { avatar: string };
    expect(avatar).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\.png$/);
    const stored = await readFile(fileOf(avatar));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await me(mo)).avatar).toBe(avatar);

    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload).toEqual(stored);
  });

  it('refuses a 16,000 × 16,000 PNG by its pixels, however small the file, and stores nothing (issue 36 item 12)', async () => {
    const { mo } = await setUp();
    const huge = pngClaiming(16_000, 16_000);
    expect(huge.length).toBeLessThan(1024);
    const res = await changeAvatar(mo, form('avatar', huge));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.avatars.tooManyPixels);
    expect((await userRow(mo.userId)).avatar).toBeNull();
    expect(await storedFiles()).toEqual([]);
  });

  it('stores a copy at most 512 px on its longest side, in the type sent', async () => {
    const { mo } = await setUp();
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const { avatar } = (await changeAvatar(mo, form('avatar', photo, 'me.jpg'))).json() as { avatar: string };
    expect(avatar).toMatch(/\.jpeg$/);
    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 512,
      height: 384,
    });
  });

  it('refuses a text file named .png with the message, and stores and changes nothing', async () => {
    const { mo } = await setUp();
    const res = await changeAvatar(mo, form('avatar', Buffer.from('I am not a picture'), 'fake.png'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.avatars.wrongType);
    expect((await userRow(mo.userId)).avatar).toBeNull();
    expect(await storedFiles()).toEqual([]);
  });

  it('takes an image of exactly 2 MB and refuses one byte more', async () => {
    const { mo } = await setUp();
    const over = await changeAvatar(mo, form('avatar', pngOfSize(MAX_AVATAR_BYTES + 1)));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(messages.avatars.tooLarge);
    expect((await userRow(mo.userId)).avatar).toBeNull();
    expect(await storedFiles()).toEqual([]);

    const exact = await changeAvatar(mo, form('avatar', pngOfSize(MAX_AVATAR_BYTES)));
    expect(exact.statusCode).toBe(200);
  });

  it('refuses a form without the avatar part, and a JSON body', async () => {
    const { mo } = await setUp();
    const wrongPart = await changeAvatar(mo, form('file', PNG));
    expect(wrongPart.statusCode).toBe(400);
    expect(wrongPart.json().message).toBe(messages.avatars.missing);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/changeAvatar',
      headers: mo.headers,
      payload: { avatar: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect((await userRow(mo.userId)).avatar).toBeNull();
  });

  it('deletes the previous file when the avatar is replaced', async () => {
    const { mo } = await setUp();
    const first = (await changeAvatar(mo, form('avatar', PNG))).json().avatar as string;
    const second = (await changeAvatar(mo, form('avatar', GIF, 'photo.gif'))).json().avatar as string;
    expect(second).toMatch(/\.gif$/);
    expect(await storedFiles()).toEqual([path.basename(second)]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await me(mo)).avatar).toBe(second);
  });

  it('always changes the caller’s own avatar: another team’s admin cannot reach a member of Acme', async () => {
    const { admin, mo, other } = await setUp();
    const res = await changeAvatar(
      other,
      form('avatar', PNG, 'photo.png', { _id: mo.userId, userId: mo.userId }),
    );
    expect(res.statusCode).toBe(200);
    expect((await userRow(other.userId)).avatar).toBe(res.json().avatar);
    expect((await userRow(mo.userId)).avatar).toBeNull();
    expect((await userRow(admin.userId)).avatar).toBeNull();
  });

  it('is refused without a session', async () => {
    await setUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/changeAvatar',
      payload: form('avatar', PNG),
    });
    expect(res.statusCode).toBe(401);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('PATCH /api/teams/editProfile with an image', () => {
  it('sets the company avatar, which every member then sees on their current user', async () => {
    const { admin, mo, other } = await setUp();
    const res = await editProfile(admin, form('img', PNG));
    expect(res.statusCode).toBe(200);
    const { avatar, name } = res.json() as { avatar: string; name: string };
    expect(name).toBe((await teamRow(admin.teamId)).name);
    expect(avatar).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\.png$/);
    expect((await me(mo)).team.avatar).toBe(avatar);
    expect((await me(other)).team.avatar).toBeNull();
    expect((await sharp(await readFile(fileOf(avatar))).metadata()).width).toBe(1);
  });

  it('renames the company when the form carries a name, and refuses a name too short', async () => {
    const { admin } = await setUp();
    const res = await editProfile(admin, form('img', PNG, 'logo.png', { name: '  Acme Roofing ' }));
    expect(res.json()).toMatchObject({ name: 'Acme Roofing' });
    const short = await editProfile(admin, form('img', GIF, 'logo.gif', { name: 'A' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.settings.companyNameTooShort);
    expect((await teamRow(admin.teamId)).name).toBe('Acme Roofing');
    expect(await storedFiles()).toHaveLength(1);
  });

  it('is refused to a member, storing and changing nothing', async () => {
    const { admin, mo } = await setUp();
    const res = await editProfile(mo, form('img', PNG));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_REQUIRED');
    expect((await teamRow(admin.teamId)).avatar).toBeNull();
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses what is not an image, and replacing the logo deletes the previous file', async () => {
    const { admin } = await setUp();
    const bad = await editProfile(admin, form('img', Buffer.from('%PDF-1.7'), 'logo.png'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.avatars.wrongType);
    const first = (await editProfile(admin, form('img', PNG))).json().avatar as string;
    const second = (await editProfile(admin, form('img', GIF, 'logo.gif'))).json().avatar as string;
    expect(await storedFiles()).toEqual([path.basename(second)]);
    expect(first).not.toBe(second);
    expect((await teamRow(admin.teamId)).avatar).toBe(second);
  });

  it('keeps the JSON form working: it renames and leaves the avatar', async () => {
    const { admin } = await setUp();
    const avatar = (await editProfile(admin, form('img', PNG))).json().avatar as string;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/editProfile',
      headers: admin.headers,
      payload: { name: 'Acme Homes' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Acme Homes' });
    expect(await teamRow(admin.teamId)).toMatchObject({ name: 'Acme Homes', avatar });
  });

  it('is refused without a session', async () => {
    await setUp();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/editProfile',
      payload: form('img', PNG),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/files/avatars/:name', () => {
  it('answers 404 to traversal, foreign names and files that do not exist', async () => {
    const { mo } = await setUp();
    await changeAvatar(mo, form('avatar', PNG));
    // A file beside the avatars folder, and one named like an avatar outside it.
    await writeFile(path.join(dataDir, 'auth-secret'), 'secret');
    await writeFile(path.join(dataDir, '00000000-0000-4000-8000-000000000000.png'), PNG);
    for (const name of [
      '..%2Fauth-secret',
      '..%2F00000000-0000-4000-8000-000000000000.png',
      '..%2F..%2Fauth-secret',
      '%2E%2E%2Fauth-secret',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      'avatar.svg',
      '00000000-0000-0000-0000-000000000000.png',
      '00000000-0000-0000-0000-000000000000.png%00.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/avatars/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
