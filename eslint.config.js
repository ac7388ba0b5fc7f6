import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The architecture's boundaries (STYLE.md) are lint rules, not wishes.
//
// A block's `import-x/no-restricted-paths` replaces, for its files, the zones of any block before it
// (options of one rule do not merge), so the web's, the agent's and the server's blocks below list
// every zone their files obey, the generic ones included.

const webSrc = './apps/web/src';
const webFeatures = readdirSync(`${import.meta.dirname}/apps/web/src/features`);

/** Code flows one way in the web: shared (lib/, components/, config/) → features → app/. */
const webZones = [
  { target: './apps/web', from: './apps/server', message: 'the web never imports the server' },
  {
    target: [`${webSrc}/lib`, `${webSrc}/components`, `${webSrc}/config`],
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'shared web code (lib/, components/, config/) never imports features or app/',
  },
  {
    target: `${webSrc}/features`,
    from: `${webSrc}/app`,
    message: 'features never import app/; app/ composes them',
  },
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/!(${feature})/**`,
    from: `${webSrc}/features/${feature}`,
    message: 'features never import each other; compose them in app/',
  })),
];

const webReadsProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'the web reads config through src/config',
};
/** Window members that read as a component's own names (`close`, `open`, `name`, `status`…). */
const webConfusingGlobals = [
  'close',
  'open',
  'name',
  'status',
  'event',
  'stop',
  'find',
  'print',
  'focus',
  'blur',
  'length',
  'parent',
  'top',
  'self',
  'history',
  'location',
  'confirm',
  'scroll',
].map((name) => ({ name, message: `this is window.${name}: use a name of your own, or say window.${name}` }));

const webSpellsQueryKey = {
  selector: "Property[key.name='queryKey'] > ArrayExpression",
  message: "a query key comes from its feature's key factory (api/*-keys.ts), never spelled by hand",
};
/** Phones are shown and read in the team's home country: the web's lib/phone-format knows it, core's defaults do not. */
const webPhonesInTeamCountry = {
  name: '@prospector/core',
  importNames: ['formatPhone', 'normalizePhone'],
  message: "use lib/phone-format: it shows and reads phones in the team's home country",
};
/**
 * A screen's path comes from core's paths table (ADR 058), never spelled by hand: in a link's or a
 * redirect's `to`/`href`, a route's `path` ('*' aside), a `navigate(...)`, or a `to`/`pathname` key.
 */
const WEB_PATH_MESSAGE =
  'a path comes from the paths table (paths in @prospector/core), never spelled by hand';
const startsWithSlash = '/^\\//';
const webSpellsPath = [
  `JSXAttribute[name.name=/^(to|href|path)$/] > Literal[value=${startsWithSlash}]`,
  `JSXAttribute[name.name=/^(to|href|path)$/] > JSXExpressionContainer > Literal[value=${startsWithSlash}]`,
  `JSXAttribute[name.name=/^(to|href|path)$/] > JSXExpressionContainer > TemplateLiteral[quasis.0.value.raw=${startsWithSlash}]`,
  // A relative one too ('team', 'lists/:id'): the router's nesting would be spelled twice.
  `JSXAttribute[name.name=/^(to|path)$/] > Literal:not([value='*']):not([value=${startsWithSlash}])`,
  `CallExpression[callee.name='navigate'] > Literal[value=${startsWithSlash}]`,
  `CallExpression[callee.name='navigate'] > TemplateLiteral[quasis.0.value.raw=${startsWithSlash}]`,
  `Property[key.name=/^(to|pathname)$/] > Literal[value=${startsWithSlash}]`,
  `Property[key.name=/^(to|pathname)$/] > TemplateLiteral[quasis.0.value.raw=${startsWithSlash}]`,
].map((selector) => ({ selector, message: WEB_PATH_MESSAGE }));
const webReadsImportMetaEnv = {
  selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
  message: 'only src/config reads import.meta.env',
};

/** The agent runs on a team's phone or Mac: it shares with the rest of the repo only the wire format. */
const agentZones = [
  {
    target: './apps/device-agent',
    from: ['./apps/server', './apps/web'],
    message: 'the agent speaks only the device contract',
  },
  {
    target: './apps/device-agent',
    from: './packages/core',
    except: ['./src/contract/device.ts'],
    message: 'the device agent imports only @prospector/core/contract/device',
  },
];

/**
 * The server's layers (STYLE.md): lib/ is a leaf; another module, and an engine, use a module only
 * through its index.ts. Its zones are absolute paths, so they hold wherever ESLint runs from.
 */
const serverSrc = `${import.meta.dirname}/apps/server/src`;
const serverModules = readdirSync(`${serverSrc}/modules`);
const serverBaseZones = [
  {
    target: `${import.meta.dirname}/apps/server`,
    from: `${import.meta.dirname}/apps/web`,
    message: 'the server never imports the web',
  },
  {
    target: `${serverSrc}/lib`,
    from: serverSrc,
    except: ['./lib'],
    message: 'lib/ is a leaf: it imports only core, packages and other lib/ files',
  },
];
const moduleZone = (module) => ({
  target: `${serverSrc}/modules/!(${module})/**`,
  from: `${serverSrc}/modules/${module}`,
  except: ['./index.ts'],
  message: 'use another module only through its index.ts',
});
const serverZones = (modules = serverModules) => [...serverBaseZones, ...modules.map(moduleZone)];

/** Only a `*.queries.ts` file (a module's or an engine's) touches the database's tables. */
const schemaZone = {
  target: serverSrc,
  from: `${serverSrc}/db/schema`,
  message: 'only *.queries.ts files import db/schema: call a service, or a query of your own',
};
const drizzleOnlyInQueries = [
  'error',
  {
    paths: [
      {
        name: 'drizzle-orm',
        allowTypeImports: true,
        // The error handler recognises a failed query to log it without its values.
        allowImportNames: ['DrizzleQueryError'],
        message: 'only *.queries.ts files build queries: call a service, or a query of your own',
      },
    ],
  },
];

const serverReadsProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'only config.ts reads process.env',
};
const serverWritesRawSql = {
  selector: "MemberExpression[object.name='sql'][property.name='raw']",
  message:
    'values are bound as parameters (db/arrays.ts for lists, sql.identifier for names): sql.raw only in db/',
};

// A raw query's row has the same camelCase shape as Drizzle's (issue 34): columns are aliased in SQL
// (`item_id as "itemId"`) and batches given as JSON keep camelCase keys (db/json-rows.ts). A module's
// code names no snake_case key, in a type, an object or a property read; outside data's spellings
// (a provider's API, a file's columns) live in providers/ or are read by their quoted name.
const SNAKE = '/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/';
const SNAKE_KEY_MESSAGE = 'a row is camelCase, as Drizzle\'s: alias the column in SQL (item_id as "itemId")';
const serverSnakeKeys = [
  { selector: `TSPropertySignature > Identifier.key[name=${SNAKE}]`, message: SNAKE_KEY_MESSAGE },
  { selector: `Property > Identifier.key[name=${SNAKE}]`, message: SNAKE_KEY_MESSAGE },
  { selector: `MemberExpression > Identifier.property[name=${SNAKE}]`, message: SNAKE_KEY_MESSAGE },
];

/** Tests, fixtures and what only tests use: the house's sizes are for the product's code. */
const sizeExempt = [
  '**/*.test.{ts,tsx}',
  '**/*.test-support.ts',
  '**/test/**',
  '**/fixtures/**',
  'apps/server/src/db/migrations/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/core', from: './apps', message: 'core imports no app' },
            { target: './apps/web', from: './apps/server', message: 'the web never imports the server' },
            { target: './apps/server', from: './apps/web', message: 'the server never imports the web' },
            {
              target: './apps/device-agent',
              from: ['./apps/server', './apps/web'],
              message: 'the agent speaks only the device contract',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'http'], message: 'core does no I/O' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', serverReadsProcessEnv, serverWritesRawSql] },
  },
  {
    // db/ is the client (prepared statements by name) and the shared fragments; a test may write a
    // literal on purpose (the error handler's leak test).
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/**/*.test.ts'],
    ignores: ['apps/server/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', serverReadsProcessEnv] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.test-support.ts'],
    rules: {
      'no-restricted-syntax': ['error', serverReadsProcessEnv, serverWritesRawSql, ...serverSnakeKeys],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones() }] },
  },
  {
    // Tests (files, factories and the checks that read what a route wrote) and scripts (the demo team
    // and the bench's generator, which write rows in bulk outside any request) stand outside the
    // layers and use the schema directly; db/ is the schema and the client themselves.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.queries.ts',
      '**/*.test.ts',
      '**/*.test-support.ts',
      'apps/server/src/test/**',
      'apps/server/src/scripts/**',
      'apps/server/src/db/**',
    ],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones(), schemaZone] }],
      '@typescript-eslint/no-restricted-imports': drizzleOnlyInQueries,
    },
  },
  {
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*.queries.js', './**/*.queries.js'],
              message: "a module's index.ts exposes service functions, never its queries",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema/*', '**/*.queries.js'],
              message: 'routes call services, never the database',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        webReadsProcessEnv,
        webReadsImportMetaEnv,
        webSpellsQueryKey,
        ...webSpellsPath,
      ],
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'no-restricted-imports': ['error', webPhonesInTeamCountry],
      // Browser globals a component's own names shadow: an unshadowed `close` is window.close, which a
      // modal's Cancel once called (it did nothing). Say `window.` when the global is meant.
      'no-restricted-globals': ['error', ...webConfusingGlobals],
    },
  },
  {
    // The wrapper itself, and the test fake that walks every contract endpoint of core.
    files: ['apps/web/src/lib/phone-format.ts', 'apps/web/src/test/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*-keys.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', webReadsProcessEnv, webReadsImportMetaEnv] },
  },
  {
    files: ['apps/web/src/config/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', webReadsProcessEnv] },
  },
  {
    files: ['apps/device-agent/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: agentZones }] },
  },
  {
    // The house's sizes (STYLE.md): a file of code at most 300 lines, a component's file 250, a function
    // about 40 (a component, which is one function, up to its file's 250). Blank lines and comments do
    // not count; tests, fixtures and their support are excepted. What was over on 2026-11-28 is listed in
    // eslint-suppressions.json (ESLint's bulk suppressions): it may shrink, never grow, and
    // `npx eslint . --prune-suppressions` drops what was split.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/core/src/**/*.ts'],
    ignores: sizeExempt,
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 40, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: sizeExempt,
    rules: {
      'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
);
