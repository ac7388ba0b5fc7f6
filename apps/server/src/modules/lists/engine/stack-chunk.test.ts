import { randomUUID } from 'node:crypto';
import { emptyImportResult } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { insertTeamAdmin, statusId, type TestUser } from '../../../test/factories.js';
import { importCsv } from '../../../test/import-csv.js';
import { planChunk } from './plan-chunk.js';
import { prepareRow, type ColumnPlan } from './prepare-row.js';
import { stackChunk } from './stack-chunk.js';

/** The tables a chunk writes while its foreign keys go unchecked on PGlite (ADR 064). */
const UNCHECKED = ['items', 'identifiers', 'item_keys', 'item_links', 'list_items'];

const PLAN: ColumnPlan[] = [
  { index: 0, type: 'contact', target: 'Phone', custom: false },
  { index: 1, type: 'contact', target: 'Full name', custom: false },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const FIELDS = [
  { name: 'Phone', type: 'contact' as const, matchesTo: 'Phone' },
  { name: 'Name', type: 'contact' as const, matchesTo: 'Full name' },
];
const importLeads = async (user: TestUser, csv: string) =>
  (await importCsv(t, user, csv, FIELDS, 'Leads'))._id;

const statusOf = async (teamId: string, phone: string) =>
  (
    await queryRows<{ text: string | null }>(
      t.database.db,
      sql`select s.text from identifiers i join items it on it.id = i.item_id
        left join statuses s on s.id = it.status_id where i.team_id = ${teamId} and i.value = ${phone}`,
    )
  )[0]?.text;

describe("an import's chunk on a database that runs one transaction at a time (ADR 064)", () => {
  it('leaves every trigger of the tables it writes on while their foreign keys go unchecked', async () => {
    const triggers = await queryRows<{ relation: string; name: string; enabled: string }>(
      t.database.db,
      sql`select tgrelid::regclass::text as relation, tgname as name, tgenabled as enabled from pg_trigger
        where not tgisinternal and tgrelid::regclass::text in (${sql.join(
          UNCHECKED.map((n) => sql`${n}`),
          sql`, `,
        )})`,
    );
    expect(triggers.map((r) => r.name)).toContain('identifiers_history_added');
    // 'A': fires with session_replication_role = replica too; 'O' would be skipped by the chunk.
    expect(triggers.filter((r) => r.enabled !== 'A')).toEqual([]);
  });

  it("marks a DNC phone's contact DNC and keeps every imported phone's history", async () => {
    const team = await insertTeamAdmin(t, 'unchecked-triggers@example.com');
    await t.database.db.execute(
      sql`insert into dnc_phones (team_id, value, created_at) values (${team.teamId}, '+16155550101', now())`,
    );
    await importLeads(team, 'Phone,Name\n6155550101,Dee Ncee\n6155550102,Al Lowed\n');
    expect(await statusOf(team.teamId, '+16155550101')).toBe('DNC');
    expect(await statusOf(team.teamId, '+16155550102')).toBe('Not contacted');
    const history = await queryRows<{ value: string }>(
      t.database.db,
      sql`select value from phone_history where team_id = ${team.teamId} order by value`,
    );
    expect(history.map((h) => h.value)).toEqual(['+16155550101', '+16155550102']);
  });

  it('writes no status deleted since the import began, and checks references again after the chunk', async () => {
    const team = await insertTeamAdmin(t, 'unchecked-status@example.com');
    const listId = await importLeads(team, 'Phone,Name\n6155550201,First Row\n');
    const row = prepareRow(['6155550202', 'Late Lead'], PLAN, '+1', emptyImportResult());
    if ('dropped' in row) throw new Error(row.dropped);
    const plan = await planChunk([row]);
    const gone = randomUUID();
    const ctx = { teamId: team.teamId, listId, now: new Date(), notContactedId: gone, restrictedTo: null };
    // Checked, the vanished status is refused: the situation the exclusive chunk must handle itself.
    await expect(
      t.database.db.transaction((tx) => stackChunk(tx, ctx, plan, emptyImportResult())),
    ).rejects.toThrow();
    const role = await t.database.db.transaction(async (tx) => {
      await stackChunk(tx, { ...ctx, exclusive: true }, plan, emptyImportResult());
      const [row] = await queryRows<{ role: string }>(
        tx,
        sql`select current_setting('session_replication_role') as role`,
      );
      return row!.role;
    });
    expect(role).toBe('origin');
    const [made] = await queryRows<{ status_id: string | null }>(
      t.database.db,
      sql`select it.status_id from identifiers i join items it on it.id = i.item_id
        where i.team_id = ${team.teamId} and i.value = '+16155550202'`,
    );
    expect(made).toEqual({ status_id: null });
    expect(await statusId(t.database.db, team.teamId, 'Not contacted')).toBeTruthy();
  });
});
