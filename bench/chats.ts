/**
 * Child process of bench/run.ts: team chats under load (issue 20). 50 teams of 10 members, each member
 * with a real Socket.IO connection (in a child process of its own, as browsers are: chats-clients.ts),
 * each sending a message to the team's room every 2 s. Measures:
 * - send → every other member's socket hearing it (`chatMessage`), p50/p95/p99 (target p95 ≤ 100 ms);
 * - a reconnect's catch-up: POST /api/chats/missed for 1,000 messages missed, over HTTP (target ≤ 300 ms).
 * Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';

const TEAMS = Number(process.env.BENCH_CHATS_TEAMS ?? 50);
const PER_TEAM = Number(process.env.BENCH_CHATS_PER_TEAM ?? 10);
const SECONDS = Number(process.env.BENCH_CHATS_SECONDS ?? 20);
const MISSED = 1000;
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`chats: ${text}\n`);
const here = path.dirname(fileURLToPath(import.meta.url));

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-chats-'));
const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    LOGIN_IP_MAX_5MIN: 100_000,
    LOGIN_IP_MAX_DAY: 100_000,
  }),
  { database, mailer, logStream: new Writable({ write: (_c, _e, cb) => cb() }) },
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

progress(`${TEAMS} teams × ${PER_TEAM} members`);
const stamp = Date.now();
const users: { token: string; userId: string; chatId: string }[] = [];
for (let t = 0; t < TEAMS; t++) {
  const admin = await login(`admin${t}-${stamp}@chats.bench`);
  const teamId = admin.user.team._id;
  await database.db.update(schema.teams).set({ plan: 'PRO' }).where(eq(schema.teams.id, teamId));
  const members = [admin];
  for (let m = 1; m < PER_TEAM; m++) {
    const email = `m${m}-t${t}-${stamp}@chats.bench`;
    await database.db.insert(schema.users).values({ teamId, email, name: `Member ${m}`, role: 'member' });
    members.push(await login(email));
  }
  const list = await app.inject({
    method: 'GET',
    url: '/api/chats',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const room = (list.json().chats as { _id: string; kind: string }[]).find((c) => c.kind === 'team')!._id;
  for (const m of members) users.push({ token: m.token, userId: m.user._id, chatId: room });
}

// One sender alone: what a message costs the server with nothing else running.
const solo = users[0]!;
const s0 = performance.now();
for (let i = 0; i < 200; i++)
  await app.inject({
    method: 'POST',
    url: '/api/chats/send',
    headers: { authorization: `Bearer ${solo.token}` },
    payload: { chatId: solo.chatId, body: `warm-up ${i}` },
  });
const soloSendMs = Math.round(((performance.now() - s0) / 200) * 10) / 10;
progress(`one sender alone: ${soloSendMs} ms a message`);

// Catch-up: a member away while 1,000 messages reach their room asks for them in one call.
progress(`catch-up of ${MISSED} missed messages`);
const away = users[1]!;
const sender = users[0]!;
const found = (await app.services.auth.authenticate(sender.token))!;
const before = (
  await app.inject({
    method: 'GET',
    url: `/api/chats/${away.chatId}`,
    headers: { authorization: `Bearer ${away.token}` },
  })
).json().chat.lastSeq as number;
for (let i = 0; i < MISSED; i++)
  await app.services.chats.send(found, {
    chatId: sender.chatId,
    body: `missed ${i}`,
    image: null,
    mentions: [],
  });
const catchUps: number[] = [];
let got = 0;
for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/chats/missed`, {
    method: 'POST',
    headers: { authorization: `Bearer ${away.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ since: [{ chatId: away.chatId, seq: before }] }),
  });
  const body = (await res.json()) as { messages: unknown[] };
  catchUps.push(performance.now() - t0);
  got = body.messages.length;
}
catchUps.sort((a, b) => a - b);
progress(`catch-up took ${catchUps.map((c) => Math.round(c)).join(', ')} ms`);

const file = path.join(dataDir, 'users.json');
writeFileSync(file, JSON.stringify(users));
progress(`chatting for ${SECONDS} s`);
const cpu0 = process.cpuUsage();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'chats-clients.ts')], {
  env: {
    ...process.env,
    BENCH_CHATS_URL: base,
    BENCH_CHATS_USERS: file,
    BENCH_CHATS_SECONDS: String(SECONDS),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const line = await new Promise<string>((resolve, reject) => {
  createInterface({ input: child.stdout! }).once('line', resolve);
  child.once('exit', (c) => reject(new Error(`chat clients exited with ${c}`)));
});
const cpu = process.cpuUsage(cpu0);
const live = JSON.parse(line) as Record<string, number>;
// 500 sockets closing at once run their disconnect work (presence, the dialler) before the next phase.
while (app.realtime.io.engine.clientsCount > 0) await new Promise((r) => setTimeout(r, 100));
for (let settled = 0; settled < 3;) {
  const t0 = performance.now();
  await app.inject({ method: 'GET', url: '/api/health' });
  settled = performance.now() - t0 < 20 ? settled + 1 : 0;
  await new Promise((r) => setTimeout(r, 200));
}

await app.close();
await database.close();
console.log(
  JSON.stringify({
    driver: url ? 'postgres' : 'pglite',
    users: users.length,
    teams: TEAMS,
    seconds: SECONDS,
    soloSendMs,
    sent: live.sent,
    errors: live.errors,
    delivered: live.delivered,
    expected: live.expected,
    sendToSocketP50: live.p50,
    sendToSocketP95: live.p95,
    sendToSocketP99: live.p99,
    serverCpuPct: Math.round(((cpu.user + cpu.system) / 1000 / (SECONDS * 1000)) * 100),
    catchUpMessages: got,
    catchUpMedianMs: Math.round(catchUps[Math.floor(catchUps.length / 2)]! * 10) / 10,
    catchUpMaxMs: Math.round(catchUps.at(-1)! * 10) / 10,
  }),
);
process.exit(0);
