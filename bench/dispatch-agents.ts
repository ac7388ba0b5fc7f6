/**
 * Child process of bench/dispatch.ts: the phones and the browser, in a process of their own so they
 * do not share the server's core. Runs one real device agent (`createAgent`, journal on disk, the sim
 * driver with no latency and a scripted reply to texts carrying BENCH_DISPATCH_REPLY_MARK) per token
 * of BENCH_DISPATCH_DEVICE_TOKENS, plus one Socket.IO client on the app's default namespace with the
 * admin's token, as the web app connects.
 *
 * The browser counts `messageStatus` 'delivered' events (a job is done when a browser sees it) and
 * times each inbound reply: from the moment the simulated phone received it (`at`, which becomes the
 * message's `createdAt`) to `messageAdded` on the browser socket, both on this process's clock.
 *
 * Lines on stdin are commands, lines on stdout answers (JSON):
 * - at start, `{ ready: true }` once every agent is connected and the browser is in;
 * - `{ wait: { delivered, replies, timeoutMs } }`: answers when the browser has seen that many
 *   deliveries and replies in all (or at the timeout) with what it saw since the last answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createAgent } from '@prospector/device-agent/agent';
import { createSimDriver } from '@prospector/device-agent/drivers/sim';
import { Journal } from '@prospector/device-agent/journal';
import type { Logger } from '@prospector/device-agent/logger';
import type { ClientToServerEvents, ServerToClientEvents } from '@prospector/core';
import { io, type Socket } from 'socket.io-client';

const url = process.env.BENCH_DISPATCH_URL!;
const tokens = process.env.BENCH_DISPATCH_DEVICE_TOKENS!.split(',');
const mark = process.env.BENCH_DISPATCH_REPLY_MARK!;
const dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-agents-'));

// Warnings and errors are kept; the per-text info lines a phone would print are not written.
const problems: string[] = [];
const keep = (message: string, fields?: Record<string, unknown>) =>
  void (problems.length < 20 && problems.push(`${message} ${JSON.stringify(fields ?? {})}`));
const logger: Logger = { debug: () => {}, info: () => {}, warn: keep, error: keep };

const phones = tokens.map((token, i) => {
  const journal = Journal.open(path.join(dir, `device-${i}.jsonl`));
  const agent = createAgent({
    config: { serverUrl: url, deviceToken: token, maxConcurrentSends: 100, sendIntervalMs: 0 },
    driver: createSimDriver({
      latencyMs: 0,
      failureRate: 0,
      seed: i + 1,
      replies: [{ match: mark, reply: 'Yes, tell me more about it' }],
    }),
    journal,
    logger,
  });
  return { agent, journal };
});

// Distinct messages: a report the agent sends again (no acknowledgement within 10 s) can be applied
// twice, and each application emits its own event.
const deliveredIds = new Set<string>();
let repeatedEvents = 0;
let repliesSeen = 0;
let lastDeliveredAt = 0;
let latencies: number[] = [];
// Each reply as [last 10 digits of the number, the phone's `at` in ms, when the browser saw it]: the
// bench pairs them with the moment the server read the text, to split the latency.
let replyTimes: [string, number, number][] = [];
let onEvent = () => {};
const browser: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
  auth: { token: process.env.BENCH_DISPATCH_BROWSER_TOKEN },
  transports: ['websocket'],
  reconnection: false,
  // Its own connection, as a browser has: io() would otherwise share the first agent's manager.
  forceNew: true,
});
browser.on('messageStatus', (p) => {
  if (p.status !== 'delivered') return;
  if (deliveredIds.has(p.messageId)) return void (repeatedEvents += 1);
  deliveredIds.add(p.messageId);
  lastDeliveredAt = Date.now();
  onEvent();
});
browser.on('messageAdded', (p) => {
  if (p.message.direction !== 'in' || p.message.system) return;
  repliesSeen += 1;
  const now = Date.now();
  const at = Date.parse(p.message.createdAt);
  latencies.push(now - at);
  replyTimes.push([(p.message.phone ?? '').replace(/\D/g, '').slice(-10), at, now]);
  onEvent();
});
await new Promise((resolve, reject) => {
  browser.once('init', resolve);
  browser.once('connect_error', (err) => reject(new Error(`browser socket: ${err.message}`)));
});
await Promise.all(phones.map((p) => p.agent.start()));
while (phones.some((p) => !p.agent.connected)) await new Promise((r) => setTimeout(r, 20));

const answer = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
answer({ ready: true });

let cpu = process.cpuUsage();
let elu = performance.eventLoopUtilization();
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { wait } = JSON.parse(line) as {
    wait?: { delivered: number; replies: number; timeoutMs: number };
  };
  if (!wait) break;
  const done = () => deliveredIds.size >= wait.delivered && repliesSeen >= wait.replies;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, wait.timeoutMs);
    onEvent = () => {
      if (!done()) return;
      clearTimeout(timer);
      resolve();
    };
    onEvent();
  });
  onEvent = () => {};
  const used = process.cpuUsage(cpu);
  answer({
    delivered: deliveredIds.size,
    repeatedEvents,
    replies: repliesSeen,
    lastDeliveredAt,
    latencies,
    replyTimes,
    cpuMs: (used.user + used.system) / 1000,
    elu: Math.round(performance.eventLoopUtilization(elu).utilization * 100) / 100,
    problems,
  });
  latencies = [];
  replyTimes = [];
  cpu = process.cpuUsage();
  elu = performance.eventLoopUtilization();
}

browser.disconnect();
await Promise.all(phones.map((p) => p.agent.stop()));
for (const p of phones) p.journal.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
