import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { serverMessages, uploadQuotaMessage } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lists, uploads } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';

const DAY_MS = 24 * 3_600_000;
const MB = 1024 * 1024;
let t: TestApp;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-uploads-'));
const uploadDir = path.join(dataDir, 'uploads');

beforeAll(async () => {
  // A 1 MB quota, so a few small files reach it.
  t = await buildTestApp({ DATA_DIR: dataDir, UPLOAD_QUOTA_MB: 1 });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A CSV of about `kb` kilobytes (under the row limit): rows of a name, a valid phone and notes. */
function csvOf(kb: number) {
  const notes = 'Called twice, no answer; try again after the holidays, mornings only.';
  let text = 'Name,Phone,Notes\n';
  for (let i = 0; text.length < kb * 1024; i += 1)
    text += `Owner ${i},(334) 793-${String(1000 + (i % 9000))},${notes}\n`;
  return text;
}

async function upload(user: TestUser, csv: string) {
  const { payload, contentType } = multipartFile('leads.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: '/api/lists/upload',
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
}

const PHONE = [{ name: 'Phone', type: 'contact', matchesTo: 'Phone' }];
function startImport(user: TestUser, fileId: string, name = 'Leads') {
  return t.app.inject({
    method: 'POST',
    url: '/api/lists/import',
    headers: user.headers,
    payload: { name, countryCode: '+1', fileId, fields: PHONE },
  });
}

const filesOnDisk = () => (existsSync(uploadDir) ? readdirSync(uploadDir).sort() : []);
const listsOf = (teamId: string) => t.database.db.select().from(lists).where(eq(lists.teamId, teamId));
const uploadRow = async (id: string) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];

describe('the upload quota', () => {
  it('refuses an upload past the team quota with a 413 that says so, and keeps nothing of it', async () => {
    const team = await insertTeamAdmin(t, 'quota@example.com');
    const first = await upload(team, csvOf(600));
    expect(first.statusCode, first.body).toBe(200);
    const before = filesOnDisk();
    const second = await upload(team, csvOf(600));
    expect(second.statusCode).toBe(413);
    const held = (await uploadRow(first.json().fileId))!.sizeBytes;
    expect(second.json().message).toBe(uploadQuotaMessage(held, MB, 24));
    expect(filesOnDisk()).toEqual(before);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.teamId, team.teamId))).toHaveLength(1);
    // Another team has a quota of its own.
    const other = await insertTeamAdmin(t, 'quota-other@example.com');
    expect((await upload(other, csvOf(600))).statusCode).toBe(200);
  });

  it('lets only one of two uploads at once into the room left for one', async () => {
    const team = await insertTeamAdmin(t, 'quota-race@example.com');
    const answers = await Promise.all([upload(team, csvOf(600)), upload(team, csvOf(600))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 413]);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.teamId, team.teamId))).toHaveLength(1);
  });

  it('frees the room of an upload once its import has finished, and of one that expired', async () => {
    const team = await insertTeamAdmin(t, 'quota-free@example.com');
    const first = (await upload(team, csvOf(600))).json<{ fileId: string }>();
    expect((await startImport(team, first.fileId)).statusCode).toBe(200);
    await t.app.services.imports.idle();
    expect((await upload(team, csvOf(600))).statusCode).toBe(200);
    t.clock.advance(DAY_MS + 1);
    expect((await upload(team, csvOf(600))).statusCode).toBe(200);
  });
});

describe('expiry', () => {
  it('deletes an upload nobody imported within 24 hours, row and file, and it can no longer be imported', async () => {
    const team = await insertTeamAdmin(t, 'expiry@example.com');
    const stale = (await upload(team, csvOf(1))).json<{ fileId: string }>();
    t.clock.advance(DAY_MS - 60_000);
    const fresh = (await upload(team, csvOf(1))).json<{ fileId: string }>();
    const imported = (await upload(team, csvOf(1))).json<{ fileId: string }>();
    expect((await startImport(team, imported.fileId)).statusCode).toBe(200);
    t.clock.advance(120_000);

    await t.app.services.imports.sweepUploads();
    expect(await uploadRow(stale.fileId)).toBeUndefined();
    expect(existsSync(path.join(uploadDir, stale.fileId))).toBe(false);
    const again = await startImport(team, stale.fileId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(serverMessages.lists.fileNotFound);
    // Younger than the TTL, or claimed by an import: kept.
    expect(await uploadRow(fresh.fileId)).toBeDefined();
    expect(existsSync(path.join(uploadDir, fresh.fileId))).toBe(true);
    expect(await uploadRow(imported.fileId)).toBeDefined();
  });

  it('refuses an expired upload even before the sweep has run', async () => {
    const team = await insertTeamAdmin(t, 'expiry-unswept@example.com');
    const up = (await upload(team, csvOf(1))).json<{ fileId: string }>();
    t.clock.advance(DAY_MS + 1);
    expect((await startImport(team, up.fileId)).statusCode).toBe(404);
    expect(await listsOf(team.teamId)).toEqual([]);
  });

  it('deletes a file that no upload names once it is older than the TTL, and leaves a young one', async () => {
    mkdirSync(uploadDir, { recursive: true });
    const old = path.join(uploadDir, randomUUID());
    const young = path.join(uploadDir, randomUUID());
    writeFileSync(old, 'Name,Phone\n');
    writeFileSync(young, 'Name,Phone\n');
    const longAgo = new Date(Date.now() - DAY_MS - 60_000);
    utimesSync(old, longAgo, longAgo);
    const swept = await t.app.services.imports.sweepUploads();
    expect(swept.orphans).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
  });
});

describe('importing an upload', () => {
  it('refuses a second import of the same file with a 409 and leaves no list behind', async () => {
    const team = await insertTeamAdmin(t, 'twice@example.com');
    const up = (await upload(team, csvOf(1))).json<{ fileId: string }>();
    expect((await startImport(team, up.fileId, 'First')).statusCode).toBe(200);
    await t.app.services.imports.idle();
    const again = await startImport(team, up.fileId, 'Second');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serverMessages.imports.alreadyImported);
    const rows = await listsOf(team.teamId);
    expect(rows.map((l) => [l.name, l.state])).toEqual([['First', 'imported']]);
  });

  it('makes exactly one list of two imports of one file sent at the same moment', async () => {
    const team = await insertTeamAdmin(t, 'race@example.com');
    const up = (await upload(team, csvOf(1))).json<{ fileId: string }>();
    const answers = await Promise.all([startImport(team, up.fileId, 'A'), startImport(team, up.fileId, 'B')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await listsOf(team.teamId)).toHaveLength(1);
  });
});
