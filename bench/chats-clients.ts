/**
 * The browsers of bench/chats.ts, in a process of their own (as browsers are): one Socket.IO
 * connection per user of BENCH_CHATS_USERS (a JSON file of { token, userId, chatId }), each user
 * sending a message to its team's room every 2 s (first one at a random offset) for
 * BENCH_CHATS_SECONDS. Each message carries its send time; every other member's socket that hears it
 * records send → heard. Prints one JSON line with the figures.
 */
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';

type User = { token: string; userId: string; chatId: string };
const base = process.env.BENCH_CHATS_URL!;
const users = JSON.parse(readFileSync(process.env.BENCH_CHATS_USERS!, 'utf8')) as User[];
const seconds = Number(process.env.BENCH_CHATS_SECONDS ?? 20);
const INTERVAL_MS = 2000;

const latencies: number[] = [];
let sent = 0;
let errors = 0;
let expected = 0;
const membersOf = new Map<string, number>();
for (const u of users) membersOf.set(u.chatId, (membersOf.get(u.chatId) ?? 0) + 1);

const sockets: Socket[] = await Promise.all(
  users.map(async (u) => {
    const s = io(base, { auth: { token: u.token }, transports: ['websocket'], reconnection: false });
    s.on(
      'chatMessage',
      ({ message }: { message: { body: string; sender: { _id: string | null } | null } }) => {
        if (message.sender?._id === u.userId) return;
        const at = Number(/^t:(\d+)/.exec(message.body)?.[1]);
        if (at) latencies.push(Date.now() - at);
      },
    );
    await new Promise((r) => s.once('init', r));
    return s;
  }),
);
process.stderr.write(`chats: ${sockets.length} sockets connected\n`);

async function send(u: User) {
  const at = Date.now();
  try {
    const res = await fetch(`${base}/api/chats/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chatId: u.chatId, body: `t:${at} Anyone free to call the Pike St lead?` }),
    });
    if (res.ok) {
      sent++;
      expected += (membersOf.get(u.chatId) ?? 1) - 1;
    } else errors++;
    await res.arrayBuffer();
  } catch {
    errors++;
  }
}

const until = Date.now() + seconds * 1000;
const timers = users.map((u) => {
  let timer: NodeJS.Timeout;
  const tick = () => {
    if (Date.now() >= until) return;
    void send(u);
    timer = setTimeout(tick, INTERVAL_MS);
  };
  timer = setTimeout(tick, Math.random() * INTERVAL_MS);
  return () => clearTimeout(timer);
});
await new Promise((r) => setTimeout(r, seconds * 1000 + 3000));
for (const stop of timers) stop();
for (const s of sockets) s.disconnect();

const sorted = [...latencies].sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({ sent, errors, delivered: latencies.length, expected, p50: q(0.5), p95: q(0.95), p99: q(0.99) })}\n`,
);
process.exit(0);
