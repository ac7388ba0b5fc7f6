/// <reference types="node" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repo's boundaries are lint rules (eslint.config.js): each one is shown to fire on a throwaway
// file in its zone, and to let the allowed imports through. The server's cases are here too: one
// harness, and the server may not import from the web.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The lint messages for `code` as if it were the file at `file` (from the repo's root). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const SHARED = 'shared web code (lib/, components/, config/) never imports features or app/';
const FEATURE_TO_APP = 'features never import app/; app/ composes them';
const FEATURE_TO_FEATURE = 'features never import each other; compose them in app/';
const WEB_TO_SERVER = 'the web never imports the server';
const IMPORT_META_ENV = 'only src/config reads import.meta.env';
const QUERY_KEY = "a query key comes from its feature's key factory";
const PATH = 'a path comes from the paths table';
const TEAM_COUNTRY = "use lib/phone-format: it shows and reads phones in the team's home country";
const AGENT_CORE = 'the device agent imports only @prospector/core/contract/device';
const AGENT_APPS = 'the agent speaks only the device contract';

const LIB_LEAF = 'lib/ is a leaf: it imports only core, packages and other lib/ files';
const THROUGH_INDEX = 'use another module only through its index.ts';
const SCHEMA = 'only *.queries.ts files import db/schema';
const DRIZZLE = 'only *.queries.ts files build queries';
const INDEX_QUERIES = "a module's index.ts exposes service functions, never its queries";
const RAW_SQL = 'values are bound as parameters';
const SNAKE_ROW = "a row is camelCase, as Drizzle's";
const rawSql =
  "import { sql } from 'drizzle-orm';\nexport const y = (v: string) => sql`select ${sql.raw(v)}`;\n";

const importing = (from: string) => `import { x } from '${from}';\nexport const y = [x];\n`;
const importingType = (from: string) => `import type { X } from '${from}';\nexport type Y = X;\n`;

describe('the web and device agent boundaries', () => {
  it.each([
    ['lib/ cannot import a feature', 'apps/web/src/lib/x.ts', importing('../features/lists'), SHARED],
    ['lib/ cannot import app/', 'apps/web/src/lib/x.ts', importing('../app/providers'), SHARED],
    [
      'components/ cannot import a feature',
      'apps/web/src/components/x.tsx',
      importing('../features/devices/api/get-devices'),
      SHARED,
    ],
    ['config/ cannot import app/', 'apps/web/src/config/x.ts', importing('../app/providers'), SHARED],
    [
      'a feature cannot import app/',
      'apps/web/src/features/lists/components/x.tsx',
      importing('../../../app/providers'),
      FEATURE_TO_APP,
    ],
    [
      "a feature cannot import another feature's internals",
      'apps/web/src/features/lists/components/x.tsx',
      importing('../../campaigns/api/get-campaigns'),
      FEATURE_TO_FEATURE,
    ],
    [
      "a feature cannot import another feature's index either",
      'apps/web/src/features/lists/api/x.ts',
      importing('../../campaigns'),
      FEATURE_TO_FEATURE,
    ],
    [
      'a feature cannot import the server',
      'apps/web/src/features/lists/api/x.ts',
      importing('../../../../../server/src/app'),
      WEB_TO_SERVER,
    ],
    [
      'a feature cannot read import.meta.env',
      'apps/web/src/features/lists/api/x.ts',
      'export const dev = import.meta.env.DEV;\n',
      IMPORT_META_ENV,
    ],
    [
      'lib/ cannot read import.meta.env',
      'apps/web/src/lib/x.ts',
      'export const mode = import.meta.env.MODE;\n',
      IMPORT_META_ENV,
    ],
    [
      'app/ cannot spell a query key by hand',
      'apps/web/src/app/routes/x.tsx',
      "export const y = { queryKey: ['billing'] };\n",
      QUERY_KEY,
    ],
    [
      'a link cannot spell its path',
      'apps/web/src/features/lists/components/x.tsx',
      'import { Link } from \'react-router\';\nexport const y = <Link to="/settings/devices">Devices</Link>;\n',
      PATH,
    ],
    [
      'a link cannot build its path from a template',
      'apps/web/src/features/lists/components/x.tsx',
      "import { Link } from 'react-router';\nexport const y = (id: string) => <Link to={`/lists/${id}`}>List</Link>;\n",
      PATH,
    ],
    [
      'an anchor cannot spell its href',
      'apps/web/src/features/api-keys/components/x.tsx',
      'export const y = <a href="/api/v1/docs">Docs</a>;\n',
      PATH,
    ],
    [
      'a navigation cannot spell its path',
      'apps/web/src/features/lists/hooks/x.ts',
      "export const y = (navigate: (to: string) => void) => navigate('/campaign-builder');\n",
      PATH,
    ],
    [
      'a redirect cannot spell its pathname',
      'apps/web/src/app/routes/x.tsx',
      "import { Navigate } from 'react-router';\nexport const y = <Navigate to={{ pathname: '/', search: '' }} />;\n",
      PATH,
    ],
    [
      'a route cannot spell its path, not even a relative one',
      'apps/web/src/app/routes/x.tsx',
      'import { Route } from \'react-router\';\nexport const y = <Route path="lists/:id" />;\n',
      PATH,
    ],
    [
      "a screen cannot show a phone with core's formatter, blind to the team's country",
      'apps/web/src/features/board/components/x.tsx',
      "import { formatPhone } from '@prospector/core';\nexport const y = formatPhone('+442079460958');\n",
      TEAM_COUNTRY,
    ],
    [
      'the device agent cannot import all of core',
      'apps/device-agent/src/x.ts',
      importing('@prospector/core'),
      AGENT_CORE,
    ],
    [
      "the device agent cannot import core's rules",
      'apps/device-agent/src/drivers/x.ts',
      importing('@prospector/core/rules/sms'),
      AGENT_CORE,
    ],
    [
      "a component's Cancel cannot call window.close by its bare name",
      'apps/web/src/features/lists/components/x.tsx',
      'export const y = <button onClick={close}>Cancel</button>;\n',
      'this is window.close',
    ],
    [
      'the device agent cannot reach core by a relative path',
      'apps/device-agent/src/x.ts',
      importing('../../../packages/core/src/contract/index'),
      AGENT_CORE,
    ],
    [
      'the device agent cannot import the server',
      'apps/device-agent/src/x.ts',
      importing('../../server/src/app'),
      AGENT_APPS,
    ],
  ])('%s', async (_sentence, file, code, message) => {
    expect(await lint(file, code)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    [
      'a feature imports its own files, lib/ and components/',
      'apps/web/src/features/lists/components/x.tsx',
      "import { useLists } from '../api/get-lists';\nimport { call } from '../../../lib/api-client';\nimport { PageTitle } from '../../../components/page-title';\nexport const y = [useLists, call, PageTitle];\n",
    ],
    [
      'app/ composes features',
      'apps/web/src/app/routes/x.tsx',
      "import { ListsPage } from '../../features/lists';\nimport { CampaignsPage } from '../../features/campaigns';\nexport const y = [ListsPage, CampaignsPage];\n",
    ],
    [
      'config/ reads import.meta.env',
      'apps/web/src/config/x.ts',
      'export const dev = import.meta.env.DEV;\n',
    ],
    [
      "a feature's key factory spells its keys",
      'apps/web/src/features/billing/api/billing-keys.ts',
      "export const keys = { all: ['billing'] as const };\nexport const y = { queryKey: ['billing', 'summary'] };\n",
    ],
    [
      'links, navigations and routes name their paths from the table',
      'apps/web/src/app/routes/x.tsx',
      'import { Link, Route } from \'react-router\';\nimport { paths } from \'@prospector/core\';\nexport const y = (navigate: (to: string) => void, id: string) => [navigate(paths.lists), <Link key="a" to={paths.list.href({ id })}>List</Link>, <Route key="b" path={paths.list.pattern} />, <Route key="c" path="*" />];\n',
    ],
    [
      'a test visits a path as a user types it',
      'apps/web/src/features/lists/components/x.test.tsx',
      'import { Link } from \'react-router\';\nexport const y = <Link to="/lists">Lists</Link>;\n',
    ],
    [
      "a screen shows phones through lib/phone-format, in the team's country",
      'apps/web/src/features/board/components/x.tsx',
      "import { formatPhone } from '../../../lib/phone-format';\nexport const y = formatPhone('+442079460958');\n",
    ],
    [
      "a component's own close shadows the window's",
      'apps/web/src/features/lists/components/x.tsx',
      'export const y = (close: () => void) => <button onClick={close}>Cancel</button>;\n',
    ],
    [
      'the device agent imports the device contract',
      'apps/device-agent/src/x.ts',
      importing('@prospector/core/contract/device'),
    ],
  ])('%s', async (_sentence, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

describe("the server's boundaries", () => {
  it.each([
    [
      'lib/ cannot import a module, not even a type (the 46-file cycle began so)',
      'apps/server/src/lib/x.ts',
      importingType('../modules/auth/index.js'),
      LIB_LEAF,
    ],
    [
      'lib/ cannot import a plugin',
      'apps/server/src/lib/x.ts',
      importingType('../plugins/realtime.js'),
      LIB_LEAF,
    ],
    ['lib/ cannot import the database', 'apps/server/src/lib/x.ts', importing('../db/client.js'), LIB_LEAF],
    [
      "a module cannot import another module's service",
      'apps/server/src/modules/hooks/x.service.ts',
      importing('../records/records.service.js'),
      THROUGH_INDEX,
    ],
    [
      "a module's queries cannot import another module's queries",
      'apps/server/src/modules/data-fields/x.queries.ts',
      importing('../records/records.queries.js'),
      THROUGH_INDEX,
    ],
    [
      "an engine cannot import another module's queries",
      'apps/server/src/modules/hooks/engine/x.ts',
      importing('../../teams/teams.queries.js'),
      THROUGH_INDEX,
    ],
    [
      "a module's engine cannot import another module's service",
      'apps/server/src/modules/lists/engine/x.ts',
      importing('../../records/records.service.js'),
      THROUGH_INDEX,
    ],
    [
      'a module cannot import the web',
      'apps/server/src/modules/hooks/x.service.ts',
      importing('../../../../web/src/lib/api-client'),
      'the server never imports the web',
    ],
    [
      'a service cannot import the schema',
      'apps/server/src/modules/hooks/x.service.ts',
      importing('../../db/schema/index.js'),
      SCHEMA,
    ],
    [
      "an engine cannot import the schema's types either",
      'apps/server/src/modules/lists/engine/x.ts',
      importingType('../../../db/schema/index.js'),
      SCHEMA,
    ],
    [
      'a service cannot build a query',
      'apps/server/src/modules/hooks/x.service.ts',
      importing('drizzle-orm'),
      DRIZZLE,
    ],
    [
      'an engine cannot build a query',
      'apps/server/src/modules/lists/engine/x.ts',
      importing('drizzle-orm'),
      DRIZZLE,
    ],
    [
      "a module's index.ts cannot re-export its queries",
      'apps/server/src/modules/teams/index.ts',
      "export * as teamRows from './teams.queries.js';\n",
      INDEX_QUERIES,
    ],
    [
      "a module's queries cannot write raw SQL",
      'apps/server/src/modules/chats/x.queries.ts',
      rawSql,
      RAW_SQL,
    ],
    ['a script cannot write raw SQL', 'apps/server/src/scripts/x.ts', rawSql, RAW_SQL],
    [
      "a raw query's row type cannot have a snake_case key",
      'apps/server/src/modules/chats/x.queries.ts',
      'export type Row = { id: string; team_id: string };\n',
      SNAKE_ROW,
    ],
    [
      'a batch given to SQL cannot have a snake_case key',
      'apps/server/src/modules/lists/x.queries.ts',
      'export const rows = (id: string) => [{ id, item_id: id }];\n',
      SNAKE_ROW,
    ],
    [
      "a module's code cannot read a snake_case column off a row",
      'apps/server/src/modules/lists/x.service.ts',
      'export const itemOf = (r: { [k: string]: string }) => r.item_id;\n',
      SNAKE_ROW,
    ],
  ])('%s', async (_sentence, file, code, message) => {
    expect(await lint(file, code)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    [
      'lib/ imports core and other lib/ files',
      'apps/server/src/lib/x.ts',
      "import { messages } from '@prospector/core';\nimport { ok } from './result.js';\nexport const y = [messages, ok];\n",
    ],
    [
      'a module uses another through its index.ts',
      'apps/server/src/modules/hooks/x.service.ts',
      importing('../records/index.js'),
    ],
    [
      "a module's engine uses another module through its index.ts",
      'apps/server/src/modules/lists/engine/x.ts',
      importing('../../records/index.js'),
    ],
    [
      'an engine uses another module through its index.ts',
      'apps/server/src/modules/hooks/engine/x.ts',
      importing('../../teams/index.js'),
    ],
    [
      "a module's queries import the schema and build queries",
      'apps/server/src/modules/teams/x.queries.ts',
      "import { eq } from 'drizzle-orm';\nimport { teams } from '../../db/schema/index.js';\nexport const y = [eq, teams];\n",
    ],
    [
      "an engine's queries import the schema and build queries",
      'apps/server/src/modules/lists/engine/x.queries.ts',
      "import { sql } from 'drizzle-orm';\nimport { lists } from '../../../db/schema/index.js';\nexport const y = [sql, lists];\n",
    ],
    [
      "the error handler recognises Drizzle's error and uses its types",
      'apps/server/src/plugins/x.ts',
      "import { DrizzleQueryError, type SQL } from 'drizzle-orm';\nexport const y = [DrizzleQueryError];\nexport type Z = SQL;\n",
    ],
    [
      'a test reads and writes rows through the schema',
      'apps/server/src/modules/hooks/x.test.ts',
      "import { eq } from 'drizzle-orm';\nimport { teams } from '../../db/schema/index.js';\nexport const y = [eq, teams];\n",
    ],
    [
      "a module's index.ts exposes its service functions",
      'apps/server/src/modules/teams/index.ts',
      "export { createTeamsService } from './teams.service.js';\n",
    ],
    ['db/ writes the raw SQL of prepared statements', 'apps/server/src/db/x.ts', rawSql],
    [
      "a provider speaks its API's own snake_case",
      'apps/server/src/providers/payments/x.ts',
      'export const body = (id: string) => ({ customer_id: id });\n',
    ],
    [
      'a test reads a snake_case column it selected by hand',
      'apps/server/src/modules/lists/x.test.ts',
      'export const itemOf = (r: { [k: string]: string }) => r.item_id;\n',
    ],
  ])('%s', async (_sentence, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

/** A function of `lines` lines of code, its braces included (blank lines and comments do not count). */
const functionOf = (lines: number) =>
  `export function f(): number {\n  let n = 0;\n${'  // a comment\n\n  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
/** A file of `lines` lines of code. */
const fileOf = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

describe("the house's sizes (STYLE.md)", () => {
  it.each([
    [
      'a function over 40 lines in the server',
      'apps/server/src/modules/teams/x.ts',
      functionOf(41),
      'max-lines-per-function',
    ],
    [
      'a function over 40 lines in core',
      'packages/core/src/rules/x.ts',
      functionOf(41),
      'max-lines-per-function',
    ],
    [
      'a file over 300 lines in the server',
      'apps/server/src/modules/teams/x.service.ts',
      fileOf(301),
      'max-lines',
    ],
    [
      'a component file over 250 lines',
      'apps/web/src/features/lists/components/x.tsx',
      fileOf(251),
      'max-lines',
    ],
  ])('%s is refused', async (_sentence, file, code, rule) => {
    expect((await lint(file, code)).some((m) => m.startsWith(`${rule}:`))).toBe(true);
  });

  it.each([
    ['a function of 40 lines', 'apps/server/src/modules/teams/x.ts', functionOf(40)],
    ['a file of 300 lines', 'apps/server/src/modules/teams/x.service.ts', fileOf(300)],
    ['a long test', 'apps/server/src/modules/teams/x.test.ts', functionOf(80) + fileOf(400)],
    ['a long fixture', 'apps/server/src/test/x.ts', functionOf(80) + fileOf(400)],
  ])('%s passes', async (_sentence, file, code) => {
    expect((await lint(file, code)).filter((m) => m.startsWith('max-lines'))).toEqual([]);
  });
});
