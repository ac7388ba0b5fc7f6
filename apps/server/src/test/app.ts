import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { testConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { manualClock, type ManualClock } from '../lib/clock.js';
import { createTestDatabase } from './db.js';
import { startSmtp, type TestSmtp } from './smtp.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  smtp: TestSmtp;
  /** Everything the app logged, as text. */
  logs: () => string;
  close(): Promise<void>;
};

/** The real app on a fresh database, with a real SMTP server, a movable clock and captured logs. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  opts: {
    realClock?: boolean;
    agentFiles?: AppDeps['agentFiles'];
    phoneZones?: AppDeps['phoneZones'];
    random?: AppDeps['random'];
    payouts?: AppDeps['payouts'];
    voice?: AppDeps['voice'];
    /** How long an inbound call rings the members' browsers before it is missed. */
    inboundRingMs?: number;
    database?: Database;
    skiptraceProvider?: AppDeps['skiptraceProvider'];
    propertyInfo?: AppDeps['propertyInfo'];
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const smtp = await startSmtp();
  const manual = manualClock();
  const clock: ManualClock = opts.realClock
    ? { now: () => new Date(), advance: () => {}, set: () => {} }
    : manual;
  let logText = '';
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logText += chunk.toString();
      cb();
    },
  });
  const config = testConfig({ SMTP_URL: smtp.url, LOG_LEVEL: 'info', ...overrides });
  const app = await buildApp(config, {
    database,
    clock,
    logStream,
    agentFiles: opts.agentFiles,
    ...(opts.phoneZones ? { phoneZones: opts.phoneZones } : {}),
    ...(opts.random ? { random: opts.random } : {}),
    ...(opts.payouts ? { payouts: opts.payouts } : {}),
    ...(opts.skiptraceProvider ? { skiptraceProvider: opts.skiptraceProvider } : {}),
    ...(opts.voice ? { voice: opts.voice } : {}),
    ...(opts.inboundRingMs ? { inboundRingMs: opts.inboundRingMs } : {}),
    ...(opts.propertyInfo ? { propertyInfo: opts.propertyInfo } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    smtp,
    logs: () => logText,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
      await smtp.close();
    },
  };
}

/** Logs in through the API and returns the token and user. */
export async function loginAs(t: TestApp, email: string, ip = '10.0.0.1') {
  const nth = t.smtp.mailsTo(email.toLowerCase()).length + 1;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/users/sendCode',
    payload: { email },
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`sendCode failed: ${sent.statusCode} ${sent.body}`);
  const code = await t.smtp.codeFor(email.toLowerCase(), nth);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, code },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; user: { _id: string; team: { _id: string } } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
