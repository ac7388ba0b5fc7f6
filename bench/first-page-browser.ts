import { gzipSync } from 'node:zlib';
import { launchBrowser, startServer } from '../e2e/support/harness.js';

// The first page as a visitor meets it (issue 30): the real server serves a production build, Chromium
// opens `/`, presses Try now and waits until the login form's e-mail field is ready. Every JavaScript
// file the browser fetched by then is counted, gzipped at zlib's default level (as the manifest
// measure does), in KB of 1,024 bytes. Fetches the page starts when idle count too if they came first:
// that is what the visitor's connection carried.

export type FirstPageReport = {
  jsKb: number;
  files: { url: string; gzipBytes: number }[];
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Serves the build in `dist` on the real server and measures the landing up to a ready login form. */
export async function measureFirstPageInBrowser(dist: string): Promise<FirstPageReport> {
  const server = await startServer({ WEB_DIST: dist });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const pending: Promise<{ url: string; gzipBytes: number } | null>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      pending.push(
        response
          .body()
          .then((body) => ({ url: url.pathname, gzipBytes: gzipSync(body).length }))
          .catch(() => null),
      );
    });
    await page.goto(`${server.url}/`);
    const tryNow = page.getByRole('button', { name: 'Try now' }).first();
    await tryNow.click({ timeout: 60_000 });
    await page.getByLabel('Email').waitFor({ timeout: 60_000 });
    // What had been asked for by the time the form was ready.
    const counted = pending.slice();
    const files = (await Promise.all(counted)).filter((file) => file !== null);
    await context.close();
    return { jsKb: kb(files.reduce((sum, file) => sum + file.gzipBytes, 0)), files };
  } finally {
    await browser.close();
    await server.close();
  }
}
