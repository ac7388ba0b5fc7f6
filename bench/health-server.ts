/**
 * Child process of bench/run.ts: the real app (fresh database) and a bare Fastify route, each on a
 * loopback port, plus a logged-in user's token. Prints one JSON line, then serves until killed.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/src/db/client.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';

const url = process.env.BENCH_DATABASE_URL;
const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();

// The bench reads the code from this in-process mailbox; the SMTP path is covered by the tests.
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const app = await buildApp(testConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), {
  database,
  mailer,
});
await app.listen({ host: '127.0.0.1', port: 0 });

const email = `bench-${Date.now()}@example.com`;
await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
const code = /login code: (\d{6})/.exec(outbox[0]!.subject)![1];
const { token } = (
  await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })
).json();

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok' }));
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as AddressInfo).port;
console.log(
  JSON.stringify({
    driver: database.driver,
    appUrl: `http://127.0.0.1:${port(app)}`,
    bareUrl: `http://127.0.0.1:${port(bare)}`,
    token,
  }),
);

const stop = async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
