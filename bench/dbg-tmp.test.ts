import { it } from 'vitest';
import { buildWeb, makeBuildDir } from './web-bundle-size.js';
import { launchBrowser, startServer } from '../e2e/support/harness.js';
it('dbg', async () => {
const dist = makeBuildDir();
await buildWeb(dist);
console.log(dist);
const server = await startServer({ WEB_DIST: dist });
const browser = await launchBrowser();
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('response', (r) => console.log(r.status(), r.url()));
await page.goto(`${server.url}/`);
await page.getByRole("button", { name: "Try now" }).first().click(); await page.getByLabel("Email").waitFor();
console.log((await page.content()).slice(0, 800));
await browser.close(); await server.close();
}, 200000);
