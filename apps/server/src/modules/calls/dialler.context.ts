import type { CallStatus, DialRefusal, DiallerStateDto, Plan } from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { PhoneState, PhoneZones } from '../../providers/phone-zones/index.js';
import type { VoiceProvider } from '../../providers/voice/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { RecordsService, TasksService } from '../records/index.js';
import { toMemberDto, toStateDto, type Line, type Session } from './dialler.sessions.js';

export type DiallerDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  /** Subscriptions hear `call.ended` (ADR 045). */
  events?: DomainEvents;
  voice: VoiceProvider;
  zonesOf: PhoneZones;
  /** The US state of a number's area code (rules/state-law.ts); null when unknown. */
  stateOf?: PhoneState;
  records: RecordsService;
  tasks: TasksService;
  notifications: NotificationsService;
  /** The team's plan and its outbound calls this month (billing's plans service). */
  callsThisMonth: (teamId: string) => Promise<{ plan: Plan; used: number }>;
  log: FastifyBaseLogger;
  /** A URL the provider can fetch a voicemail's audio from. */
  vmLink: (vmId: string) => string;
  /** The recorded identification an abandoned call hears. */
  identificationUrl: string;
  /** How long an inbound call rings the members' browsers before it is missed. */
  inboundRingMs?: number;
  /** Measures for the bench: ms from taking a queue entry to the provider accepting the call. */
  onPlaced?: (ms: number) => void;
};

/** A call campaign's queued call ended, or the dialler skipped it: its contact's step is over (ADR 046). */
export type CampaignCallEnd = {
  teamId: string;
  campaignId: string;
  itemId: string;
  status: CallStatus;
  /** Why a skipped entry was never dialled. */
  refusal?: DialRefusal | null;
  /** The entry was taken out of `from`'s queue by member `by` before its call (ADR 056). */
  removed?: { by: string; from: string };
  at: Date;
};

export type DiallerContext = ReturnType<typeof createDiallerContext>;

/**
 * What the dialler's parts share: the members' sessions in this process (ADR 022), the lines by the
 * provider's id, and how a member's state reaches their browser and their team's members list.
 */
export function createDiallerContext(deps: DiallerDeps) {
  const { clock, realtime, log } = deps;
  const sessions = new Map<string, Session>();
  const bySid = new Map<string, Line>();
  /** What each member's teammates last heard of them: the list changes less often than the lines. */
  const told = new Map<string, string>();
  const state = { closed: false };

  function emit(s: Session) {
    realtime.toUser(s.userId, 'callUpdate', { state: toStateDto(s, clock.now()) });
    const member = toMemberDto(s);
    const key = JSON.stringify(member);
    if (told.get(s.userId) === key) return;
    told.set(s.userId, key);
    realtime.toTeam(s.teamId, 'diallerMember', member);
  }

  /** Every line's writes still running, so an answer can wait until they have all landed. */
  const pending = new Set<Promise<unknown>>();

  /** Runs a line's database writes in order (the row is inserted first). */
  function write(line: Line, fn: () => Promise<unknown>) {
    const next = line.writes.then(fn).catch((err: unknown) => log.error({ err }, 'dialler write failed'));
    line.writes = next;
    pending.add(next);
    void next.finally(() => pending.delete(next));
    return next;
  }

  /** Resolves once no line has a write running, including writes those writes started. */
  async function idle() {
    while (pending.size) await Promise.all([...pending]);
  }

  const stateOf = (userId: string): DiallerStateDto => toStateDto(sessions.get(userId), clock.now());

  /** Who hears that a campaign's call ended (the campaigns move the contact's sequence on). */
  const campaignCallListeners: ((e: CampaignCallEnd) => Promise<void>)[] = [];
  async function campaignCallEnded(e: CampaignCallEnd) {
    for (const fn of campaignCallListeners)
      await fn(e).catch((err: unknown) => log.error({ err }, 'campaign call listener failed'));
  }

  /**
   * Who may hold back a campaign's queued call just before it is dialled (a follow-up call whose
   * contact replied, was texted or called by hand, or was closed since it was queued; ADR 046).
   */
  const followUpGates: ((e: {
    teamId: string;
    campaignId: string;
    itemId: string;
    at: Date;
  }) => Promise<boolean>)[] = [];
  async function followUpStillDue(e: { teamId: string; campaignId: string; itemId: string; at: Date }) {
    for (const gate of followUpGates) if (!(await gate(e))) return false;
    return true;
  }

  return {
    deps,
    followUpGates,
    followUpStillDue,
    sessions,
    bySid,
    told,
    state,
    emit,
    write,
    idle,
    stateOf,
    campaignCallListeners,
    campaignCallEnded,
  };
}
