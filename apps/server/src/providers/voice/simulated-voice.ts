import { randomUUID } from 'node:crypto';
import { VoiceFailedError } from './voice.js';
import type {
  AnswerInstruction,
  CallOutcome,
  PlaceCall,
  VoiceAccount,
  VoiceHandler,
  VoiceNumber,
  VoiceProvider,
} from './voice.js';

/** How a simulated callee behaves: who picks up, after how long, and how long a person talks. */
export type SimulatedOutcome = {
  result: 'human' | 'machine' | 'no-answer' | 'busy' | 'failed';
  ringMs?: number;
  /** A person hangs up by themselves after this long (never, when unset: the member ends the call). */
  talkMs?: number;
};
export type SimulatedScript = (call: PlaceCall) => SimulatedOutcome;

export type SimulatedVoice = VoiceProvider & {
  readonly name: 'simulated';
  /** Replaces who picks up (tests script every call; the default is random, for a user trying it). */
  setScript(script: SimulatedScript | null): void;
  /** Calls placed, in order, for tests and the bench. */
  readonly placed: { sid: string; from: string; to: string; at: number }[];
  /** What each answered call was told to do (bridge, play, hold, ring, forward), by call id. */
  readonly heard: Map<string, AnswerInstruction>;
  /**
   * Someone calls `to` from `from` now (the dialler's "Simulate an incoming call", and tests). A
   * forwarded call is picked up on the member's phone after `ringMs` unless `forward` is 'no-answer',
   * and lasts `talkMs`; a caller rung to browsers waits until accepted, declined or timed out.
   */
  simulateIncoming(
    call: { from: string; to: string },
    o?: { forward?: 'answer' | 'no-answer'; ringMs?: number; talkMs?: number },
  ): Promise<{ sid: string }>;
  /** Suspends or closes a sub-account, as the provider does when a bill goes unpaid (tests, demos). */
  setAccountStatus(sid: string, status: VoiceAccount['status']): void;
};

/** The main account of the simulated line: numbers rented without a sub-account live here. */
export const SIMULATED_MAIN_ACCOUNT = 'ACSIM00000000000000000000000000000';

type Line = {
  sid: string;
  state: 'ringing' | 'live' | 'ended';
  answeredAt: number | null;
  timers: NodeJS.Timeout[];
};

const DEFAULT_RING_MS = 2500;
/** A recording played into a call lasts this long on the simulated line. */
const PLAY_MS = 1200;
/** A machine left waiting hangs up by itself, like a real voicemail box. */
const MACHINE_HOLD_MS = 60_000;
/** A simulated call forwarded to a member's phone is answered there and lasts this long. */
const FORWARD_TALK_MS = 8000;

/** The default, for someone trying the dialler: most people answer, some calls reach a machine or ring out. */
export function randomOutcome(rand: () => number = Math.random): SimulatedOutcome {
  const r = rand();
  const ringMs = 1500 + Math.floor(rand() * 2500);
  if (r < 0.45) return { result: 'human', ringMs };
  if (r < 0.75) return { result: 'machine', ringMs };
  if (r < 0.92) return { result: 'no-answer', ringMs: ringMs + 4000 };
  return { result: rand() < 0.5 ? 'busy' : 'failed', ringMs: 800 };
}

/**
 * The built-in line: nothing leaves the machine. Calls ring, then a person or a machine answers, or
 * nobody does, as the script says; the events reach the dialler like a real provider's would. The
 * numbers it rents are made-up 555-01xx numbers, and the UI says the line is simulated.
 */
export function createSimulatedVoice(opts: { playMs?: number; cancelMs?: number } = {}): SimulatedVoice {
  let handler: VoiceHandler = () => Promise.resolve(null);
  let script: SimulatedScript | null = null;
  const lines = new Map<string, Line>();
  const numbers: VoiceNumber[] = [];
  const accounts: VoiceAccount[] = [];
  let rented = 0;
  const accountOf = (sid: string | undefined) => sid ?? SIMULATED_MAIN_ACCOUNT;
  /** A suspended or closed account's numbers stay rented: the provider refuses to release them. */
  function mustBeActive(sid: string) {
    const a = accounts.find((x) => x.sid === sid);
    if (sid !== SIMULATED_MAIN_ACCOUNT && !a) throw new VoiceFailedError('simulated: no such account');
    if (a && a.status !== 'active') throw new VoiceFailedError(`simulated: the account is ${a.status}`);
  }
  const placed: SimulatedVoice['placed'] = [];
  const heard = new Map<string, AnswerInstruction>();
  /** A real network takes a moment to cancel a ringing call: a callee may answer meanwhile. */
  const cancelMs = opts.cancelMs ?? 0;
  const playMs = opts.playMs ?? PLAY_MS;

  function later(line: Line, ms: number, fn: () => void) {
    line.timers.push(setTimeout(fn, ms));
  }
  function clear(line: Line) {
    for (const t of line.timers) clearTimeout(t);
    line.timers = [];
  }
  function end(line: Line, outcome: CallOutcome) {
    if (line.state === 'ended') return;
    clear(line);
    const durationMs = line.answeredAt ? Date.now() - line.answeredAt : 0;
    line.state = 'ended';
    lines.delete(line.sid);
    void handler({ sid: line.sid, kind: 'ended', outcome, durationMs }).catch(() => undefined);
  }
  function follow(line: Line, i: AnswerInstruction | null, talkMs: number | undefined) {
    if (line.state === 'ended') return;
    if (!i || i.kind === 'hangup') return end(line, 'completed');
    if (i.kind === 'play') return later(line, playMs, () => end(line, 'completed'));
    if (i.kind === 'hold') return later(line, MACHINE_HOLD_MS, () => end(line, 'completed'));
    if (talkMs !== undefined) later(line, talkMs, () => end(line, 'completed'));
  }
  async function answer(line: Line, kind: 'answered' | 'machine', talkMs: number | undefined) {
    line.state = 'live';
    line.answeredAt = Date.now();
    try {
      const told = await handler({ sid: line.sid, kind });
      if (told) heard.set(line.sid, told);
      follow(line, told, talkMs);
    } catch {
      end(line, 'failed');
    }
  }

  return {
    name: 'simulated',
    placed,
    heard,
    setHandler: (h) => {
      handler = h;
    },
    setScript: (s) => {
      script = s;
    },
    placeCall(call) {
      const sid = `SIM${randomUUID().replaceAll('-', '')}`;
      const line: Line = { sid, state: 'ringing', answeredAt: null, timers: [] };
      lines.set(sid, line);
      placed.push({ sid, from: call.from, to: call.to, at: Date.now() });
      const o = (script ?? (() => randomOutcome()))(call);
      const ringMs = o.ringMs ?? DEFAULT_RING_MS;
      queueMicrotask(() => void handler({ sid, kind: 'ringing' }).catch(() => undefined));
      later(line, ringMs, () => {
        if (o.result === 'human') void answer(line, 'answered', o.talkMs);
        else if (o.result === 'machine') void answer(line, 'machine', undefined);
        else end(line, o.result === 'no-answer' ? 'no-answer' : o.result);
      });
      return Promise.resolve({ sid });
    },
    endCall(sid) {
      const line = lines.get(sid);
      if (!line) return Promise.resolve();
      const hangUp = () => end(line, line.state === 'ringing' ? 'canceled' : 'completed');
      if (cancelMs > 0 && line.state === 'ringing') setTimeout(hangUp, cancelMs);
      else hangUp();
      return Promise.resolve();
    },
    playIntoCall(sid) {
      const line = lines.get(sid);
      if (line && line.state === 'live') {
        clear(line);
        later(line, playMs, () => end(line, 'completed'));
      }
      return Promise.resolve();
    },
    connectInbound(sid) {
      const line = lines.get(sid);
      if (line && line.state === 'ringing') {
        clear(line);
        line.state = 'live';
        line.answeredAt = Date.now();
      }
      return Promise.resolve();
    },
    async simulateIncoming(call, o = {}) {
      const sid = `SIM${randomUUID().replaceAll('-', '')}`;
      const line: Line = { sid, state: 'ringing', answeredAt: null, timers: [] };
      lines.set(sid, line);
      let told: AnswerInstruction | null;
      try {
        told = await handler({ sid, kind: 'incoming', from: call.from, to: call.to });
      } catch {
        told = null;
      }
      if (told) heard.set(sid, told);
      if (!told || told.kind === 'hangup') end(line, 'completed');
      else if (told.kind === 'ring') later(line, told.timeoutMs, () => end(line, 'no-answer'));
      else if (told.kind === 'forward') {
        if (o.forward === 'no-answer') later(line, told.timeoutMs, () => end(line, 'no-answer'));
        else
          later(line, o.ringMs ?? DEFAULT_RING_MS, () => {
            line.state = 'live';
            line.answeredAt = Date.now();
            later(line, o.talkMs ?? FORWARD_TALK_MS, () => end(line, 'completed'));
          });
      } else end(line, 'completed');
      return { sid };
    },
    accessToken: () => null,
    listNumbers: (accountSid) =>
      Promise.resolve(numbers.filter((n) => n.accountSid === accountOf(accountSid)).map((n) => ({ ...n }))),
    buyNumber(areaCode, accountSid) {
      try {
        mustBeActive(accountOf(accountSid));
      } catch (err) {
        return Promise.reject(err as Error);
      }
      const area = areaCode && /^[2-9]\d\d$/.test(areaCode) ? areaCode : '916';
      // 555-0100 … 555-0199 are reserved for fiction: they never reach anyone. A number already rented
      // is skipped, as a real provider never rents one twice.
      let number = '';
      for (let i = 0; i < 100; i++) {
        number = `+1${area}55501${String(rented++ % 100).padStart(2, '0')}`;
        if (!numbers.some((n) => n.number === number)) break;
      }
      const n = {
        sid: `PNSIM${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        number,
        accountSid: accountOf(accountSid),
      };
      numbers.push(n);
      return Promise.resolve({ ...n });
    },
    releaseNumber(sid, accountSid) {
      const i = numbers.findIndex((n) => n.sid === sid && n.accountSid === accountOf(accountSid));
      try {
        mustBeActive(accountOf(accountSid));
      } catch (err) {
        return Promise.reject(err as Error);
      }
      if (i >= 0) numbers.splice(i, 1);
      return Promise.resolve();
    },
    createAccount(name) {
      const a: VoiceAccount = {
        sid: `ACSIM${randomUUID().replaceAll('-', '').slice(0, 29)}`,
        name,
        status: 'active',
      };
      accounts.push(a);
      return Promise.resolve({ ...a });
    },
    listAccounts: () => Promise.resolve(accounts.map((a) => ({ ...a }))),
    setAccountStatus(sid, status) {
      const a = accounts.find((x) => x.sid === sid);
      if (a) a.status = status;
    },
    close() {
      for (const line of lines.values()) clear(line);
      lines.clear();
      return Promise.resolve();
    },
  };
}
