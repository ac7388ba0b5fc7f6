import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import { freePort } from './server-process.js';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export type Balancer = {
  /** Plain HTTP: the whole site, or with a certificate only the redirect to https. */
  url: string;
  /** With a certificate: where TLS is served. */
  httpsUrl: string | null;
  output(): string;
  stop(): Promise<void>;
};

export type BalancerOptions = {
  /** A PEM file (certificate chain, then private key): HAProxy terminates TLS on a port of its own. */
  certFile?: string;
  /** Where Let's Encrypt's challenges are passed (certbot's stand-in). */
  acme?: string;
};

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
 * HAProxy with the repository's own deploy/haproxy.cfg, on loopback ports, in front of two server
 * processes on loopback ports; resolves once it listens. `httpsPort` lets the caller know the https
 * address before the balancer starts (a server's PUBLIC_URL).
 */
export async function startBalancer(
  servers: [number, number],
  options: BalancerOptions & { httpsPort?: number } = {},
): Promise<Balancer> {
  const port = await freePort();
  const httpsPort = options.certFile ? (options.httpsPort ?? (await freePort())) : null;
  const child = spawn(HAPROXY, ['-db', '-f', path.join(REPO_ROOT, 'deploy/haproxy.cfg')], {
    env: {
      PATH: process.env.PATH ?? '',
      PROSPECTOR_LISTEN: `127.0.0.1:${port}`,
      PROSPECTOR_S1: `127.0.0.1:${servers[0]}`,
      PROSPECTOR_S2: `127.0.0.1:${servers[1]}`,
      ...(options.certFile
        ? { PROSPECTOR_CERT: options.certFile, PROSPECTOR_HTTPS: `127.0.0.1:${httpsPort}` }
        : {}),
      ...(options.acme ? { PROSPECTOR_ACME: options.acme } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const up = async () => (await listening(port)) && (httpsPort === null || (await listening(httpsPort)));
  for (let i = 0; !(await up()); i++) {
    if (child.exitCode !== null || i > 100) throw new Error(`haproxy did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    httpsUrl: httpsPort === null ? null : `https://127.0.0.1:${httpsPort}`,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
