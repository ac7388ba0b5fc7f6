import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The script of a worker thread that runs a TypeScript file. A worker thread does not inherit the tsx
 * loader the server runs with; tsx's CommonJS hook, registered in the thread itself, costs about 70 ms
 * and 13 MB per worker, where its ESM hook would start a loader thread of its own (about 200 ms and
 * 35 MB). Start it with `new Worker(script, { eval: true, execArgv: [] })`.
 */
export function tsWorkerScript(file: URL): string {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('tsx/package.json');
  const pkg = require(pkgFile) as { exports: Record<string, { require: { default: string } }> };
  const tsx = path.join(path.dirname(pkgFile), pkg.exports['./cjs/api']!.require.default);
  return `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(file))});`;
}
