import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import { freePort } from './server-process.js';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export type Balancer = { url: string; output(): string; stop(): Promise<void> };

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * HAProxy with the repository's own deploy/haproxy.cfg, on a loopback port, in front of two server
 * processes on loopback ports; resolves once it listens.
 */
export async function startBalancer(servers: [number, number]): Promise<Balancer> {
  const port = await freePort();
  const child = spawn(HAPROXY, ['-db', '-f', path.join(REPO_ROOT, 'deploy/haproxy.cfg')], {
    env: {
      PATH: process.env.PATH ?? '',
      PROSPECTOR_LISTEN: `127.0.0.1:${port}`,
      PROSPECTOR_S1: `127.0.0.1:${servers[0]}`,
      PROSPECTOR_S2: `127.0.0.1:${servers[1]}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; !(await listening(port)); i++) {
    if (child.exitCode !== null || i > 100) throw new Error(`haproxy did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
