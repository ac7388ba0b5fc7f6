import { randomUUID } from 'node:crypto';
import type { FieldValue } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv, insertCustomField, uploadCsv, type Mapping } from './lists.test-support.js';

// Custom field ids are any strings (the item update call takes up to 60 characters), not only uuids.
const LEAD_SOURCE = 'f-lead-source';
const ROOF_TYPE = randomUUID();

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
      property: [{ _id: ROOF_TYPE, name: 'Roof type' }],
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
});
