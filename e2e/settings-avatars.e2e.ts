import { crc32, deflateSync } from 'node:zlib';
import { messages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, users } from '../apps/server/src/db/schema/index.js';
import { insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', { name: 'Sierra Realty' });
  await insertMember(server, admin.teamId, 'bea@sierra.test', {
    name: 'Bea Lopez',
    permissions: ['sms', 'templates', 'campaigns', 'messenger'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A PNG of `size`×`size` pixels whose colour at (x, y) is `paint(x, y)` (RGB), encoded by hand. */
function png(size: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) rows.set(paint(x, y), y * (1 + size * 3) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A logo: a white roof on a teal tile. A photo: a warm gradient with a lighter disc. */
const LOGO = png(96, (x, y) =>
  y > 30 && y < 70 && Math.abs(x - 48) < y - 22 ? [255, 255, 255] : [13, 148, 136],
);
const PHOTO = png(96, (x, y) =>
  (x - 48) ** 2 + (y - 40) ** 2 < 400 ? [253, 230, 210] : [220 - y, 120 + x / 2, 90 + y / 2],
);

/** The image has loaded from the avatar files (not the initials or icon fallback). */
async function expectServedImage(img: Locator) {
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  expect(await img.getAttribute('src')).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\.png$/);
}

describe('Settings > Team: avatars', () => {
  it('an admin uploads the company logo and their own photo, and a non-image is refused', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/team`);
    const company = page.getByRole('region', { name: 'Company' });
    await page.getByRole('table', { name: 'Team members' }).getByText('Bea Lopez').waitFor();

    await company.locator('input[type="file"]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are my notes, not a picture.'),
    });
    await company.getByRole('alert').getByText(messages.avatars.wrongType).waitFor();
    expect(
      await server.app
        .inject({ method: 'GET', url: '/api/users/me', headers: admin.headers })
        .then((r) => r.json().user.team.avatar),
    ).toBeNull();
    await shot(page, 'settings-team-avatars-refused');

    await company.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: LOGO,
    });
    await expectServedImage(company.getByRole('img', { name: 'Sierra Realty logo' }));
    expect(await company.getByRole('alert').count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Omar Haddad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit member' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await expectServedImage(dialog.getByRole('img', { name: 'Your photo' }));
    await shot(page, 'settings-team-avatars-photo');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The team's row and the top bar show the new photo without a reload.
    await expectServedImage(
      page.getByRole('table', { name: 'Team members' }).getByRole('img', { name: 'Omar Haddad' }),
    );
    await expectServedImage(page.getByRole('banner').locator('img'));
    // The toasts cover the top bar: closed, the screenshot shows the new photo there.
    for (const close of await page.getByRole('button', { name: 'Close notification' }).all())
      await close.click();
    await page.getByText(messages.avatars.photoSaved).waitFor({ state: 'hidden' });
    await shot(page, 'settings-team-avatars');

    const [team] = await server.database.db.select().from(teams).where(eq(teams.id, admin.teamId));
    const [me] = await server.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(team!.avatar).toMatch(/^\/api\/files\/avatars\//);
    expect(me!.avatar).toMatch(/^\/api\/files\/avatars\//);
    expect(problems).toEqual([]);
    await context.close();
  });
});
