import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type TestCa = {
  /** The CA's certificate (PEM): the only one a client of the test trusts. */
  ca: string;
  /** The server certificate then its private key, in the one file HAProxy's `crt` takes. */
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
  // As the deploy hook does with Let's Encrypt's files: the chain, then the key.
  writeFileSync(
    at('haproxy.pem'),
    readFileSync(at('server.pem'), 'utf8') + readFileSync(at('server.key'), 'utf8'),
    { mode: 0o600 },
  );
  return {
    ca: readFileSync(at('ca.pem'), 'utf8'),
    pemFile: at('haproxy.pem'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
