import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { DomainEvents } from '../../../lib/domain-events.js';
import type { Realtime } from '../../../plugins/realtime.js';
import type { TeamsService } from '../../teams/index.js';

export type CampaignEngineOptions = {
  tickMs: number;
  /** Random spacing between two sends of one device; 0 and 0 send up to `perDeviceBatch` per tick. */
  gapMinMs: number;
  gapMaxMs: number;
  /** Contacts texted for the first time, per device per day. */
  firstTouchCap: number;
  perDeviceBatch: number;
  /** Texts one campaign writes in one tick, at most (keeps a tick short when every device is ready). */
  maxPerTick: number;
};

export type TickReport = {
  campaigns: number;
  sent: number;
  deferred: number;
  stopped: number;
  finished: number;
  /** Campaigns whose recipients wait because the team's plan has no texts left this month. */
  planLimited: number;
  /** Contacts of call campaigns put back into a queue for a follow-up call. */
  requeued: number;
};

/** What the campaign engine is built from (the campaigns plugin gives it). */
export type CampaignEngineDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  realtime: Realtime;
  kickDevice: (agentId: string) => void;
  /** The team's daily limit per device and its zone. */
  teams: Pick<TeamsService, 'findSendingSettings'>;
  /** Time zones a number may be in (from its prefix); [] when unknown. */
  zonesOf: (phone: string) => Promise<string[]>;
  /** The US state a number's area code belongs to (null when unknown): its law applies (state-law.ts). */
  stateOf?: (phone: string) => Promise<string | null>;
  /**
   * Texts the team's plan still allows this month (null: no limit), its month locked for the rest of
   * the tick's transaction (billing's plans.smsLeftThisMonth).
   */
  planSmsLeft: (tx: Db, teamId: string, now: Date) => Promise<number | null>;
  /**
   * Puts a call campaign's contacts due for a follow-up call back into their members' queues, in the
   * tick's transaction (the calls module); answers those queued again and their members.
   */
  requeueCalls?: (
    tx: Db,
    teamId: string,
    campaignId: string,
    itemIds: string[],
  ) => Promise<{ itemId: string; userId: string }[]>;
  /** Runs the members' dialling rounds once their queues were filled. */
  wakeCallers?: (userIds: string[]) => void;
  /** Tells the team's admins (a device paused for poor delivery). */
  notifyAdmins: (teamId: string, body: string) => Promise<void>;
  /** Subscriptions hear `campaign.finished` (ADR 045). */
  events?: DomainEvents;
  random?: () => number;
  options: CampaignEngineOptions;
};

/** The deps every use case of the engine is given, randomness settled. */
export type EngineContext = CampaignEngineDeps & { random: () => number };
