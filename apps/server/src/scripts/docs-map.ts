/**
 * Generates the parts of the docs that describe the code, so they cannot drift from it (issue 34,
 * item 6): the module map in docs/architecture.md (each server module → the tables it writes → the
 * contract folders its routes serve → the web features that call them → the ADRs that name it) and
 * the index of docs/decisions. `npm run docs:map` writes them; `test/docs-map.test.ts` fails when
 * either is out of date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER = path.join(REPO, 'apps/server/src');
const CONTRACT = path.join(REPO, 'packages/core/src/contract');
const FEATURES = path.join(REPO, 'apps/web/src/features');
const DECISIONS = path.join(REPO, 'docs/decisions');
export const ARCHITECTURE = path.join(REPO, 'docs/architecture.md');
export const DECISIONS_INDEX = path.join(DECISIONS, 'README.md');
const START = '<!-- module-map:start (npm run docs:map writes this part) -->';
const END = '<!-- module-map:end -->';

const read = (file: string) => readFileSync(file, 'utf8');
const dirs = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** A module's engine: the worker that does its domain's heavy work, counted as a folder of its own. */
const ENGINE = 'engine';

function filesUnder(dir: string, { withEngine = false } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory())
      return e.name === ENGINE && !withEngine ? [] : filesUnder(full, { withEngine: true });
    return /\.tsx?$/.test(e.name) && !/\.test(-support)?\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Drizzle table constants → SQL table names, from db/schema. */
function tableNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of filesUnder(path.join(SERVER, 'db/schema')))
    for (const m of read(file).matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) names.set(m[1]!, m[2]!);
  return names;
}

/** The tables a folder's code inserts into, updates or deletes from (Drizzle calls and raw SQL). */
function tablesWritten(files: string[], names: Map<string, string>): string[] {
  const sqlNames = new Set(names.values());
  const written = new Set<string>();
  for (const file of files) {
    const text = read(file);
    for (const m of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      const table = names.get(m[1]!);
      if (table) written.add(table);
    }
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi))
      if (sqlNames.has(m[1]!)) written.add(m[1]!);
  }
  return [...written].sort();
}

/** Endpoint constant → its contract folder (a file at the contract's top level is its own name). */
function endpointsByFolder(): Map<string, string> {
  const owner = new Map<string, string>();
  for (const file of filesUnder(CONTRACT)) {
    const rel = path.relative(CONTRACT, file);
    const folder = rel.includes(path.sep) ? rel.split(path.sep)[0]! : rel.replace(/\.ts$/, '');
    for (const m of read(file).matchAll(/export const (\w+) = defineEndpoint\(/g)) owner.set(m[1]!, folder);
  }
  return owner;
}

/** The endpoints these files import from the contract (`@prospector/core`). */
function endpointsNamed(files: string[], endpoints: Map<string, string>): Set<string> {
  const found = new Set<string>();
  for (const file of files)
    for (const m of read(file).matchAll(/import\s*\{([^}]*)\}\s*from\s*'@prospector\/core[^']*'/g))
      for (const part of m[1]!.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim();
        if (endpoints.has(name)) found.add(name);
      }
  return found;
}

const list = (items: Iterable<string>) => [...items].sort().join(', ') || '—';

/**
 * Every module folder of the server and each module's engine (`modules/records`,
 * `modules/lists/engine`): a module's `engine/` is its own folder here, so the deliberate bulk writes of
 * an engine are not granted to the module's other files.
 */
export function serverFolders(): string[] {
  return dirs(path.join(SERVER, 'modules')).flatMap((name) => {
    const folder = `modules/${name}`;
    return dirs(path.join(SERVER, folder)).includes(ENGINE) ? [folder, `${folder}/${ENGINE}`] : [folder];
  });
}

/** The tables each server folder's code writes: the one reading of "writes" (map and ownership test). */
export function writesByFolder(): Map<string, string[]> {
  const names = tableNames();
  return new Map(
    serverFolders().map((folder) => [folder, tablesWritten(filesUnder(path.join(SERVER, folder)), names)]),
  );
}

/** Every table the schema declares. */
export function schemaTables(): string[] {
  return [...tableNames().values()].sort();
}

export function moduleMap(): string {
  const endpoints = endpointsByFolder();
  const featureCalls = dirs(FEATURES).map(
    (f) => [f, endpointsNamed(filesUnder(path.join(FEATURES, f)), endpoints)] as const,
  );
  const decisions = readdirSync(DECISIONS).filter((f) => /^\d{3}-.*\.md$/.test(f));
  const rows: string[] = [];
  const writes = writesByFolder();
  for (const folder of serverFolders()) {
    const files = filesUnder(path.join(SERVER, folder));
    const served = endpointsNamed(
      files.filter((f) => f.endsWith('.routes.ts')),
      endpoints,
    );
    const contract = new Set([...served].map((e) => endpoints.get(e)!));
    const features = featureCalls.filter(([, calls]) => [...calls].some((e) => served.has(e)));
    const adrs = decisions.filter((d) => read(path.join(DECISIONS, d)).includes(folder));
    rows.push(
      `| \`${folder}\` | ${list(writes.get(folder)!)} | ${list(contract)} | ${list(
        features.map(([f]) => f),
      )} | ${list(adrs.map((d) => `[${d.slice(0, 3)}](decisions/${d})`))} |`,
    );
  }
  return [
    START,
    '',
    '| server folder | tables it writes | contract folders its routes serve | web features calling them | ADRs naming it |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n');
}

export function decisionsIndex(): string {
  const rows = readdirSync(DECISIONS)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = read(path.join(DECISIONS, file));
      const title = (/^# (.*)$/m.exec(text)?.[1] ?? file)
        .replace(/^\d{3}\s*(—|-|:)?\s*/, '')
        .replace(/\|/g, '\\|');
      const status = /Status:\s*([a-z]+)/i.exec(text)?.[1] ?? '—';
      const date = /Date:\s*(\d{4}-\d{2}-\d{2})/.exec(text)?.[1] ?? '—';
      return `| [${file.slice(0, 3)}](${file}) | ${title} | ${date} | ${status} |`;
    });
  return [
    '# Decisions',
    '',
    'One file per decision, numbered in the order they were taken. `npm run docs:map` writes this index',
    'from the files; a test fails when it is out of date. A new decision starts from',
    '[TEMPLATE.md](TEMPLATE.md).',
    '',
    '| ADR | decision | date | status |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Markdown as the repository's Prettier writes it, so the check and `npm run format` agree. */
async function formatted(text: string, file: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** The two generated files as they should read: [docs/architecture.md, docs/decisions/README.md]. */
export async function generatedDocs(): Promise<[string, string]> {
  const current = read(ARCHITECTURE);
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${START} … ${END} part.`);
  const architecture = current.slice(0, start) + moduleMap() + current.slice(end + END.length);
  return [await formatted(architecture, ARCHITECTURE), await formatted(decisionsIndex(), DECISIONS_INDEX)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [architecture, index] = await generatedDocs();
  writeFileSync(ARCHITECTURE, architecture);
  writeFileSync(DECISIONS_INDEX, index);
  console.log('docs/architecture.md (module map) and docs/decisions/README.md written.');
}
