import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../config.js';
import { withDatabase } from './global-setup.js';

/** The PostgreSQL server tests that need one of their own use: the CI's, else this machine's. */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty PostgreSQL database, and a way to drop it. */
export async function createEmptyPostgres(prefix: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    name,
    url: withDatabase(POSTGRES_ADMIN_URL, name),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  port: number;
  pid: number;
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** Sends a signal (SIGKILL: the process dies mid-work) and answers its exit code, null when killed. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
};

/**
 * The real server, `node --import tsx apps/server/src/main.ts`, in a child process on a loopback
 * port, with the engines off unless `env` turns them on; resolves once it listens.
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
        AUTH_SECRET: 'a-test-secret-of-at-least-thirty-two-chars',
        IMPORT_WORKER: 'false',
        CAMPAIGN_ENGINE: 'false',
        SKIPTRACE_ENGINE: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A process that never became ready is not left running behind the caller.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 90_000);
    let done = false;
    const ready = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on('data', () => {
      if (out.includes('Prospector is running')) ready();
    });
    // A quieter LOG_LEVEL prints no such line: the health check answering says the same.
    const poll = async () => {
      while (!done && child.exitCode === null) {
        const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return ready();
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    void poll();
    child.once('exit', (code) => {
      clearTimeout(timer);
      done = true;
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `check` every 20 ms until it holds; resolves with the milliseconds it took, or throws after `limitMs`. */
export async function msUntil(check: () => Promise<boolean>, limitMs = 5000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`still not true after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs a root package script (`npm run --silent <args>`) and answers its exit code and output. */
export function runNpmScript(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: REPO_ROOT, env: process.env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}
