/**
 * The browsers of bench/dialler.ts, in a process of their own (as browsers are): one Socket.IO
 * connection per agent from BENCH_DIALLER_TOKENS, each joins the dialler and starts dialling. Prints
 * one line per call the agent hears answered ('In call'): `{ sid, at }` with the wall clock in ms.
 */
import { io } from 'socket.io-client';

const base = process.env.BENCH_DIALLER_URL!;
const tokens = process.env.BENCH_DIALLER_TOKENS!.split(',');
const seen = new Set<string>();

await Promise.all(
  tokens.map(async (token) => {
    const s = io(base, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.on(
      'callUpdate',
      ({ state }: { state: { activeCall: { sid: string | null; status: string } | null } }) => {
        const c = state.activeCall;
        if (c?.status !== 'In call' || !c.sid || seen.has(c.sid)) return;
        seen.add(c.sid);
        process.stdout.write(`${JSON.stringify({ sid: c.sid, at: Date.now() })}\n`);
      },
    );
    await new Promise((r) => s.once('init', r));
    await s.emitWithAck('joinDialler', {});
    await s.emitWithAck('editMember', { action: 'start' });
  }),
);
process.stdout.write('started\n');
