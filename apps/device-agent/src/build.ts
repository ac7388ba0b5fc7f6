import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * Bundles the agent into one file, `dist/agent.mjs`, that runs on a bare Node 20 (Termux, a Mac) with no
 * `npm install`: socket.io-client and zod are inside. The server zips it with a config and READMEs.
 */
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AGENT_BUNDLE_PATH = path.join(packageDir, 'dist', 'agent.mjs');
const INPUTS_PATH = path.join(packageDir, 'dist', 'agent.inputs.json');

// Bundled CommonJS (ws, debug) calls `require`, which an ES module does not have.
const BANNER = [
  '#!/usr/bin/env node',
  "import { createRequire as __agentCreateRequire } from 'node:module';",
  'const require = __agentCreateRequire(import.meta.url);',
].join('\n');

async function isUpToDate(): Promise<boolean> {
  try {
    const bundle = await fs.stat(AGENT_BUNDLE_PATH);
    const inputs = JSON.parse(await fs.readFile(INPUTS_PATH, 'utf8')) as string[];
    const stats = await Promise.all([fileURLToPath(import.meta.url), ...inputs].map((p) => fs.stat(p)));
    return stats.every((s) => s.mtimeMs <= bundle.mtimeMs);
  } catch {
    return false; // no bundle yet, or an input moved: build
  }
}

async function build(): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: packageDir,
    entryPoints: ['src/main.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    banner: { js: BANNER },
    // ws's optional native speed-ups: it falls back to JavaScript when they are missing.
    external: ['bufferutil', 'utf-8-validate'],
    write: false,
    metafile: true,
    outfile: AGENT_BUNDLE_PATH,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output');
  await fs.mkdir(path.dirname(AGENT_BUNDLE_PATH), { recursive: true });
  // Write beside and rename, so a server zipping the bundle never reads half a file.
  const tmp = `${AGENT_BUNDLE_PATH}.${process.pid}.tmp`;
  await fs.writeFile(tmp, output.contents, { mode: 0o755 });
  await fs.rename(tmp, AGENT_BUNDLE_PATH);
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(packageDir, p));
  await fs.writeFile(INPUTS_PATH, JSON.stringify(inputs));
  return AGENT_BUNDLE_PATH;
}

let building: Promise<string> | undefined;

/** Builds `dist/agent.mjs` unless it is newer than every file it is made of; returns its path. */
export function buildAgentBundle(): Promise<string> {
  building ??= (async () => ((await isUpToDate()) ? AGENT_BUNDLE_PATH : build()))().finally(() => {
    building = undefined;
  });
  return building;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  buildAgentBundle().then(
    (file) => process.stdout.write(`${path.relative(process.cwd(), file)}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
