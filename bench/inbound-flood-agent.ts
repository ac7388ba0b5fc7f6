/**
 * Child process of bench/inbound-flood.ts: the flooding phone and the health prober, in a process of
 * their own. One real device agent (`createAgent`, journal on disk) whose driver only receives: at the
 * flood it hands the agent BENCH_INBOUND_TEXTS texts at once, from as many numbers. Meanwhile
 * `GET /api/health` is called one request at a time (a request every 20 ms at most).
 *
 * stdout, one JSON line each: health latency over 5 s before the flood, then during the flood (until
 * the agent's journal holds no unacknowledged text, or BENCH_INBOUND_WINDOW_S).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InboundSms } from '@prospector/core/contract/device';
import { createAgent } from '@prospector/device-agent/agent';
import type { Driver, OnInbound } from '@prospector/device-agent/drivers/types';
import { Journal } from '@prospector/device-agent/journal';
import type { Logger } from '@prospector/device-agent/logger';

const url = process.env.BENCH_INBOUND_URL!;
const adminToken = process.env.BENCH_INBOUND_ADMIN_TOKEN!;
const TEXTS = Number(process.env.BENCH_INBOUND_TEXTS);
const WINDOW_MS = Number(process.env.BENCH_INBOUND_WINDOW_S) * 1000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-inbound-agent-'));
const answer = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let onInbound: OnInbound | undefined;
const driver: Driver = {
  platform: 'sim',
  async start(inbound) {
    onInbound = inbound;
  },
  send: () => Promise.reject(new Error('this phone only receives')),
  async stop() {},
};
const said: Record<string, number> = {};
const count = (message: string) => void (said[message] = (said[message] ?? 0) + 1);
const logger: Logger = { debug: () => {}, info: count, warn: count, error: count };
const journal = Journal.open(path.join(dir, 'journal.jsonl'));
const agent = createAgent({
  config: {
    serverUrl: url,
    deviceToken: process.env.BENCH_INBOUND_DEVICE_TOKEN!,
    maxConcurrentSends: 1,
    sendIntervalMs: 0,
  },
  driver,
  journal,
  logger,
});

/** Calls the health check one request at a time until `until()` holds; latency percentiles in ms. */
async function probe(until: () => boolean) {
  const latencies: number[] = [];
  let errors = 0;
  while (!until()) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`, { headers: { authorization: `Bearer ${adminToken}` } });
    await res.arrayBuffer();
    const took = performance.now() - started;
    if (res.ok) latencies.push(took);
    else errors += 1;
    await sleep(Math.max(0, 20 - took));
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! * 10) / 10;
  return { requests: latencies.length, errors, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

await agent.start();
while (!agent.connected) await sleep(20);
const baselineEnd = Date.now() + 5_000;
answer(await probe(() => Date.now() >= baselineEnd));

const at = new Date().toISOString();
const texts: InboundSms[] = Array.from({ length: TEXTS }, (_, i) => ({
  id: `flood-${i}`,
  from: `+1916${String(7_000_000 + i)}`,
  body: `Flood text ${i}`,
  at,
}));
const started = Date.now();
onInbound!(texts);
const health = await probe(() => journal.pendingInbound(1).length === 0 || Date.now() - started > WINDOW_MS);
answer({
  ...health,
  floodMs: Date.now() - started,
  unacknowledged: journal.pendingInbound().length,
  agentSaid: said,
});
await agent.stop();
journal.close();
rmSync(dir, { recursive: true, force: true });
