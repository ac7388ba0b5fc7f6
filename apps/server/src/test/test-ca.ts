import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '../config.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type TestCa = {
  /** The CA's certificate (PEM): the only one a client of the test trusts. */
  ca: string;
  /**
   * The server certificate then its private key, in the one file HAProxy's `crt` takes, made from
   * Let's Encrypt's two files by deploy/certbot-deploy-hook.sh.
   */
  pemFile: string;
  remove(): void;
};

/**
 * A certificate authority made for one test run with the machine's `openssl`, and a certificate it
 * signed for 127.0.0.1 and localhost, valid for two days: what Let's Encrypt's fullchain.pem +
 * privkey.pem are in production (deploy/README.md, "HTTPS").
 */
export function makeTestCa(): TestCa {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-ca-'));
  const at = (f: string) => path.join(dir, f);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Prospector test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(
    at('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  );
  // Laid out as certbot leaves a certificate (its "lineage"), then made into HAProxy's file by the
  // deploy hook a production server runs after each renewal.
  writeFileSync(at('fullchain.pem'), readFileSync(at('server.pem')));
  writeFileSync(at('privkey.pem'), readFileSync(at('server.key')), { mode: 0o600 });
  execFileSync(path.join(REPO_ROOT, 'deploy/certbot-deploy-hook.sh'), {
    env: {
      PATH: process.env.PATH ?? '',
      RENEWED_LINEAGE: dir,
      PROSPECTOR_PEM: at('haproxy/prospector.pem'),
      PROSPECTOR_RELOAD: 'true',
    },
    stdio: 'pipe',
  });
  return {
    ca: readFileSync(at('ca.pem'), 'utf8'),
    pemFile: at('haproxy/prospector.pem'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
