import { UNITS_PER_DOLLAR } from '@prospector/core';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { importCsv } from '../../test/import-csv.js';

export const PROPERTY_FIELDS = [
  { name: 'Street', type: 'property' as const, matchesTo: 'Street1' },
  { name: 'City', type: 'property' as const, matchesTo: 'City' },
  { name: 'State', type: 'property' as const, matchesTo: 'State' },
  { name: 'Zip', type: 'property' as const, matchesTo: 'Zip' },
  { name: 'Owner', type: 'property' as const, matchesTo: 'Owner' },
];

/** A list of `n` properties '<i> Pike St, Seattle, WA 98101' (i from 1), owned by 'Owner<i> Lee'. */
export function importProperties(t: TestApp, user: TestUser, n: number, name = 'Seattle') {
  const rows = Array.from({ length: n }, (_, k) => `${k + 1} Pike St,Seattle,WA,98101,Owner${k + 1} Lee`);
  return importCsv(
    t,
    user,
    ['Street,City,State,Zip,Owner', ...rows].join('\n') + '\n',
    PROPERTY_FIELDS,
    name,
  );
}

/** Staff's grant of `dollars` to the team (PATCH /api/admin/addCredits does the same through the ledger). */
export async function grantCredits(t: TestApp, user: TestUser, dollars: number) {
  const r = await t.app.services.ledger.grant({
    teamId: user.teamId,
    amount: Math.round(dollars * UNITS_PER_DOLLAR),
    reason: 'adminGrant',
    description: 'Test credits',
    actorId: user.userId,
  });
  if (!r.ok) throw new Error(r.code);
}
