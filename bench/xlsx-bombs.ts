/**
 * Child process of bench/run.ts: eight workbook bombs uploaded at once through the real HTTP route
 * of a server in a process of its own (bench/health-server.ts, loopback), and how much they raise
 * that server's RSS, read from /proc every 10 ms (Linux). Target: under 300 MB. Scenarios:
 * shared-string bombs (256 MB of text each), million-row sheets beside them, and single 200 MB cells
 * that pass every cap and end on the reader's heap limit. Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  giantCellSheet,
  manyRowsSheet,
  sharedStringsBomb,
} from '../apps/server/src/modules/lists/engine/xlsx-bombs.test-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PARALLEL = 8;

const strings = await sharedStringsBomb(256);
const rows = await manyRowsSheet(1_000_000);
const giant = await giantCellSheet(200);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'health-server.ts')], {
  env: { ...process.env, BENCH_DATABASE_URL: '', BENCH_RECORDS: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const info = JSON.parse(
  await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (c) => reject(new Error(`bench server exited with ${c}`)));
  }),
) as { driver: string; appUrl: string; token: string };

/** The server's resident set, in bytes. */
function serverRss(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function upload(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${info.appUrl}/api/lists/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${info.token}` },
    body: form,
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message ?? '' };
}

async function scenario(name: string, files: { name: string; bytes: Buffer }[]) {
  const baseline = serverRss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverRss());
  }, 10);
  const started = performance.now();
  const answers = await Promise.all(files.map((f) => upload(f.name, f.bytes)));
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  return {
    scenario: name,
    uploads: files.length,
    zipped_kb: Math.round(files.reduce((n, f) => n + f.bytes.length, 0) / 1024),
    refused: answers.filter((a) => a.status === 400).length,
    baseline_rss_mb: Math.round(baseline / 1e6),
    peak_rss_mb: Math.round(peak / 1e6),
    rss_rise_mb: Math.round((peak - baseline) / 1e6),
    ms,
    messages: [...new Set(answers.map((a) => a.message))],
  };
}

const results = [];
try {
  results.push(
    await scenario(
      'shared-string bombs',
      Array.from({ length: PARALLEL }, (_, i) => ({ name: `strings-${i}.xlsx`, bytes: strings })),
    ),
    await scenario(
      'million-row sheets and shared-string bombs',
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 ? { name: `rows-${i}.xlsx`, bytes: rows } : { name: `strings-${i}.xlsx`, bytes: strings },
      ),
    ),
    await scenario(
      '200 MB single cells (heap limit)',
      Array.from({ length: PARALLEL }, (_, i) => ({ name: `giant-${i}.xlsx`, bytes: giant })),
    ),
  );
} finally {
  server.kill('SIGTERM');
}
console.log(JSON.stringify({ driver: info.driver, target_rise_mb: 300, results }));
