import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import {
  DEVICE_NAMESPACE,
  DEVICE_UNAUTHORIZED,
  deviceClientEvents,
  deviceHandshake,
  type DeviceClientEventName,
  type DeviceClientPayload,
  type DeviceJob,
  type InboundSms,
  type JobReport,
} from '@prospector/core/contract/device';

/**
 * The server side of docs/device-protocol.md, small enough to read in one go: one device, jobs in
 * memory. Tests steer it (drop the connection, stop acknowledging) and read what it recorded.
 */
export const TEST_TOKEN = 'test-device-token-0123456789';

export type ServerJobState = 'queued' | 'offered' | 'accepted' | 'sent' | 'delivered' | 'failed';
export type ServerJob = DeviceJob & { state: ServerJobState; error?: string; retryable?: boolean };

type Ack = (answer: unknown) => void;

export type FakeDeviceServer = Awaited<ReturnType<typeof startFakeDeviceServer>>;

const FORWARD: Record<'sent' | 'delivered' | 'failed', readonly ServerJobState[]> = {
  sent: ['accepted'],
  delivered: ['accepted', 'sent'],
  failed: ['accepted', 'sent'],
};

export async function startFakeDeviceServer(
  options: { maxInFlight?: number; pingIntervalMs?: number; path?: string } = {},
) {
  const http = createServer();
  const io = new Server(http, { path: options.path ?? '/socket.io' });
  const nsp = io.of(DEVICE_NAMESPACE);
  const jobs = new Map<string, ServerJob>();
  const reportLog: JobReport[] = [];
  const inboundLog: InboundSms[] = [];
  const invalidPayloads: string[] = [];
  const behaviour = {
    ackReports: true,
    ackInbound: true,
    /** What the server answers to an inbound batch (after logging it); `{ ok: true }` when unset. */
    answerInbound: null as ((messages: InboundSms[]) => unknown) | null,
    requeueRetryable: true,
    dispatchOnReport: true,
    reofferOnConnect: true,
  };
  const stats = { handshakes: 0, refused: 0, connections: 0, pings: 0 };
  let live: Socket | undefined;

  const dispatch = () => {
    if (!live?.connected) return;
    const busy = [...jobs.values()].filter((j) => j.state === 'offered' || j.state === 'accepted').length;
    const room = (options.maxInFlight ?? 1000) - busy;
    const batch = [...jobs.values()].filter((j) => j.state === 'queued').slice(0, Math.max(0, room));
    for (const job of batch) job.state = 'offered';
    if (batch.length > 0) live.emit('jobs', { jobs: batch.map(toWire) });
  };

  const reofferAccepted = (socket: Socket) => {
    const accepted = [...jobs.values()].filter((j) => j.state === 'accepted');
    if (accepted.length > 0) socket.emit('jobs', { jobs: accepted.map(toWire) });
  };

  const validate = <E extends DeviceClientEventName>(
    event: E,
    payload: unknown,
    ack: Ack,
  ): DeviceClientPayload<E> | undefined => {
    const parsed = deviceClientEvents[event].safeParse(payload);
    if (parsed.success) return parsed.data as DeviceClientPayload<E>;
    invalidPayloads.push(`${event}: ${parsed.error.message}`);
    ack({ error: parsed.error.message });
    return undefined;
  };

  const applyReport = (report: JobReport) => {
    reportLog.push(report);
    const job = jobs.get(report.id);
    if (!job || !FORWARD[report.state].includes(job.state)) return; // backwards or repeated: ignored
    job.state = report.state;
    if (report.state !== 'failed') return;
    job.error = report.error;
    job.retryable = report.retryable;
    if (report.retryable && behaviour.requeueRetryable) {
      job.state = 'queued';
      job.attempt += 1;
    }
  };

  nsp.use((socket, next) => {
    stats.handshakes++;
    const auth = deviceHandshake.safeParse(socket.handshake.auth);
    if (!auth.success || auth.data.token !== TEST_TOKEN) {
      stats.refused++;
      return next(new Error(DEVICE_UNAUTHORIZED));
    }
    next();
  });

  nsp.on('connection', (socket) => {
    stats.connections++;
    // One live socket per device: a new one replaces the old.
    if (live && live !== socket) live.disconnect(true);
    live = socket;
    socket.on('ping', (payload: unknown, ack: Ack) => {
      if (!validate('ping', payload, ack)) return;
      stats.pings++;
      ack({ ok: true });
    });
    socket.on('accept', (payload: unknown, ack: Ack) => {
      const data = validate('accept', payload, ack);
      if (!data) return;
      const accepted: string[] = [];
      const rejected: string[] = [];
      for (const id of data.ids) {
        const job = jobs.get(id);
        // Idempotent: a repeated accept of a job this device holds is answered 'accepted' again.
        if (job && (job.state === 'offered' || job.state === 'accepted')) {
          job.state = 'accepted';
          accepted.push(id);
        } else rejected.push(id);
      }
      ack({ accepted, rejected });
    });
    socket.on('report', (payload: unknown, ack: Ack) => {
      if (!behaviour.ackReports) return; // as if lost on the way
      const data = validate('report', payload, ack);
      if (!data) return;
      for (const report of data.reports) applyReport(report);
      ack({ ok: true });
      if (behaviour.dispatchOnReport) dispatch();
    });
    socket.on('inbound', (payload: unknown, ack: Ack) => {
      const data = validate('inbound', payload, ack);
      if (!data) return;
      inboundLog.push(...data.messages);
      if (behaviour.ackInbound) ack(behaviour.answerInbound?.(data.messages) ?? { ok: true });
    });
    socket.on('disconnect', () => {
      if (live === socket) live = undefined;
      for (const job of jobs.values()) if (job.state === 'offered') job.state = 'queued';
    });
    socket.emit('hello', {
      deviceId: 'device-1',
      name: 'Test phone',
      pingIntervalMs: options.pingIntervalMs ?? 10_000,
      maxInFlight: options.maxInFlight ?? 1000,
    });
    if (behaviour.reofferOnConnect) reofferAccepted(socket);
    dispatch();
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    jobs,
    reportLog,
    inboundLog,
    invalidPayloads,
    behaviour,
    stats,
    get connected() {
      return live?.connected ?? false;
    },
    /** Queues jobs and offers them if the device is connected. */
    addJobs(count: number, make: (i: number) => Partial<DeviceJob> = () => ({})): ServerJob[] {
      const added = Array.from({ length: count }, (_, i) => {
        const job: ServerJob = {
          id: randomUUID(),
          to: `+1415555${String(1000 + i)}`,
          body: `Hello #${i}`,
          attempt: 1,
          state: 'queued',
          ...make(i),
        };
        jobs.set(job.id, job);
        return job;
      });
      dispatch();
      return added;
    },
    /** Offers queued jobs now (after a test held them back). */
    dispatch,
    /** The offer timed out server-side: the job goes back to the queue, so an accept for it is refused. */
    takeBack(id: string) {
      const job = jobs.get(id);
      if (job?.state === 'offered') job.state = 'queued';
    },
    /** Sends anything to the device, as a buggy server might. */
    emitRaw(event: string, payload: unknown) {
      live?.emit(event, payload);
    },
    /** The job was cancelled (or went to another device): the server no longer knows it. */
    cancel(id: string) {
      jobs.delete(id);
    },
    /** Cuts the transport as a network failure would; the agent reconnects by itself. */
    dropConnection() {
      live?.conn.close();
    },
    /** The server lost track of these jobs' reports: they are accepted again and offered again. */
    forgetReports(ids: readonly string[]) {
      for (const id of ids) {
        const job = jobs.get(id);
        if (job) job.state = 'accepted';
      }
      if (live) reofferAccepted(live);
    },
    reportsFor(id: string): JobReport[] {
      return reportLog.filter((r) => r.id === id);
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

function toWire(job: ServerJob): DeviceJob {
  return { id: job.id, to: job.to, body: job.body, attempt: job.attempt };
}
