import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { emptyImportResult } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
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

  it("queues a property list's owners for a chosen caller from the list's detail", async () => {
    const db = server.database.db;
    const lee = await insertMember(server, admin.teamId, 'lee@sierra.test', {
      name: 'Lee Caller',
      permissions: ['calls'],
      dataAccess: 'All data',
    });
    const [list] = await queryRows<{ id: string }>(
      db,
      sql`insert into lists (team_id, name, position, state, result, prop_count, created_at)
        values (${admin.teamId}, 'Tax liens', 2, 'imported', ${JSON.stringify(emptyImportResult())}::jsonb, 3, now())
        returning id`,
    );
    // Two houses with an owner each, and a lot nobody owns.
    const owners: string[] = [];
    for (const [i, street] of ['4 Elm St', '5 Elm St', '6 Elm St'].entries()) {
      const house = await insertContact(db, admin.teamId, { type: 'property', data: { Street1: street } });
      await queryRows(
        db,
        sql`insert into list_items (list_id, item_id, type) values (${list!.id}, ${house.id}, 'property')`,
      );
      if (i === 2) continue;
      const owner = await insertContact(db, admin.teamId, {
        first: ['Rosa', 'Tom'][i],
        last: 'Elm',
        phones: [`916-456-71${10 + i}`],
      });
      await queryRows(
        db,
        sql`insert into item_links (team_id, from_id, to_id)
          values (${admin.teamId}, ${house.id}, ${owner.id}), (${admin.teamId}, ${owner.id}, ${house.id})`,
      );
      owners.push(owner.id);
    }

    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/lists/${list!.id}`);
    await page.getByRole('checkbox', { name: 'Select all 3 properties' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Queue for calls' }).click();
    await bar.getByRole('combobox', { name: 'Caller' }).click();
    await page.getByRole('option', { name: 'Lee Caller' }).click();
    await shot(page, 'bulk-list-queue-selected');
    await bar.getByRole('button', { name: 'Apply' }).click();
    const result = page.getByRole('status', { name: 'Bulk action result' });
    await result
      .getByText("2 queued for Lee Caller's calls; 1 skipped: no linked contact")
      .waitFor({ timeout: 20_000 });
    await shot(page, 'bulk-list-queue-result');

    // The owners are in Lee's queue, as the dialler shows it to Lee.
    const queue = await server.app.inject({ url: '/api/calls/queue', headers: lee.headers });
    const names = queue.json().queue.map((e: { itemId: string; name: string }) => [e.itemId, e.name]);
    expect(names.sort()).toEqual(
      [
        [owners[0], 'Rosa Elm'],
        [owners[1], 'Tom Elm'],
      ].sort(),
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});

const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await server.app.inject({ method, url, headers: admin.headers, payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json();
};

/** `n` texted contacts named Pike with a phone each, the last one's phone DNC: a Messenger search finds them. */
async function textedPike(n: number) {
  const db = server.database.db;
  await queryRows(
    db,
    sql`with made as (
        insert into items (team_id, type, data, search_text, status_id, last_message, last_activity_at, created_at, updated_at)
        select ${admin.teamId}::uuid, 'contact', jsonb_build_object('First name', 'Pike', 'Last name', 'Seller ' || g),
          'pike seller ' || g,
          (select id from statuses where team_id = ${admin.teamId}::uuid and text = 'Not contacted'),
          jsonb_build_object('body', 'Hi, would you sell on Pike St?', 'createdAt', now(), 'leadIdt', null, 'direction', 'out'),
          now() - (g || ' minutes')::interval, now(), now()
        from generate_series(1, ${n}::int) g
        returning id, data)
      insert into identifiers (team_id, item_id, value, is_email, "primary", position, status, created_at)
      select ${admin.teamId}::uuid, id, '+1916456' || lpad(substring(data->>'Last name' from '[0-9]+'), 4, '0'), false, true, 0,
        case when data->>'Last name' = ${`Seller ${n}`} then 'DNC' else '' end, now()
      from made`,
  );
}

describe('reaching a filtered selection', () => {
  it('queues all that match a Messenger search for calls, exports them and launches a campaign to exactly them', async () => {
    await queryRows(
      server.database.db,
      sql`update teams set timezone = 'America/New_York' where id = ${admin.teamId}`,
    );
    await api('POST', '/api/services/addSimulatedPhone', {});
    const group = await api('PUT', '/api/templates/addGroup', { name: 'Openers' });
    await api('PUT', '/api/templates/addTemplate', {
      text: 'Hi, still thinking of selling?',
      groupId: group._id,
    });
    await textedPike(36);

    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/messenger`);
    await page.getByRole('heading', { name: 'Messenger' }).waitFor();
    await page.getByRole('tab', { name: /^Sent/ }).click();
    // The search's own answer, not the tab's unfiltered page that shows the same rows first.
    const searched = page.waitForResponse(
      (r) => r.url().endsWith('/api/items/get') && (r.request().postData() ?? '').includes('pike'),
    );
    await page.getByRole('textbox', { name: 'Search the Messenger' }).fill('pike');
    await searched;
    await page.getByRole('row', { name: /Pike Seller 1$/ }).waitFor({ timeout: 10_000 });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    const result = page.getByRole('status', { name: 'Bulk action result' });
    /** Ticks every Pike across pages and applies an action. */
    async function applyToAll(action: string) {
      await page.getByRole('checkbox', { name: 'Select all shown' }).check();
      await page.getByRole('button', { name: 'Select all 36 that match' }).click();
      await bar.getByText('36 selected').waitFor();
      await bar.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: action }).click();
      await bar.getByRole('button', { name: 'Apply' }).click();
    }

    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('button', { name: 'Select all 36 that match' }).click();
    await bar.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Queue for calls' }).waitFor();
    await shot(page, 'bulk-actions-menu');
    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: 'Clear selection' }).click();

    await applyToAll('Queue for calls');
    await result.getByText("35 queued for Dana Brooks' calls; 1 skipped: DNC").waitFor({ timeout: 20_000 });
    await shot(page, 'bulk-queue-result');
    const [queued] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from call_queue where team_id = ${admin.teamId} and user_id = ${admin.userId}`,
    );
    expect(queued!.n).toBe(35);
    await result.getByRole('button', { name: 'Dismiss' }).click();

    await applyToAll('Export CSV');
    await result.getByText('36 exported').waitFor({ timeout: 20_000 });
    await shot(page, 'bulk-export-result');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Name,First name,Last name/);
    expect(lines).toHaveLength(37);
    expect(csv).not.toContain('Owner No');
    await result.getByRole('button', { name: 'Dismiss' }).click();

    await applyToAll('Launch a campaign');
    await result.getByText('35 ready for a campaign; 1 skipped: DNC').waitFor({ timeout: 20_000 });
    await shot(page, 'bulk-campaign-result');
    await result.getByRole('button', { name: 'Open the campaign builder' }).click();
    await page.getByRole('heading', { name: 'Campaign Builder' }).waitFor();
    expect(await page.getByRole('radio', { name: 'These 35 records' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /Not contacted/ }).check();
    await page.getByText('35 contacts selected').waitFor();
    await shot(page, 'bulk-campaign-builder');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const day of ['Sat', 'Sun'])
      await page.locator('label', { hasText: new RegExp(`^${day}$`) }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Campaign name').fill('Pike sellers');
    await page.getByPlaceholder('Choose template groups').click();
    await page.getByRole('option', { name: /Openers/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: '(916) 555-0100' }).check();
    await page.getByRole('region', { name: 'Campaign summary' }).getByText('These 35 records').waitFor();
    await shot(page, 'bulk-campaign-finalize');
    await page.getByRole('button', { name: 'Launch campaign' }).click();
    await page.waitForURL(/\/campaigns$/);
    const [campaign] = await queryRows<{ n: number; pike: number }>(
      server.database.db,
      sql`select count(*)::int as n,
          count(*) filter (where i.data->>'First name' = 'Pike')::int as pike
        from campaign_recipients r join campaigns c on c.id = r.campaign_id join items i on i.id = r.item_id
        where c.team_id = ${admin.teamId} and c.name = 'Pike sellers'`,
    );
    expect(campaign).toEqual({ n: 35, pike: 35 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
