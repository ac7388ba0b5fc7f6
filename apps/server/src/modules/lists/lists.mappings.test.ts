import { rowLimitMessage, type FieldMapping } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importedList, startImport, uploadCsv } from './lists.test-support.js';

let t: TestApp;

beforeAll(async () => {
  // A row limit of 10, so a file of 14 rows is over it.
  t = await buildTestApp({ IMPORT_MAX_ROWS: 10 });
});
afterAll(async () => {
  await t.close();
});

const upload = (user: TestUser, csv: string) => uploadCsv(t, user, csv);
const start = (user: TestUser, fileId: string, fields: FieldMapping[], extra: { firstRows?: number } = {}) =>
  startImport(t, user, { fileId, fields, ...extra });
const imported = (user: TestUser, started: Awaited<ReturnType<typeof start>>) =>
  importedList(t, user, started);

const REDFIN_LIKE = 'ADDRESS,CITY,STATE OR PROVINCE,ZIP OR POSTAL CODE,BEDS,BATHS,PHONE';
const ROW = '1808 Fox Chase Dr,Goodlettsville,TN,37072,3,2,(615) 862-5000';
/** Mapped by hand, unlike the automatic mapping: the street goes to Street1, the state is skipped. */
const BY_HAND: FieldMapping[] = [
  { name: 'ADDRESS', type: 'property', matchesTo: 'Street1' },
  { name: 'CITY', type: 'property', matchesTo: 'City' },
  { name: 'ZIP OR POSTAL CODE', type: 'property', matchesTo: 'Zip' },
  { name: 'BEDS', type: 'property', matchesTo: 'Bedrooms' },
  { name: 'BATHS', type: 'property', matchesTo: 'Bathrooms' },
  { name: 'PHONE', type: 'contact', matchesTo: 'Phone' },
];

describe("the team's last mapping of a layout", () => {
  it('comes back with the next file of the same columns, in any order and case, named by its headers', async () => {
    const team = await insertTeamAdmin(t, 'mapping@example.com');
    const first = await upload(team, `${REDFIN_LIKE}\n${ROW}\n`);
    expect(first.lastMapping).toBeNull();
    await imported(team, await start(team, first.fileId, BY_HAND));

    const reordered = 'phone,Baths,BEDS,zip or postal code,State or Province,City,Address';
    const again = await upload(
      team,
      `${reordered}\n(615) 862-5001,2,3,37072,TN,Goodlettsville,1810 Fox Chase Dr\n`,
    );
    expect(again.lastMapping).toEqual([
      { name: 'Address', type: 'property', matchesTo: 'Street1' },
      { name: 'City', type: 'property', matchesTo: 'City' },
      { name: 'zip or postal code', type: 'property', matchesTo: 'Zip' },
      { name: 'BEDS', type: 'property', matchesTo: 'Bedrooms' },
      { name: 'Baths', type: 'property', matchesTo: 'Bathrooms' },
      { name: 'phone', type: 'contact', matchesTo: 'Phone' },
    ]);
    // The server takes it back as it answered it.
    await imported(team, await start(team, again.fileId, again.lastMapping!));

    // Another layout has no memory yet.
    expect((await upload(team, `${REDFIN_LIKE},PRICE\n${ROW},450000\n`)).lastMapping).toBeNull();
  });

  it('is the latest import of that layout, and only for the team that made it', async () => {
    const team = await insertTeamAdmin(t, 'mapping-latest@example.com');
    const first = await upload(team, `${REDFIN_LIKE}\n${ROW}\n`);
    await imported(team, await start(team, first.fileId, BY_HAND));
    const second = await upload(team, `${REDFIN_LIKE}\n${ROW}\n`);
    const onlyPhone: FieldMapping[] = [{ name: 'PHONE', type: 'contact', matchesTo: 'Phone' }];
    await imported(team, await start(team, second.fileId, onlyPhone));

    expect((await upload(team, `${REDFIN_LIKE}\n${ROW}\n`)).lastMapping).toEqual(onlyPhone);
    const other = await insertTeamAdmin(t, 'mapping-other@example.com');
    expect((await upload(other, `${REDFIN_LIKE}\n${ROW}\n`)).lastMapping).toBeNull();
    const [stored] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from import_mappings where team_id = ${team.teamId}`,
    );
    expect(stored?.n).toBe(1);
  });
});

/** 14 leads, each with its own phone: (615) 862-5000 to 5013. */
const FOURTEEN = `Name,Phone\n${Array.from({ length: 14 }, (_, i) => `Owner ${i + 1},(615) 862-50${String(i).padStart(2, '0')}`).join('\n')}\n`;
const PHONE: FieldMapping[] = [
  { name: 'Name', type: 'contact', matchesTo: 'Full name' },
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
];

describe('a file over the row limit', () => {
  it('is kept, and imports exactly its first rows when the import asks for them, saying so', async () => {
    const team = await insertTeamAdmin(t, 'first-rows@example.com');
    const up = await upload(team, FOURTEEN);
    expect(up).toMatchObject({ rowCount: 11, maxRows: 10 });

    const refused = await start(team, up.fileId, PHONE);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ROW_LIMIT', message: rowLimitMessage(10) });
    const tooMany = await start(team, up.fileId, PHONE, { firstRows: 11 });
    expect(tooMany.json()).toMatchObject({ code: 'ROW_LIMIT' });

    const list = await imported(team, await start(team, up.fileId, PHONE, { firstRows: 10 }));
    expect(list).toMatchObject({ state: 'imported', totalRows: 10, itemCount: 10 });
    expect(list.result).toMatchObject({ rowsRead: 10, contactsNew: 10, firstRowsOnly: 10 });
    const phones = await queryRows<{ value: string }>(
      t.database.db,
      sql`select value from identifiers where team_id = ${team.teamId} order by value`,
    );
    expect(phones.map((p) => p.value)).toEqual(
      Array.from({ length: 10 }, (_, i) => `+161586250${String(i).padStart(2, '0')}`),
    );
  });

  it('takes first rows from a file within the limit too, and says nothing when that is every row', async () => {
    const team = await insertTeamAdmin(t, 'first-rows-small@example.com');
    const five = FOURTEEN.split('\n').slice(0, 6).join('\n');
    const some = await imported(
      team,
      await start(team, (await upload(team, five)).fileId, PHONE, { firstRows: 3 }),
    );
    expect(some.result).toMatchObject({ rowsRead: 3, contactsNew: 3, firstRowsOnly: 3 });
    const all = await imported(
      team,
      await start(team, (await upload(team, five)).fileId, PHONE, { firstRows: 9 }),
    );
    expect(all.result).toMatchObject({ rowsRead: 5, firstRowsOnly: null });
  });
});
