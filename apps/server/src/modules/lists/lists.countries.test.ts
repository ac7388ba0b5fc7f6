import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverMessages } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importedList, startImport, uploadCsv, type Mapping } from './lists.test-support.js';

/** 31 leads from the US, GB, BR, DE, AU, IN and MX: national and international numbers, 5 invalid. */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), './engine/fixtures');

const FIELDS: Mapping[] = [
  { name: 'First Name', type: 'contact', matchesTo: 'First name' },
  { name: 'Last Name', type: 'contact', matchesTo: 'Last name' },
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'Email', type: 'contact', matchesTo: 'Email' },
  { name: 'Country', type: 'contact', matchesTo: 'Country' },
];

/** Each contact's phone in E.164, as the fixture's rows should be stored. */
const EXPECTED: Record<string, string> = {
  Ann: '+16158625000',
  Ben: '+12127365000',
  Cara: '+12126392000',
  // London's 2087415189 in a GB row: not the Idaho number its digits also make.
  Dev: '+442087415189',
  Eve: '+442072193000',
  Finn: '+441612345000',
  Gail: '+447911123456',
  // Rio's (21) 2621-5440 in a Brazil row: not the Manhattan number.
  Hugo: '+552126215440',
  Iris: '+551130033030',
  Joao: '+5511987654321',
  Karl: '+4930901820',
  Lena: '+498912345678',
  Max: '+4915123456789',
  Nina: '+492087415189',
  Owen: '+61293744000',
  Pia: '+61412345678',
  Quinn: '+61396501234',
  Ravi: '+919876543210',
  Sita: '+912227780000',
  Tara: '+911123012345',
  Uriel: '+525512345678',
  Vera: '+528181234567',
  // An international number in a Mexico row stays the US number it says it is.
  Walt: '+15124634630',
  // 'Atlantis' and 'Gondor' are no countries: read with the import's +1, and counted.
  Cy: '+14046562000',
  Di: '+442079460018',
  // A blank Country: the import's +1.
  Ed: '+13127445000',
};

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function importFixture(user: TestUser, file: string, countryCode = '+1') {
  const { fileId } = await uploadCsv(t, user, readFileSync(path.join(FIXTURES, file)), file);
  return importedList(t, user, await startImport(t, user, { fileId, fields: FIELDS, countryCode }));
}

/** The team's contacts' phones by first name. */
async function phonesOf(teamId: string): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; value: string }>(
    t.database.db,
    sql`select i.data->>'First name' as name, d.value from identifiers d join items i on i.id = d.item_id
        where d.team_id = ${teamId} and not d.is_email order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

describe('a Country column', () => {
  it.each(['international-leads.csv', 'international-leads.xlsx'])(
    "reads each row's phone in its own country, counts invalid numbers and unknown countries (%s)",
    async (file) => {
      const team = await insertTeamAdmin(t, `countries-${file}@example.com`);
      const list = await importFixture(team, file);

      expect(await phonesOf(team.teamId)).toEqual(EXPECTED);
      expect(list.result).toMatchObject({
        rowsRead: 31,
        contactsNew: 27,
        // 12345 (GB), 0000 111 (DE), (21) 1234 (BR), 555-0199 (US), 1234 567 890 (AU).
        invalidPhones: 5,
        unknownCountries: 2,
        // Xena's phone is invalid but her e-mail is not; the other four rows had nothing else.
        dropped: { [serverMessages.lists.droppedNoIdentifier]: 4 },
      });
    },
  );

  it("uses the import's country code only for rows without a usable country", async () => {
    const team = await insertTeamAdmin(t, 'countries-default@example.com');
    await importFixture(team, 'international-leads.csv', '+44');
    const phones = await phonesOf(team.teamId);
    // The rows that name their country are read there, whatever the default.
    expect(phones['Ann']).toBe('+16158625000');
    expect(phones['Hugo']).toBe('+552126215440');
    // Atlantis's and the blank row's US numbers are no valid UK numbers: invalid, not re-homed.
    expect(phones['Cy']).toBeUndefined();
    expect(phones['Ed']).toBeUndefined();
    expect(phones['Di']).toBe('+442079460018');
  });
});
