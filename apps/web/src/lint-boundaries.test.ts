/// <reference types="node" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web's and the device agent's boundaries are lint rules (eslint.config.js): each one is shown
// to fire on a throwaway file in its zone, and to let the allowed imports through.

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
const AGENT_CORE = 'the device agent imports only @prospector/core/contract/device';
const AGENT_APPS = 'the agent speaks only the device contract';

const importing = (from: string) => `import { x } from '${from}';\nexport const y = [x];\n`;

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
      'the device agent imports the device contract',
      'apps/device-agent/src/x.ts',
      importing('@prospector/core/contract/device'),
    ],
  ])('%s', async (_sentence, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
