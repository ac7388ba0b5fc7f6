/**
 * Child process of bench/run.ts: the power dialler with 50 agents × 2 simulated lines. Each agent has a
 * real Socket.IO connection (as a browser would) and a queue of BENCH_DIALLER_ITEMS contacts; everyone
 * answers after a short ring and talks briefly. Measures:
 * - queue pop → call placed (the entry taken, the compliance checks, the provider accepting the call);
 * - call answered → the agent's socket hearing `callUpdate` with the call 'In call';
 * - server CPU (user + system) per call placed.
 * Prints one JSON line.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';
import { createSimulatedVoice } from '../apps/server/src/providers/voice/index.js';

const AGENTS = Number(process.env.BENCH_DIALLER_AGENTS ?? 50);
const ITEMS = Number(process.env.BENCH_DIALLER_ITEMS ?? 10);
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`dialler: ${text}\n`);
const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10 : 0;
};

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const utcHour = new Date().getUTCHours();
const midday = (o = 12 - utcHour) => (o >= 0 ? `Etc/GMT-${o}` : `Etc/GMT+${-o}`);

const voice = createSimulatedVoice({ playMs: 50 });
voice.setScript(() => ({ result: 'human', ringMs: 150 + Math.floor(Math.random() * 150), talkMs: 200 }));
// When each line was answered, to time the agent's socket hearing of it.
const answeredWall = new Map<string, number>();
const innerSetHandler = voice.setHandler.bind(voice);
voice.setHandler = (h) =>
  innerSetHandler((e) => {
    if (e.kind === 'answered') {
      answeredWall.set(e.sid, Date.now());
    }
    return h(e);
  });
const placedMs: number[] = [];

const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'prospector-dialler-')),
    LOGIN_IP_MAX_5MIN: 100_000,
    LOGIN_IP_MAX_DAY: 100_000,
  }),
  {
    database,
    mailer,
    voice,
    logStream: new Writable({ write: (_c, _e, cb) => cb() }),
    phoneZones: async () => [midday()],
    onCallPlaced: (ms) => placedMs.push(ms),
  },
);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function login(email: string) {
  const n = outbox.length;
  await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
  const code = /(\d{6})/.exec(outbox[n]!.subject + outbox[n]!.text)![1];
  return (await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })).json() as {
    token: string;
    user: { _id: string; team: { _id: string } };
  };
}

const admin = await login(`dialler-bench-${Date.now()}@example.com`);
const teamId = admin.user.team._id;
const H = { authorization: `Bearer ${admin.token}` };
await database.db
  .update(schema.teams)
  .set({ plan: 'PRO', timezone: midday() })
  .where(eq(schema.teams.id, teamId));
await app.inject({ method: 'POST', url: '/api/calls/buyNumber', headers: H, payload: { areaCode: '212' } });
// A campaign bucket with a clean record: two lines from the first call (rules/dialler allowedLines).
const old = new Date(Date.now() - 86_400_000);
await database.db.insert(schema.calls).values(
  Array.from({ length: 100 }, () => ({
    teamId,
    direction: 'out' as const,
    fromNumber: '+12125550100',
    toNumber: '+12125550199',
    status: 'Done' as const,
    answered: true,
    startedAt: old,
  })),
);
const [status] = await database.db.select().from(schema.statuses).where(eq(schema.statuses.teamId, teamId));
progress(`${AGENTS} agents, ${AGENTS * ITEMS} contacts`);
const at = new Date();
const itemRows = await database.db
  .insert(schema.items)
  .values(
    Array.from({ length: AGENTS * ITEMS }, (_, i) => ({
      teamId,
      type: 'contact' as const,
      data: { 'First name': `C${i}` },
      statusId: status!.id,
      lastActivityAt: at,
      createdAt: at,
      updatedAt: at,
    })),
  )
  .returning({ id: schema.items.id });
await database.db.insert(schema.identifiers).values(
  itemRows.map((r, i) => ({
    teamId,
    itemId: r.id,
    value: `+1212${String(2000000 + i).padStart(7, '0')}`,
    primary: true,
    createdAt: at,
  })),
);

const agents: { token: string; userId: string }[] = [];
for (let a = 0; a < AGENTS; a++) {
  const email = `agent${a}-${Date.now()}@example.com`;
  await app.inject({
    method: 'PATCH',
    url: '/api/teams/addMember',
    headers: H,
    payload: { name: `Agent ${a}`, email, phone: '', permissions: ['calls'], dataAccess: 'All data' },
  });
  const s = await login(email);
  agents.push({ token: s.token, userId: s.user._id });
  await app.services.calls.enqueue(
    teamId,
    s.user._id,
    itemRows.slice(a * ITEMS, (a + 1) * ITEMS).map((r) => r.id),
    null,
  );
}

const connectedMs: number[] = [];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), 'dialler-agents.ts')],
  {
    env: {
      ...process.env,
      BENCH_DIALLER_URL: base,
      BENCH_DIALLER_TOKENS: agents.map((a) => a.token).join(','),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
createInterface({ input: child.stdout! }).on('line', (line) => {
  if (!line.startsWith('{')) return;
  const { sid, at } = JSON.parse(line) as { sid: string; at: number };
  const a = answeredWall.get(sid);
  if (a !== undefined) connectedMs.push(at - a);
});
const total = AGENTS * ITEMS;
// Done when every entry has an outcome (a line answered second is cancelled, and dialled no more).
const open = async () =>
  (await database.db.execute(
    sql`select count(*)::int as n from call_queue where call_status is null or call_status in ('Ringing', 'In call', 'Machine')`,
  )) as unknown as { rows: { n: number }[] };
while (voice.placed.length < total || (await open()).rows[0]!.n > 0) {
  if (performance.now() - t0 > 180_000) break;
  await new Promise((r) => setTimeout(r, 250));
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
child.kill();
await app.close();
await database.close();
console.log(
  JSON.stringify({
    driver: url ? 'postgres' : 'pglite',
    agents: AGENTS,
    calls: voice.placed.length,
    connected: connectedMs.length,
    seconds: Math.round(seconds * 10) / 10,
    popToPlacedP50: p(placedMs, 0.5),
    popToPlacedP95: p(placedMs, 0.95),
    answeredToBrowserP50: p(connectedMs, 0.5),
    answeredToBrowserP95: p(connectedMs, 0.95),
    cpuMsPerCall: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, voice.placed.length)) * 10) / 10,
  }),
);
process.exit(0);
