import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureFirstPageInBrowser, type FirstPageReport } from './first-page-browser.js';
import {
  BUDGET_KB,
  buildWeb,
  makeBuildDir,
  measureBundle,
  removeBuildDir,
  type BundleReport,
} from './web-bundle-size.js';

// The first visit's JavaScript (ADR 015): a production build, measured by what each page waits for
// before it shows. Building takes a few seconds, more beside the other suites on two cores.
const BUILD_TIMEOUT_MS = 180_000;

describe('the JavaScript a first visit downloads', () => {
  let report: BundleReport;
  const dist = makeBuildDir();
  beforeAll(async () => {
    await buildWeb(dist);
    report = measureBundle(dist);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => removeBuildDir(dist));

  it('keeps the landing, login and legal pages within 150 KB gzip, every logged-in screen within 360 KB', () => {
    const over = report.pages
      .filter((page) => page.jsKb > page.budgetKb)
      .map((page) => `${page.name}: ${page.jsKb} KB of ${page.budgetKb}`);
    expect(over).toEqual([]);
  });

  it('measures every lazy chunk as part of a named page, so a new screen cannot escape its budget', () => {
    expect(report.unmeasured).toEqual([]);
  });

  it('keeps the logged-in workspace and its libraries out of the landing and login', () => {
    const landing = report.pages.find((page) => page.name === 'landing /')!;
    const dashboard = report.pages.find((page) => page.name === 'dashboard /')!;
    // The workspace's own code is well over 100 KB: had it leaked into the entry, the gap would close.
    expect(dashboard.jsKb - landing.jsKb).toBeGreaterThan(100);
  });

  it(
    'a visitor who opens the landing and presses Try now has a ready login form within 150 KB gzip, as Chromium fetches it',
    async () => {
      const first: FirstPageReport = await measureFirstPageInBrowser(dist);
      const listing = first.files.map((file) => `${file.url} ${file.gzipBytes}`).join('\n');
      expect(first.files.length, 'the browser fetched no JavaScript: the measure is broken').toBeGreaterThan(
        0,
      );
      expect(first.jsKb, `fetched:\n${listing}`).toBeLessThanOrEqual(BUDGET_KB.loggedOut);
    },
    BUILD_TIMEOUT_MS,
  );
});
