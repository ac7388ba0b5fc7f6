import { UNITS_PER_DOLLAR } from '@prospector/core';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';
import { importCsv } from './import-csv.js';

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

/** Skip traces a whole list, as its page's button does, and waits until the run is done. */
export async function traceList(
  t: TestApp,
  user: TestUser,
  listId: string,
  type: 'single' | 'multi' = 'single',
) {
  const run = await t.app.inject({
    method: 'POST',
    url: '/api/lists/skiptrace',
    headers: user.headers,
    payload: { listId, type, permissibleUse: true },
  });
  expect(run.statusCode, run.body).toBe(200);
  await expect
    .poll(
      async () =>
        (
          await t.app.inject({ method: 'GET', url: `/api/lists/skiptrace/${listId}`, headers: user.headers })
        ).json().run.state,
    )
    .toBe('done');
}
