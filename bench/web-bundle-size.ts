import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// What a first visit to each page downloads, measured on a production build (ADR 015): the JavaScript
// of the entry, of each lazy chunk the page waits for before it can show, and of every chunk those
// import statically (the browser fetches them before running the chunk). Then, apart, what the page
// fetches after it shows: a dialog's code when idle, the charts beside the list's data, a call's
// contract with the call. Gzip sizes (zlib's default level, as a server or CDN compresses on the
// fly) in KB of 1,024 bytes. CSS is reported apart: it is not in the budget.

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by its source file. */
type ManifestChunk = {
  file: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';
const WORKSPACE = 'src/app/routes/session-gate.tsx';
const CORE = '../../packages/core/src/contract';

export const BUDGET_KB = { loggedOut: 150, loggedIn: 360 } as const;

/** Fetched after every page shows: the toasts' container (idle or first toast). */
const EVERY_PAGE_LATER = ['src/app/toasts.tsx'];
/** The logged-out pages' configuration call with its contract (and zod), and the legal dialog. */
const LOGGED_OUT_LATER = [`${CORE}/public-config.ts`, 'src/app/compose/legal-modals.tsx'];
/** The login form's calls, each with its contract. */
const LOGIN_CALLS = [
  `${CORE}/auth/send-code.ts`,
  `${CORE}/auth/login.ts`,
  `${CORE}/auth/logout.ts`,
  `${CORE}/admin/hijack.ts`,
];
/**
 * The record modal (idle or first record), the public configuration's contract, and Leaflet (the
 * first record that shows a tile map: ADR 023).
 */
const WORKSPACE_LATER = [
  'src/app/compose/record-modal-view.tsx',
  `${CORE}/public-config.ts`,
  'src/features/records/components/leaflet-map.tsx',
];

type Page = {
  name: string;
  /** The lazy chunks the page waits for, outermost first; each is imported by those before it. */
  chunks: string[];
  /** Lazy chunks it fetches once it shows (not in the budget, reported). */
  later: string[];
};

const loggedOut = (name: string, chunk: string, later: string[] = []): Page => ({
  name,
  chunks: [chunk],
  later: [...later, ...LOGGED_OUT_LATER, ...EVERY_PAGE_LATER],
});
const loggedIn = (name: string, chunks: string[], later: string[] = []): Page => ({
  name,
  chunks: [WORKSPACE, ...chunks],
  later: [...later, ...WORKSPACE_LATER, ...EVERY_PAGE_LATER],
});

/** Every page, by the chunks its route renders. A lazy chunk missing here fails the budget test. */
export const PAGES: Page[] = [
  loggedOut('landing /', 'src/app/routes/landing-route.tsx', [
    'src/app/compose/login-modal.tsx',
    'src/app/compose/legal-dialog.tsx',
    ...LOGIN_CALLS,
  ]),
  loggedOut('login /login', 'src/app/routes/login-route.tsx', LOGIN_CALLS),
  loggedOut('privacy, terms', 'src/app/routes/legal-route.tsx'),
  loggedIn(
    'onboarding',
    ['src/features/onboarding/index.ts'],
    ['src/features/devices/components/connect-device.tsx'],
  ),
  loggedIn('dashboard /', ['src/app/routes/dashboard-route.tsx']),
  loggedIn('messenger', ['src/app/routes/messenger-route.tsx']),
  // Twilio's Voice SDK loads only when the team's line is Twilio, as the dialler joins (ADR 022).
  loggedIn(
    'dialler',
    ['src/app/routes/dialler-route.tsx'],
    ['../../node_modules/@twilio/voice-sdk/esm/twilio.js'],
  ),
  loggedIn('campaigns', ['src/features/campaigns/components/campaigns-page.tsx']),
  loggedIn(
    'campaign builder',
    ['src/features/campaigns/components/campaign-builder.tsx'],
    [
      'src/features/campaigns/components/follow-up-steps.tsx',
      'src/features/campaigns/components/finalize-step.tsx',
    ],
  ),
  loggedIn('lists', ['src/features/lists/components/lists-page.tsx']),
  loggedIn(
    'list detail',
    ['src/features/lists/components/list-detail-page.tsx'],
    ['src/features/lists/components/list-stats-pane.tsx'],
  ),
  loggedIn('import, import DNC', ['src/features/import/index.ts']),
  loggedIn('export', ['src/features/export/index.ts']),
  loggedIn('templates', ['src/app/routes/templates-layout.tsx', 'src/features/templates/index.ts']),
  loggedIn('settings > team', ['src/features/team-members/index.ts']),
  loggedIn('settings > data fields', ['src/app/routes/data-fields-settings-page.tsx']),
  loggedIn('settings > statuses', ['src/app/routes/statuses-settings-page.tsx']),
  loggedIn('settings > devices', ['src/features/devices/components/devices-screen.tsx']),
  loggedIn(
    'settings > billing',
    ['src/features/billing/components/billing-screen.tsx'],
    ['src/features/billing/components/stripe-card-form.tsx'],
  ),
  loggedIn(
    'billing /billing',
    ['src/app/routes/billing-route.tsx'],
    ['src/features/billing/components/stripe-card-form.tsx'],
  ),
  loggedIn('settings > other', ['src/app/routes/other-settings-page.tsx']),
  loggedIn('settings > reply actions', ['src/app/routes/replies-settings-page.tsx']),
  loggedIn('settings > affiliate', ['src/app/routes/affiliate-settings-page.tsx']),
  loggedIn('kpis', ['src/features/kpis/index.ts'], ['src/features/kpis/components/kpis-charts.tsx']),
  loggedIn('admin > suspension', ['src/features/admin-phones/index.ts']),
  loggedIn('settings > become affiliate', ['src/features/affiliates/components/become-affiliate-page.tsx']),
  loggedIn('admin > teams', [
    'src/features/admin/components/admin-layout.tsx',
    'src/app/routes/admin-teams-route.tsx',
  ]),
  loggedIn('admin > audit', [
    'src/features/admin/components/admin-layout.tsx',
    'src/features/admin/components/audit-page.tsx',
  ]),
];

export type PageSize = {
  name: string;
  budgetKb: number;
  /** What the page waits for before it shows: the budgeted figure. */
  jsKb: number;
  /** jsKb plus what it fetches once shown. */
  withLaterKb: number;
  cssKb: number;
  chunks: number;
};

export type BundleReport = {
  pages: PageSize[];
  /** Lazy chunks no page names: each must be added to PAGES, so no screen escapes the budget. */
  unmeasured: string[];
  jsChunks: number;
  totalJsKb: number;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

class Measure {
  private readonly gzipped = new Map<string, number>();
  constructor(
    readonly manifest: Manifest,
    private readonly dist: string,
  ) {}

  chunk(key: string): ManifestChunk {
    const chunk = this.manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: rename it in bundle-size.ts PAGES`);
    return chunk;
  }

  /** A chunk and every chunk it imports statically. */
  closure(keys: string[], into = new Set<string>()): Set<string> {
    const add = (key: string) => {
      if (into.has(key)) return;
      into.add(key);
      this.chunk(key).imports?.forEach(add);
    };
    keys.forEach(add);
    return into;
  }

  gzip(file: string): number {
    let size = this.gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(this.dist, file))).length;
      this.gzipped.set(file, size);
    }
    return size;
  }

  js(keys: Set<string>): number {
    let bytes = 0;
    for (const key of keys) bytes += this.gzip(this.chunk(key).file);
    return bytes;
  }

  css(keys: Set<string>): number {
    const files = new Set([...keys].flatMap((key) => this.chunk(key).css ?? []));
    let bytes = 0;
    for (const file of files) bytes += this.gzip(file);
    return bytes;
  }

  page({ name, chunks, later }: Page): PageSize {
    const keys = this.closure([ENTRY]);
    for (const chunk of chunks) {
      const importers = [...keys].filter((key) => this.chunk(key).dynamicImports?.includes(chunk));
      if (!importers.length) throw new Error(`${name}: nothing loaded before ${chunk} imports it`);
      this.closure([chunk], keys);
    }
    const all = this.closure(later, new Set(keys));
    const budgetKb = chunks[0] === WORKSPACE ? BUDGET_KB.loggedIn : BUDGET_KB.loggedOut;
    return {
      name,
      budgetKb,
      jsKb: kb(this.js(keys)),
      withLaterKb: kb(this.js(all)),
      cssKb: kb(this.css(keys)),
      chunks: keys.size,
    };
  }
}

export function measureBundle(dist: string): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const measure = new Measure(manifest, dist);
  const named = new Set(PAGES.flatMap((page) => [...page.chunks, ...page.later]));
  const unmeasured = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && !named.has(key));
  const jsFiles = new Set(Object.values(manifest).flatMap((c) => (c.file.endsWith('.js') ? [c.file] : [])));
  let total = 0;
  for (const file of jsFiles) total += measure.gzip(file);
  return {
    pages: PAGES.map((page) => measure.page(page)),
    unmeasured,
    jsChunks: jsFiles.size,
    totalJsKb: kb(total),
  };
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');

/** Builds the web app as `npm run build` does, with a manifest, into `outDir`. */
export async function buildWeb(outDir: string): Promise<void> {
  const { build } = await import('vite');
  // Vite keeps a NODE_ENV it finds set: under Vitest ('test') React's development build would be
  // bundled, twice the size of what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

export const makeBuildDir = () => mkdtempSync(path.join(tmpdir(), 'prospector-web-'));
export const removeBuildDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** Builds the web app into a throwaway folder and measures it. */
export async function buildAndMeasure(): Promise<BundleReport> {
  const outDir = makeBuildDir();
  try {
    await buildWeb(outDir);
    return measureBundle(outDir);
  } finally {
    removeBuildDir(outDir);
  }
}
