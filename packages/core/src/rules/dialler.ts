import { contactRefusal, contactRule, contactsInLast24h, type TeamContactHours } from './state-law.js';

/**
 * The power dialler (spec part 1 §2.7, §3, §4, §9; part 2 §3): a member's dialler state, the queue's
 * call statuses, the two-line auto-advance, and the compliance rules the server enforces before a
 * number is dialled. Pure: the server's dialler applies these and the web shows their results.
 */

/** Up to 2 calls at a time (§9). */
export const DIALLER_LINES = 2;
/** Dialling restarts 0.5 s after a call ends, unless paused (§4, §9). */
export const DIALLER_RESTART_MS = 500;
/** Voicemail name edits are sent 300 ms after the last keystroke (§9). */
export const VM_NAME_DEBOUNCE_MS = 300;
/** 47 CFR 64.1200(a)(7): at most 3 % of the calls a person answers may be abandoned, over 30 days. */
export const MAX_ABANDON_RATE = 0.03;
export const ABANDON_WINDOW_DAYS = 30;
/** An abandoned call hears the identification message within 2 seconds of the answer. */
export const ABANDON_MESSAGE_WITHIN_MS = 2000;

/**
 * Call statuses. The spec names Done, Failed, Leaving VM and Ringing; we add the outcomes a dialler
 * needs to tell apart (ADR 022): 'In call' (a person answered and is bridged), 'Machine' (an answering
 * machine picked up: the member may leave a voicemail), 'No answer', 'Cancelled' (another line was
 * answered first), 'Abandoned' (answered while the member was already on a call) and 'Skipped'
 * (never dialled: DNC, Wrong # or no phone); for inbound calls 'Missed' (nobody answered within the
 * ring time, or nobody could be rung) and 'Forwarded' (answered on a member's own phone).
 */
export const CALL_STATUSES = [
  'Ringing',
  'In call',
  'Machine',
  'Leaving VM',
  'Done',
  'Failed',
  'No answer',
  'Cancelled',
  'Abandoned',
  'Skipped',
  'Missed',
  'Forwarded',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A line still in progress: it rings, talks, or waits at a machine. */
export const LIVE_CALL_STATUSES: readonly CallStatus[] = ['Ringing', 'In call', 'Machine'];

export function isLiveCallStatus(status: CallStatus | null): boolean {
  return status !== null && LIVE_CALL_STATUSES.includes(status);
}

/**
 * A queue entry is queued until its call ends: the spec's Done, Failed and Leaving VM, and the outcomes
 * we add that also finish it. Ringing, In call and Machine keep it queued.
 */
export function isQueuedStatus(status: CallStatus | null): boolean {
  return status === null || isLiveCallStatus(status);
}

/** Only items queued with no call status can be unqueued (§4). */
export function canUnqueue(status: CallStatus | null): boolean {
  return status === null;
}

export type ActiveCall = { _id: string; direction: 'in' | 'out'; sid: string; itemId: string | null };

/** A member's dialler fields (§3 Member: queue, dialling, active, paused, activeCall, onCall, selectedVm). */
export type DiallerMember = {
  active: boolean;
  dialling: boolean;
  paused: boolean;
  onCall: boolean;
  activeCall: ActiveCall | null;
  selectedVm: string | null;
  queue: readonly string[];
};

export const IDLE_MEMBER: DiallerMember = {
  active: false,
  dialling: false,
  paused: false,
  onCall: false,
  activeCall: null,
  selectedVm: null,
  queue: [],
};

export type DiallerAction =
  | { type: 'start' }
  | { type: 'pause' }
  | { type: 'leave' }
  | { type: 'done' }
  | { type: 'selectVm'; vmId: string | null }
  | { type: 'callStarted'; call: ActiveCall }
  | { type: 'callEnded' };

/** The member state machine of §4. */
export function diallerReducer(m: DiallerMember, a: DiallerAction): DiallerMember {
  switch (a.type) {
    case 'start':
      return { ...m, dialling: true, active: true, onCall: false, paused: false };
    case 'pause':
      return { ...m, paused: true, dialling: false };
    case 'leave':
      return { ...m, dialling: false, active: false, selectedVm: null, queue: [] };
    case 'done':
      return { ...m, activeCall: null, onCall: false, dialling: true };
    case 'selectVm':
      return { ...m, selectedVm: a.vmId };
    case 'callStarted':
      return { ...m, onCall: true, activeCall: a.call };
    case 'callEnded':
      // The active call stays shown (marked Done by its line) until Done; the member is off the call.
      return { ...m, onCall: false };
  }
}

/** One of the member's queue entries as the dialler sees it. */
export type QueueEntry = { itemId: string; callStatus: CallStatus | null };

/**
 * Which queued items to dial now. Only when dialling, not paused and with no call in progress; then
 * as many as there are free lines (2 at session start, 1 when throttled), in queue order, among the
 * entries with no call status.
 */
export function itemsToDial(
  m: Pick<DiallerMember, 'dialling' | 'paused' | 'onCall'>,
  queue: readonly QueueEntry[],
  lines: number,
): string[] {
  if (!m.dialling || m.paused || m.onCall) return [];
  const ringing = queue.filter((e) => e.callStatus === 'Ringing').length;
  const free = Math.max(0, lines - ringing);
  return queue
    .filter((e) => e.callStatus === null)
    .slice(0, free)
    .map((e) => e.itemId);
}

/**
 * A line answered by a person. The first while the member is free becomes the active call and the
 * member's other ringing lines are cancelled; one answered while the member is already on a call is
 * abandoned (it hears the identification message and is hung up).
 */
export function onAnswered(
  m: Pick<DiallerMember, 'onCall'>,
  answeredId: string,
  ringing: readonly string[],
): { outcome: 'connect'; cancel: string[] } | { outcome: 'abandon' } {
  if (m.onCall) return { outcome: 'abandon' };
  return { outcome: 'connect', cancel: ringing.filter((id) => id !== answeredId) };
}

/** When to dial again after a call ends: 0.5 s later, or never while paused (null). */
export function restartDelay(m: Pick<DiallerMember, 'paused' | 'dialling'>): number | null {
  return m.paused || !m.dialling ? null : DIALLER_RESTART_MS;
}

/** How an item's statuses may end a finished call: auto-RVM drops the status's (or member's) voicemail. */
export function voicemailToDrop(
  status: { autoRvm: boolean; selectedVm: string | null } | null,
  memberVm: string | null,
): string | null {
  if (!status?.autoRvm) return null;
  return status.selectedVm ?? memberVm;
}

// ---------------------------------------------------------------- compliance

export type DialRefusal = 'dnc' | 'wrongNumber' | 'noPhone' | 'quietHours' | 'lawDailyCap';

/**
 * Whether the server may dial a number now: never a DNC or Wrong # number, and only in the calling
 * hours of every state whose law applies (rules/state-law.ts: federal 8:00 to 21:00, Florida, Oklahoma
 * and Maryland to 20:00, Texas from 9:00 and on Sundays from noon), in the contact's zones (from the
 * number and its address's state, contactZones; the team's zone when none is known), and within the
 * team's own hours when it set stricter ones. Then the 24-hour limit of Florida, Oklahoma and Maryland
 * (3 texts or calls on the same subject): `recent` are the texts and calls to this number for this
 * record, texts and calls counted together as the statutes say (state-law.ts contactRefusal).
 */
export function dialRefusal(
  phone: { value: string; status: '' | 'DNC' | 'Wrong #' } | null,
  zones: readonly string[],
  now: Date,
  teamZone: string,
  states: readonly string[] = [],
  /** The team's own hours (ADR 038): they only narrow the law's. */
  team: TeamContactHours | null = null,
  /** When each text or call to the number (for this record) was made; only the last 24 hours count. */
  recent: readonly Date[] = [],
): DialRefusal | null {
  if (!phone) return 'noPhone';
  if (phone.status === 'DNC') return 'dnc';
  if (phone.status === 'Wrong #') return 'wrongNumber';
  return contactRefusal(contactRule(states, team), zones, now, teamZone, contactsInLast24h(recent, now));
}

/** Abandonment counts of one campaign over the last 30 days: calls a person answered, and abandoned. */
export type AbandonStats = { answered: number; abandoned: number };

export function abandonRate(s: AbandonStats): number {
  return s.answered === 0 ? 0 : s.abandoned / s.answered;
}

/**
 * Lines a campaign may use: two while one more abandoned call would still keep its 30-day rate at or
 * under 3 % (abandoned + 1 out of answered + 1), otherwise one — a single line cannot abandon a call.
 * A campaign starts on one line and earns the second after 33 answered calls with none abandoned.
 */
export function allowedLines(s: AbandonStats): number {
  // In whole numbers: (abandoned + 1) / (answered + 1) ≤ 3 / 100.
  return (s.abandoned + 1) * 100 <= 3 * (s.answered + 1) ? DIALLER_LINES : 1;
}

/** 'On call: 1:05', 'Dialling' or 'Idle' for the active members list (§2.7). */
export function memberDiallerLabel(
  m: Pick<DiallerMember, 'onCall' | 'dialling'>,
  onCallSince: Date | null,
  now: Date,
): string {
  if (m.onCall)
    return `On call: ${formatCallDuration(onCallSince ? now.getTime() - onCallSince.getTime() : 0)}`;
  if (m.dialling) return 'Dialling';
  return 'Idle';
}

/** A call timer: m:ss, or h:mm:ss past an hour. */
export function formatCallDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The thread's line for a call (a message with direction, duration, status and voicemail link). */
export function callMessageBody(c: {
  direction: 'in' | 'out';
  status: CallStatus;
  durationMs: number;
}): string {
  const what = c.direction === 'out' ? 'Outbound call' : 'Inbound call';
  if (c.status === 'Done') return `${what} · ${formatCallDuration(c.durationMs)}`;
  if (c.status === 'Leaving VM') return `${what} · voicemail left`;
  if (c.status === 'Forwarded') return `${what} · forwarded · ${formatCallDuration(c.durationMs)}`;
  return `${what} · ${c.status}`;
}

/** Which outcomes count as contact for campaigns' 'last contacted': a person answered, or a voicemail was left. */
export function callCountsAsContact(status: CallStatus): boolean {
  return status === 'Done' || status === 'Leaving VM' || status === 'Abandoned' || status === 'Forwarded';
}

/** The builder's Call branch: which phones a call campaign dials (spec part 2 §2). */
export const CALL_PHONE_TYPES = ['All', 'Mobile', 'Landline'] as const;
export type CallPhoneType = (typeof CALL_PHONE_TYPES)[number];

/**
 * Whether a number of libphonenumber's type fits the campaign's phone type. North American numbers
 * are mostly FIXED_LINE_OR_MOBILE (the plan does not tell them apart): those fit both, so a Mobile or
 * Landline campaign leaves out only numbers known to be of the other kind.
 */
export function fitsPhoneType(numberType: string | undefined, wanted: CallPhoneType | null): boolean {
  if (!wanted || wanted === 'All') return true;
  if (wanted === 'Mobile') return numberType !== 'FIXED_LINE';
  return numberType !== 'MOBILE';
}

// ---------------------------------------------------------------- inbound calls

/** An inbound call rings the members' browsers this long before it counts as missed. */
export const INBOUND_RING_MS = 25_000;

/** A member as an inbound call sees them. */
export type InboundMember = {
  userId: string;
  /** In the dialler (joined this session). */
  inDialler: boolean;
  /** In the dialler, not dialling, not on a call, no line ringing: free to take a call. */
  idle: boolean;
  /** The user's forwardOnly: their calls go to their own phone, never to their browser. */
  forwardOnly: boolean;
  /** Where their forwarded calls go (their call settings' number, else their profile phone). */
  forwardNumber: string | null;
  isAdmin: boolean;
  /** An admin or an 'All data' member: may read every record, so may take any caller's call. */
  seesAllData: boolean;
};

export type InboundRoute =
  | { kind: 'forward'; userId: string; number: string; why: 'status' | 'assignee' | 'fallback' }
  | { kind: 'ring'; userIds: string[] }
  | { kind: 'missed' };

/**
 * Where an inbound call goes (ADR 022, inbound calls), in this order:
 * 1. the caller's record status forwards (forward + forwardTo): to that member's phone;
 * 2. an assignee of the record has forwardOnly: to the first such assignee's phone;
 * 3. the browsers of every idle member in the dialler (forwardOnly members are never rung) who may
 *    read the caller's record: a call from a record rings an 'Only assigned' member only when the
 *    record is assigned to them, as the ring shows the record's name, phone and id (issue 36);
 * 4. nobody to ring: to the first forwardOnly member with a number (admins first), so a team whose
 *    members take calls on their phones does not miss them; else the call is missed.
 */
export function routeInbound(input: {
  status: { forward: boolean; forwardTo: string | null } | null;
  /** Whether the caller's number is a record of the team (its assignees are then `assignedTo`). */
  recordFound: boolean;
  assignedTo: readonly string[];
  members: readonly InboundMember[];
}): InboundRoute {
  const byId = new Map(input.members.map((m) => [m.userId, m]));
  const st = input.status;
  if (st?.forward && st.forwardTo) {
    const to = byId.get(st.forwardTo);
    if (to?.forwardNumber)
      return { kind: 'forward', userId: to.userId, number: to.forwardNumber, why: 'status' };
  }
  for (const id of input.assignedTo) {
    const m = byId.get(id);
    if (m?.forwardOnly && m.forwardNumber)
      return { kind: 'forward', userId: m.userId, number: m.forwardNumber, why: 'assignee' };
  }
  const mayRead = (m: InboundMember) =>
    !input.recordFound || m.seesAllData || input.assignedTo.includes(m.userId);
  const ring = input.members
    .filter((m) => m.inDialler && m.idle && !m.forwardOnly && mayRead(m))
    .map((m) => m.userId);
  if (ring.length) return { kind: 'ring', userIds: ring };
  const fallback = [...input.members]
    .filter((m) => m.forwardOnly && m.forwardNumber)
    .sort((a, b) => Number(b.isAdmin) - Number(a.isAdmin))[0];
  if (fallback)
    return { kind: 'forward', userId: fallback.userId, number: fallback.forwardNumber!, why: 'fallback' };
  return { kind: 'missed' };
}

/** How an inbound call ends, from what happened on it. */
export function inboundOutcome(c: {
  answered: boolean;
  forwarded: boolean;
  outcome: 'completed' | 'no-answer' | 'busy' | 'failed' | 'canceled';
  durationMs: number;
}): CallStatus {
  if (c.answered) return 'Done';
  if (c.forwarded && c.outcome === 'completed' && c.durationMs > 0) return 'Forwarded';
  return 'Missed';
}

/** Who hears of a missed call: the record's assignees, else the team's admins (owner included). */
export function missedCallRecipients(assignedTo: readonly string[], admins: readonly string[]): string[] {
  return [...new Set(assignedTo.length ? assignedTo : admins)];
}

/** Whether a queue entry may be dialled for a member with noStatusCalls (no call to a record with no status). */
export function mayDialForMember(noStatusCalls: boolean, statusId: string | null): boolean {
  return !noStatusCalls || statusId !== null;
}
