import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_PHOTO_BYTES, messages, serverMessages } from '@prospector/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { insertProperty } from '../../test/property-factory.js';

let t: TestApp;
let dataDir: string;
afterEach(async () => {
  await t.close();
});

async function setUp() {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'prospector-photos-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  const admin = await insertTeamAdmin(t, 'admin@acme.test');
  const house = await insertProperty(t.database.db, admin.teamId);
  return { admin, house };
}

/** A valid 1×1 PNG, and a JPEG's first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

function form(fields: Record<string, string>, bytes?: Buffer) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  // The browser's type says PNG whatever the bytes are: the server must not believe it.
  if (bytes) body.append('img', new Blob([bytes], { type: 'image/png' }), 'house.png');
  return body;
}
const addImage = (user: TestUser, body: FormData) =>
  t.app.inject({ method: 'POST', url: '/api/items/addImage', headers: user.headers, payload: body });
const getImage = (user: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const storedFiles = async () => (await readdir(path.join(dataDir, 'photos')).catch(() => [])).sort();

describe('POST /api/items/addImage', () => {
  it("stores a property's photo and serves the same bytes to its team, with the record showing it", async () => {
    const { admin, house } = await setUp();
    const res = await addImage(admin, form({ fileId: house.id, address: '12 Oak St, Austin, TX' }, PNG));
    expect(res.statusCode).toBe(200);
    const { image } = res.json().item as { image: string };
    expect(image).toMatch(new RegExp(`^/api/items/${house.id}/image\\?v=[0-9a-f]{8}$`));
    const served = await getImage(admin, image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/items/${house.id}`,
      headers: admin.headers,
    });
    expect(record.json().item.image).toBe(image);
  });

  it('replaces an earlier photo and removes its file', async () => {
    const { admin, house } = await setUp();
    await addImage(admin, form({ fileId: house.id, address: 'x' }, PNG));
    const [first] = await storedFiles();
    const second = await addImage(admin, form({ fileId: house.id, address: 'x' }, JPEG));
    expect(second.statusCode).toBe(200);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(first);
    expect(files[0]).toMatch(/\.jpeg$/);
    const served = await getImage(admin, second.json().item.image);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a file that is not an image by its bytes, one over 10 MB, and a missing one, storing nothing', async () => {
    const { admin, house } = await setUp();
    const html = await addImage(admin, form({ fileId: house.id }, Buffer.from('<svg onload="alert(1)"/>')));
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe(messages.recordDetail.photoWrongType);
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(MAX_PHOTO_BYTES + 1 - 8)]);
    const tooLarge = await addImage(admin, form({ fileId: house.id }, big));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe(messages.recordDetail.photoTooLarge);
    const none = await addImage(admin, form({ fileId: house.id }));
    expect(none.json().message).toBe(messages.recordDetail.photoMissing);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/items/addImage',
      headers: admin.headers,
      payload: { fileId: house.id },
    });
    expect([json.statusCode, json.json().message]).toEqual([400, messages.recordDetail.photoMissing]);
    expect(await storedFiles()).toEqual([]);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/items/${house.id}`,
      headers: admin.headers,
    });
    expect(record.json().item.image).toBeNull();
  });

  it('takes photos for properties only', async () => {
    const { admin } = await setUp();
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann' });
    const res = await addImage(admin, form({ fileId: ann.id }, PNG));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.recordDetail.photoOnlyProperties);
  });
});

describe("a property's photo is its team's alone", () => {
  it('another team can neither add nor see it, nor learn whether it exists', async () => {
    const { admin, house } = await setUp();
    const { item } = (await addImage(admin, form({ fileId: house.id }, PNG))).json();
    const other = await insertTeamAdmin(t, 'eve@other.test');
    const seen = await getImage(other, item.image);
    expect(seen.statusCode).toBe(404);
    expect(seen.rawPayload.includes(PNG)).toBe(false);
    const added = await addImage(other, form({ fileId: house.id }, JPEG));
    expect(added.statusCode).toBe(404);
    expect((await getImage(admin, item.image)).rawPayload.equals(PNG)).toBe(true);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('a member with Only assigned sees the photo of an assigned property only; nobody signed out does', async () => {
    const { admin, house } = await setUp();
    const { item } = (await addImage(admin, form({ fileId: house.id }, PNG))).json();
    const mo = await insertMember(t, admin.teamId, 'mo@acme.test', { dataAccess: 'Only assigned' });
    expect((await getImage(mo, item.image)).statusCode).toBe(403);
    expect((await getImage(null, item.image)).statusCode).toBe(401);
    const mine = await insertProperty(
      t.database.db,
      admin.teamId,
      { Address: '9 Elm St' },
      { assignedTo: [mo.userId] },
    );
    const added = await addImage(mo, form({ fileId: mine.id }, PNG));
    expect(added.statusCode).toBe(200);
    expect((await getImage(mo, added.json().item.image)).statusCode).toBe(200);
  });

  it('a property without a photo answers 404 with a clear message', async () => {
    const { admin, house } = await setUp();
    const res = await getImage(admin, `/api/items/${house.id}/image`);
    expect([res.statusCode, res.json().message]).toEqual([404, serverMessages.recordDetail.photoNotFound]);
  });
});
