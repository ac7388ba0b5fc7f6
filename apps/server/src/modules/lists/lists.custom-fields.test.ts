import { randomUUID } from 'node:crypto';
import type { FieldValue } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import {
  importCsv,
  importedList,
  insertCustomField,
  startImport,
  uploadCsv,
  type Mapping,
} from './lists.test-support.js';

// Custom field ids are any strings (the item update call takes up to 60 characters), not only uuids.
const LEAD_SOURCE = 'f-lead-source';
const ROOF_TYPE = randomUUID();
const PRICE = 'f-price';
const SQUARE_FEET = randomUUID();

const FIELDS: Mapping[] = [
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'Lead Source', type: 'contact', matchesTo: LEAD_SOURCE },
  { name: 'Street', type: 'property', matchesTo: 'Street1' },
  { name: 'Roof', type: 'property', matchesTo: ROOF_TYPE },
];

let t: TestApp;
let team: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  team = await insertTeamAdmin(t, 'custom-fields@example.com');
  await insertCustomField(t, team.teamId, 'contact', { _id: LEAD_SOURCE, name: 'Lead Source' });
  await insertCustomField(t, team.teamId, 'property', { _id: ROOF_TYPE, name: 'Roof type' });
  await insertCustomField(t, team.teamId, 'property', { _id: PRICE, name: 'Price', type: 'Number' });
  await insertCustomField(t, team.teamId, 'property', {
    _id: SQUARE_FEET,
    name: 'Square feet',
    type: 'Number',
  });
});
afterAll(async () => {
  await t.close();
});

async function customOf(type: 'contact' | 'property') {
  const rows = await queryRows<{ custom: Record<string, FieldValue> }>(
    t.database.db,
    sql`select custom from items where team_id = ${team.teamId} and type = ${type} order by created_at`,
  );
  return rows.map((r) => r.custom);
}

describe('custom fields as import targets', () => {
  it("answers the upload with the team's custom fields of each entity", async () => {
    const up = await uploadCsv(t, team, 'Phone,Lead Source\n(256) 593-8310,Zillow\n');
    expect(up.customFields).toEqual({
      contact: [{ _id: LEAD_SOURCE, name: 'Lead Source' }],
      property: [
        { _id: ROOF_TYPE, name: 'Roof type' },
        { _id: PRICE, name: 'Price' },
        { _id: SQUARE_FEET, name: 'Square feet' },
      ],
      company: [],
    });
  });

  it('writes a column mapped to a custom field into the custom values of the contact and the property', async () => {
    await importCsv(
      t,
      team,
      'Phone,Lead Source,Street,Roof\n(256) 593-8310,zillow,1 Main St,\n',
      FIELDS,
      'First',
    );
    expect(await customOf('contact')).toEqual([{ [LEAD_SOURCE]: 'Zillow' }]);
    expect(await customOf('property')).toEqual([{}]);

    // The same phone and address again: empty custom values are filled, set ones are kept.
    await importCsv(
      t,
      team,
      'Phone,Lead Source,Street,Roof\n(256) 593-8310,Craigslist,1 Main St,Metal\n',
      FIELDS,
      'Second',
    );
    expect(await customOf('contact')).toEqual([{ [LEAD_SOURCE]: 'Zillow' }]);
    expect(await customOf('property')).toEqual([{ [ROOF_TYPE]: 'Metal' }]);
  });

  it("refuses a custom field id of another entity or of another team's field", async () => {
    const { fileId } = await uploadCsv(t, team, 'Phone,Lead Source\n(256) 593-8310,Zillow\n');
    const start = (matchesTo: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/lists/import',
        headers: team.headers,
        payload: {
          name: 'Wrong',
          countryCode: '+1',
          fileId,
          fields: [{ name: 'Lead Source', type: 'property', matchesTo }],
        },
      });
    const wrongEntity = await start(LEAD_SOURCE);
    expect(wrongEntity.statusCode).toBe(400);
    expect(wrongEntity.json().message).toBe('Column "Lead Source" is mapped to a field that does not exist.');
    expect((await start(randomUUID())).statusCode).toBe(400);
  });

  it('stores Number fields as numbers, and counts by column the cells that hold none, keeping their rows', async () => {
    const csv = [
      'Street,Price,Square feet,Roof',
      '10 Pine St,"$1,250.00","1,250",Tile',
      '11 Pine St,"425,000",980,Slate',
      '12 Pine St,call agent,"1,25",Metal',
      '13 Pine St,(300),,Shingle',
    ].join('\n');
    const { fileId } = await uploadCsv(t, team, csv + '\n');
    const list = await importedList(
      t,
      team,
      await startImport(t, team, {
        name: 'Numbers',
        fileId,
        fields: [
          { name: 'Street', type: 'property', matchesTo: 'Street1' },
          { name: 'Price', type: 'property', matchesTo: PRICE },
          { name: 'Square feet', type: 'property', matchesTo: SQUARE_FEET },
          { name: 'Roof', type: 'property', matchesTo: ROOF_TYPE },
        ],
      }),
    );
    const rows = await queryRows<{ street: string; custom: Record<string, FieldValue> }>(
      t.database.db,
      sql`select data->>'Street1' as street, custom from items
          where team_id = ${team.teamId} and type = 'property' and data->>'Street1' like '1_ Pine St'
          order by data->>'Street1'`,
    );
    expect(rows).toEqual([
      { street: '10 Pine St', custom: { [PRICE]: 1250, [SQUARE_FEET]: 1250, [ROOF_TYPE]: 'Tile' } },
      { street: '11 Pine St', custom: { [PRICE]: 425_000, [SQUARE_FEET]: 980, [ROOF_TYPE]: 'Slate' } },
      { street: '12 Pine St', custom: { [ROOF_TYPE]: 'Metal' } },
      { street: '13 Pine St', custom: { [PRICE]: -300, [ROOF_TYPE]: 'Shingle' } },
    ]);
    // Stored as JSON numbers, so the database compares and sorts them as numbers.
    const [typed] = await queryRows<{ kinds: string[] }>(
      t.database.db,
      sql`select array_agg(distinct jsonb_typeof(custom->${PRICE})) as kinds from items
          where team_id = ${team.teamId} and custom ? ${PRICE}`,
    );
    expect(typed!.kinds).toEqual(['number']);
    expect(list.result.rowsRead).toBe(4);
    expect(list.result.propertiesNew).toBe(4);
    expect(list.result.notNumbers).toEqual({ Price: 1, 'Square feet': 1 });
  });
});
