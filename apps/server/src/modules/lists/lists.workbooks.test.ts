import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rowLimitMessage, serverMessages, xlsxLimitMessage, type ListDto } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import {
  giantCellSheet,
  manyRowsSheet,
  plainWorkbook,
  sharedStringsBomb,
} from './engine/xlsx-bombs.test-support.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { importedList, startImport } from './lists.test-support.js';

// A bomb is read until its reader is stopped: 32.9 s in CI on 2026-11-28's slower machine, past the
// project's 30 s default.
const BOMB_MS = 120_000;

let t: TestApp;
let admin: TestUser;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-workbooks-'));

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = await insertTeamAdmin(t, 'workbooks@example.com');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(fileName: string, content: Buffer) {
  const { payload, contentType } = multipartFile(fileName, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/lists/upload',
    headers: { ...admin.headers, 'content-type': contentType },
    payload,
  });
}

/** Files in DATA_DIR/uploads and the team's upload rows: what the server kept. */
async function stored() {
  const files = (() => {
    try {
      return readdirSync(path.join(dataDir, 'uploads'));
    } catch {
      return [];
    }
  })();
  const rows = await t.database.db.select().from(uploads).where(eq(uploads.teamId, admin.teamId));
  return { files, rows: rows.map((r) => r.id) };
}

describe('workbooks built to exhaust the server', () => {
  it(
    'refuses a shared-string bomb (256 MB of text zipped into half a megabyte) with a clear message, keeping nothing',
    async () => {
      const before = await stored();
      const bomb = await sharedStringsBomb(256);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const res = await upload('strings.xlsx', bomb);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(xlsxLimitMessage({ kind: 'part', part: 'sharedStrings' }));
      expect(await stored()).toEqual(before);
    },
    BOMB_MS,
  );

  it('reads a sheet of a million rows only one row past the limit, and imports just its first rows when asked', async () => {
    const res = await upload('million.xlsx', await manyRowsSheet(1_000_000));
    expect(res.statusCode, res.body).toBe(200);
    const up = res.json<{ fileId: string; rowCount: number; maxRows: number }>();
    expect(up).toMatchObject({ rowCount: 10_001, maxRows: 10_000 });
    const start = (firstRows?: number) =>
      startImport(t, admin, {
        fileId: up.fileId,
        fields: [{ name: 'Phone', type: 'contact', matchesTo: 'Phone' }],
        ...(firstRows ? { firstRows } : {}),
      });
    expect((await start()).json().message).toBe(rowLimitMessage(10_000));
    const list = await importedList(t, admin, await start(50));
    // Its cells are numbers too short to be phones: every row read is dropped, and only 50 are read.
    expect(list).toMatchObject({
      state: 'imported',
      totalRows: 50,
      result: { rowsRead: 50, firstRowsOnly: 50, invalidPhones: 50 },
    });
  });

  it(
    'refuses a workbook that needs more memory than its reader may have, and only that reader dies',
    async () => {
      const before = await stored();
      // One 200 MB cell: under every cap the reader counts, over the heap its worker thread is given.
      const res = await upload('giant.xlsx', await giantCellSheet(200));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(serverMessages.imports.xlsxTooComplex);
      expect(await stored()).toEqual(before);
      const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: admin.headers });
      expect(health.statusCode).toBe(200);
    },
    BOMB_MS,
  );

  it('still reads and imports an honest workbook, in the reader thread both times', async () => {
    const res = await upload('owners.xlsx', await plainWorkbook(50));
    expect(res.statusCode, res.body).toBe(200);
    const up = res.json<{ fileId: string; columns: string[]; rowCount: number; preview: string[][] }>();
    expect(up.columns).toEqual(['Name', 'Phone']);
    expect(up.rowCount).toBe(50);
    expect(up.preview[0]).toEqual(['Owner 2', '(334) 793-8702']);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/lists/import',
      headers: admin.headers,
      payload: {
        name: 'Owners',
        countryCode: '+1',
        fileId: up.fileId,
        fields: [
          { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
          { name: 'Name', type: 'contact', matchesTo: 'First name' },
        ],
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    await t.app.services.imports.idle();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/lists/byId/${started.json<{ list: ListDto }>().list._id}/0`,
      headers: admin.headers,
    });
    expect(list.json<{ list: ListDto }>().list).toMatchObject({ state: 'imported', itemCount: 50 });
  });
});
