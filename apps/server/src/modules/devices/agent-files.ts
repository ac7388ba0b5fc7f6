import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildAgentBundle } from '@prospector/device-agent/build';
import { REPO_ROOT } from '../../config.js';
import type { AgentFiles } from './devices.service.js';

const AGENT_DIR = path.join(REPO_ROOT, 'apps/device-agent');

function readme(name: string): string {
  const file = path.join(AGENT_DIR, 'templates', name);
  return existsSync(file) ? readFileSync(file, 'utf8') : `See ${path.join(AGENT_DIR, 'README.md')}.\n`;
}

/**
 * The real agent: bundled once into one file by the agent's own build (esbuild), started on the
 * first download. Until the bundle exists, downloads answer 'not ready yet' instead of waiting.
 */
export function defaultAgentFiles(): AgentFiles {
  let building: Promise<string | null> | null = null;
  let ready: string | null = null;
  return {
    async bundle() {
      if (ready) return ready;
      building ??= buildAgentBundle()
        .then((file) => (ready = file))
        .catch(() => {
          building = null;
          return null;
        });
      return Promise.race([building, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
    },
    readmes: { android: readme('README-android.md'), macos: readme('README-macos.md') },
  };
}
