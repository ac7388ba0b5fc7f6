import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { emptyImportResult } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../apps/server/src/db/client.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'dana@sierra.test', 'Dana Brooks', { name: 'Sierra Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Records a campaign texted: they are in the Messenger's Sent tab, 30 a page. */
async function texted(n: number) {
  await queryRows(
    server.database.db,
    sql`insert into items (team_id, type, data, search_text, last_message, last_activity_at, created_at, updated_at)
      select ${admin.teamId}::uuid, 'contact', jsonb_build_object('First name', 'Owner', 'Last name', 'No ' || g),
        'owner no ' || g,
        jsonb_build_object('body', 'Hi, would you sell 12 Pike St?', 'createdAt', now(), 'leadIdt', null, 'direction', 'out'),
        now() - (g || ' minutes')::interval, now(), now()
      from generate_series(1, ${n}::int) g`,
  );
}

describe('bulk actions in the Messenger', () => {
  it('selects all records matching the filter across pages and assigns them to a member, then deletes and undoes', async () => {
    const maya = await insertMember(server, admin.teamId, 'maya@sierra.test', { name: 'Maya Diaz' });
    await texted(95);
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/messenger`);
    await page.getByRole('heading', { name: 'Messenger' }).waitFor();
    await page.getByRole('tab', { name: /^Sent/ }).click();
    await page.getByRole('row', { name: /Owner No 1$/ }).waitFor({ timeout: 10_000 });

    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('button', { name: 'Select all 95 that match' }).click();
    await page.getByText('All 95 that match are selected.').waitFor();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('95 selected').waitFor();
    await bar.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Assign to' }).click();
    await bar.getByRole('combobox', { name: 'Assign to' }).click();
    await page.getByRole('option', { name: 'Maya Diaz' }).click();
    await shot(page, 'bulk-messenger-selected');
    await bar.getByRole('button', { name: 'Apply' }).click();

    const result = page.getByRole('status', { name: 'Bulk action result' });
    await result.getByText('95 assigned to Maya Diaz').waitFor({ timeout: 20_000 });
    await shot(page, 'bulk-messenger-result');
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from items where team_id = ${admin.teamId} and ${maya.userId}::uuid = any(assigned_to)`,
    );
    expect(row!.n).toBe(95);
    await result.getByRole('button', { name: 'Dismiss' }).click();

    // Delete asks first, and can be undone.
    await page.getByRole('checkbox', { name: 'Select Owner No 1', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select Owner No 2', exact: true }).check();
    await bar.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Delete' }).click();
    await bar.getByRole('button', { name: 'Apply' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete records' });
    await confirm.getByText('Delete 2 records? You can undo it for 10 minutes.').waitFor();
    await shot(page, 'bulk-messenger-confirm-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await result.getByText('2 deleted').waitFor({ timeout: 20_000 });
    await page.getByRole('row', { name: /Owner No 1$/ }).waitFor({ state: 'detached', timeout: 10_000 });
    await shot(page, 'bulk-messenger-deleted');
    await result.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('row', { name: /Owner No 1$/ }).waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("adds a board column's records to a list, then assigns the list's contacts from its detail", async () => {
    for (const [i, first] of ['Ann', 'Bo', 'Cy'].entries())
      await insertContact(server.database.db, admin.teamId, {
        first,
        last: 'Column',
        phones: [`916-456-70${10 + i}`],
        status: 'Not contacted',
      });
    const [list] = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into lists (team_id, name, position, state, result, created_at)
        values (${admin.teamId}, 'Probate May', 1, 'imported', ${JSON.stringify(emptyImportResult())}::jsonb, now())
        returning id`,
    );
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/`);
    const column = page.getByRole('region', { name: 'Not contacted' });
    await column.getByRole('checkbox', { name: 'Select all 3 in Not contacted' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Add to list' }).click();
    await bar.getByRole('combobox', { name: 'Add to list' }).click();
    await page.getByRole('option', { name: 'Probate May' }).click();
    await shot(page, 'bulk-board-column-selected');
    await bar.getByRole('button', { name: 'Apply' }).click();
    const result = page.getByRole('status', { name: 'Bulk action result' });
    await result.getByText('3 added to Probate May').waitFor({ timeout: 20_000 });
    await shot(page, 'bulk-board-result');

    await page.goto(`${server.url}/lists/${list!.id}`);
    await page.getByRole('checkbox', { name: 'Select all 3 contacts' }).check();
    await bar.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Assign to' }).click();
    await bar.getByRole('combobox', { name: 'Assign to' }).click();
    await page.getByRole('option', { name: 'Maya Diaz' }).click();
    await shot(page, 'bulk-list-selected');
    await bar.getByRole('button', { name: 'Apply' }).click();
    await result.getByText('3 assigned to Maya Diaz').waitFor({ timeout: 20_000 });
    await shot(page, 'bulk-list-result');
    expect(problems).toEqual([]);
    await context.close();
  });
});
