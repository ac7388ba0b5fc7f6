/**
 * Child process of bench/run.ts: the credits ledger under load. Charges (one look-up each, through the
 * ledger service: the balance row's UPDATE under its CHECK and the entry's INSERT, one transaction)
 * run BENCH_LEDGER_IN_FLIGHT at a time on the main pool (10 connections), in two shapes:
 *
 * - spread: BENCH_LEDGER_TEAMS teams, each funded for 90% of the charges that will come its way, so
 *   about one charge in ten is refused by the CHECK;
 * - one team: every charge on one team's row (the worst case: they queue on its lock), funded for
 *   half of them.
 *
 * Then checks the rule held: every balance ≥ 0 and equal to the sum of its team's entries, and the
 * charges taken exactly what was funded when funds ran out. Prints one JSON line.
 */
import { eq, sql } from 'drizzle-orm';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { createLedger } from '../apps/server/src/modules/billing/index.js';

const CHARGES = Number(process.env.BENCH_LEDGER_CHARGES ?? 20_000);
const TEAMS = Number(process.env.BENCH_LEDGER_TEAMS ?? 100);
const IN_FLIGHT = Number(process.env.BENCH_LEDGER_IN_FLIGHT ?? 50);
const LOOKUP = 500; // $0.05, PRO's skip look-up
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`ledger: ${text}\n`);

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const { db } = database;
const ledger = createLedger({ db, clock: systemClock });

async function fundedTeams(n: number, lookups: number) {
  const rows = await db
    .insert(schema.teams)
    .values(Array.from({ length: n }, (_, i) => ({ name: `Ledger bench ${i}` })))
    .returning({ id: schema.teams.id });
  const [staff] = await db
    .insert(schema.users)
    .values({ teamId: rows[0]!.id, email: `ledger-bench-${Date.now()}@example.com`, role: 'admin' })
    .returning();
  for (const { id } of rows)
    await ledger.grant({
      teamId: id,
      amount: lookups * LOOKUP,
      reason: 'adminGrant',
      description: 'Bench',
      actorId: staff!.id,
    });
  return rows.map((r) => r.id);
}

/** Runs `total` charges, `IN_FLIGHT` at a time, on the team `teamOf(i)`; charges per second and counts. */
async function run(total: number, teamOf: (i: number) => string) {
  let next = 0;
  let taken = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < total) {
        const i = next++;
        const r = await ledger.charge({
          teamId: teamOf(i),
          amount: LOOKUP,
          reason: 'skipTraceHit',
          description: 'Skip trace: 1 hit',
        });
        if (r.ok) taken++;
        else refused++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    charges: total,
    taken,
    refused,
    chargesPerSecond: Math.round(total / seconds),
    seconds: +seconds.toFixed(2),
  };
}

/** Teams whose balance is below zero or differs from the sum of their entries (must be none). */
async function brokenTeams(teamIds: string[]) {
  const rows = (await db.execute(sql`
    select a.team_id, a.balance, coalesce(sum(e.amount), 0)::bigint as total
    from credit_accounts a left join credit_entries e on e.team_id = a.team_id
    where a.team_id = any(${`{${teamIds.join(',')}}`}::uuid[])
    group by a.team_id, a.balance
    having a.balance < 0 or a.balance <> coalesce(sum(e.amount), 0)`)) as unknown as { rows: unknown[] };
  return rows.rows.length;
}

const perTeam = Math.ceil(CHARGES / TEAMS);
const spreadTeams = await fundedTeams(TEAMS, Math.floor(perTeam * 0.9));
progress(`${TEAMS} teams funded for ${Math.floor(perTeam * 0.9)} look-ups each; ${CHARGES} charges`);
const spread = await run(CHARGES, (i) => spreadTeams[i % TEAMS]!);
progress(`spread: ${spread.chargesPerSecond}/s`);

const [hotTeam] = await fundedTeams(1, Math.floor(CHARGES / 4));
const hot = await run(CHARGES / 2, () => hotTeam!);
progress(`one team: ${hot.chargesPerSecond}/s`);
const [hotAccount] = await db
  .select()
  .from(schema.creditAccounts)
  .where(eq(schema.creditAccounts.teamId, hotTeam!));

const broken = await brokenTeams([...spreadTeams, hotTeam!]);
console.log(
  JSON.stringify({
    driver: database.driver,
    inFlight: IN_FLIGHT,
    spread: { teams: TEAMS, ...spread },
    oneTeam: { ...hot, funded: Math.floor(CHARGES / 4), balanceLeft: hotAccount!.balance },
    // The rule: no balance below zero, each the sum of its entries; and with funds for N, N taken.
    ruleHeld:
      broken === 0 &&
      hot.taken === Math.floor(CHARGES / 4) &&
      hotAccount!.balance === 0 &&
      spread.taken === TEAMS * Math.floor(perTeam * 0.9),
  }),
);
await database.close();
