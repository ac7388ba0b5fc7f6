import { createAgent, type Agent } from '@prospector/device-agent/agent';
import { createSimDriver } from '@prospector/device-agent/drivers/sim';
import { Journal } from '@prospector/device-agent/journal';
import type { Logger } from '@prospector/device-agent/logger';
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import type { Peers } from '../../plugins/realtime.js';
import * as q from './devices.queries.js';
import { deviceToken } from './devices.tokens.js';

/**
 * What the simulated phone's contacts answer, so a trial shows the reply handling (issue 30): by the
 * last digit of the number texted, 0–3 show interest, 4–5 ask a question, 6–7 opt out (the number
 * turns DNC) and 8–9 say it is a wrong number (it turns Wrong #). A contact always answers alike.
 */
export const SIMULATED_REPLIES = [
  { lastDigits: ['4', '5'], reply: 'Who is this? How did you get my number?', delayMs: 4000 },
  { lastDigits: ['6', '7'], reply: 'STOP', delayMs: 3000 },
  { lastDigits: ['8', '9'], reply: 'Sorry, you have the wrong number.', delayMs: 4000 },
  { reply: 'Hi! Yes, I got your text. Is the offer still open?', delayMs: 5000 },
];

/**
 * Simulated phones the server runs itself, each a real device agent with the `sim` driver connected
 * back to this server over loopback: texts sent through one are "delivered" after a second and get
 * a scripted reply. They are marked simulated everywhere, and only exist when a member adds one.
 */
export function createSimulatedPhones(deps: {
  db: Db;
  secret: string;
  dataDir: string;
  /** This server's own loopback address, known once it listens. */
  selfUrl: () => string | null;
  /** Whether this process runs the simulated phones; when not, the one that does is told (ADR 029). */
  host: boolean;
  peers: Pick<Peers, 'tell' | 'on'>;
  log: FastifyBaseLogger;
}) {
  const running = new Map<string, { agent: Agent; journal: Journal }>();
  const logger: Logger = {
    debug: () => {},
    info: (message, fields) => deps.log.debug({ ...fields }, `simulated phone: ${message}`),
    warn: (message, fields) => deps.log.warn({ ...fields }, `simulated phone: ${message}`),
    error: (message, fields) => deps.log.error({ ...fields }, `simulated phone: ${message}`),
  };

  async function start(device: q.DeviceRow) {
    if (!deps.host) return void deps.peers.tell('simulatedPhoneStart', device.id);
    const url = deps.selfUrl();
    if (!url || running.has(device.id)) return;
    const journal = Journal.open(path.join(deps.dataDir, 'simulated-phones', `${device.id}.jsonl`));
    const agent = createAgent({
      config: {
        serverUrl: url,
        deviceToken: deviceToken(deps.secret, device.id, device.tokenVersion),
        maxConcurrentSends: 4,
        sendIntervalMs: 0,
      },
      driver: createSimDriver({ latencyMs: 1000, failureRate: 0, seed: 1, replies: SIMULATED_REPLIES }),
      journal,
      logger,
    });
    running.set(device.id, { agent, journal });
    await agent.start();
  }

  async function stop(deviceId: string) {
    const phone = running.get(deviceId);
    if (!phone) return;
    running.delete(deviceId);
    await phone.agent.stop();
    phone.journal.close();
  }

  if (deps.host) {
    deps.peers.on('simulatedPhoneStart', async (id) => {
      const device = typeof id === 'string' ? await q.findDevice(deps.db, id) : null;
      if (device?.simulated) await start(device);
    });
    deps.peers.on('simulatedPhonesForget', async (ids) => {
      if (Array.isArray(ids)) await Promise.all(ids.map((id) => stop(String(id))));
    });
  }

  return {
    start,
    stop,
    /** Starts the simulated phones the database already has (after a restart). */
    async resume() {
      if (!deps.host) return;
      const rows = await q.simulatedDevices(deps.db);
      await Promise.all(rows.map((d) => start(d)));
    },
    /** Stops phones whose devices were removed. */
    async forget(ids: string[]) {
      if (!deps.host) return void deps.peers.tell('simulatedPhonesForget', ids);
      await Promise.all(ids.map((id) => stop(id)));
    },
    async stopAll() {
      await Promise.all([...running.keys()].map((id) => stop(id)));
    },
  };
}

export type SimulatedPhones = ReturnType<typeof createSimulatedPhones>;
