import {
  decideRecipient,
  recipientPhone,
  recipientStates,
  type TeamContactHours,
  type DeferReason,
  type DueRecipient,
  type RecipientContext,
  type RecipientDecision,
  type RecipientStopReason,
  type SenderSlot,
  type SlotCapacity,
} from '@prospector/core';
import type { Db } from '../../../db/client.js';
import type { CampaignRow, DueRow } from './campaign-engine.queries.js';
import { recipientFacts, type RecipientFacts } from './recipient-facts.queries.js';

export type { SenderSlot } from '@prospector/core';

export type Decision =
  | {
      id: string;
      kind: 'stop';
      state: 'stopped' | 'skipped' | 'done';
      reason: RecipientStopReason | null;
      field?: string;
    }
  | { id: string; kind: 'defer'; until: Date; reason: DeferReason; law?: string; lawStates: string }
  | {
      id: string;
      kind: 'send';
      itemId: string;
      step: number;
      /** The campaign step this text belongs to (0: the first text; 1–5: a follow-up). */
      followUp: number;
      /** The states whose law applied (comma list). */
      lawStates: string;
      tried: string[];
      identifierId: string;
      to: string;
      setSentFrom: boolean;
      slot: SenderSlot;
      firstTouch: boolean;
      body: string;
      templateId: string;
      /** Another usable phone is left: wait for a reply before trying it. */
      hasNext: boolean;
    };

const toRecipient = (r: DueRow): DueRecipient => ({
  seq: Number(r.seq),
  step: r.step,
  followUp: r.followUp ?? 0,
  state: r.state,
  identifierId: r.identifierId,
  tried: r.tried,
  statusId: r.statusId,
  data: r.data,
  custom: r.custom,
  lastMessage: r.lastMessage,
});

/** What deciding one campaign's due recipients is given. */
export type DecideBatchInput = {
  db: Db;
  campaign: CampaignRow;
  due: DueRow[];
  slots: SenderSlot[];
  /** Per device; used up as texts are decided. */
  capacity: Map<string, SlotCapacity>;
  templates: {
    groups: { id: string; templates: { id: string; text: string }[] }[];
    subtemplates: { name: string; values: string[] }[];
  };
  /** Each follow-up step's templates, in step order. */
  followUpTemplates?: { groups: { id: string; templates: { id: string; text: string }[] }[] }[];
  /** The team's own hours (they only narrow the law's). */
  teamHours?: TeamContactHours | null;
  fieldNames: Map<string, string>;
  now: Date;
  timezone: string;
  /** Midnight starting the team's next day (the devices' daily limits start again). */
  nextDayAt: Date;
  zonesOf: (phone: string) => Promise<string[]>;
  /** The US state of a number's area code (null: unknown). */
  stateOf?: (phone: string) => Promise<string | null>;
  /** At most this many texts in one tick: a burst (every device ready at once) spreads over ticks. */
  maxSends: number;
};

function recipientContext(ctx: DecideBatchInput): RecipientContext {
  const { campaign: c } = ctx;
  return {
    campaign: { createdAt: c.createdAt, statusIds: c.statusIds, seed: c.seed },
    now: ctx.now,
    timezone: ctx.timezone,
    nextDayAt: ctx.nextDayAt,
    slots: ctx.slots,
    capacity: ctx.capacity,
    templates: {
      groups: ctx.templates.groups.map((g) => g.templates),
      subtemplates: ctx.templates.subtemplates,
      followUps: (ctx.followUpTemplates ?? []).map((t) => t.groups.map((g) => g.templates)),
    },
    teamHours: ctx.teamHours ?? null,
    fieldNames: ctx.fieldNames,
  };
}

/** The states whose law applies to the contact, and those its addresses alone give. */
async function lawStatesOf(
  ctx: DecideBatchInput,
  row: DueRow,
  property: ReturnType<RecipientFacts['propertyOf']>,
  next: ReturnType<typeof recipientPhone>['next'],
) {
  // The contact's state from its property's and its own (mailing) address, else its area code;
  // both when they disagree (rules/state-law.ts).
  const addressStates = recipientStates({
    addressStates: [property?.['State'], row.data['State']],
    areaCodeState: null,
  });
  const states = recipientStates({
    addressStates,
    areaCodeState: next && ctx.stateOf ? await ctx.stateOf(next.value) : null,
  });
  return { addressStates, states };
}

/** A text decided: its device's capacity is used up by it before the next recipient is decided. */
function takeText(
  ctx: DecideBatchInput,
  row: DueRow,
  r: DueRecipient,
  decision: Extract<RecipientDecision, { kind: 'send' }>,
  lawStates: string,
): Decision {
  const cap = ctx.capacity.get(decision.slot.deviceId)!;
  cap.slots--;
  cap.dailyLeft--;
  cap.load++;
  if (decision.firstTouch) cap.firstTouchLeft--;
  return {
    id: row.id,
    kind: 'send',
    itemId: row.itemId,
    step: r.step + 1,
    followUp: r.followUp ?? 0,
    lawStates,
    tried: [...r.tried, decision.phone.id],
    identifierId: decision.phone.id,
    to: decision.phone.value,
    setSentFrom: !decision.phone.sentFrom,
    slot: decision.slot,
    firstTouch: decision.firstTouch,
    body: decision.body,
    templateId: decision.templateId,
    hasNext: decision.hasNext,
  };
}

/** One due recipient decided (`decideRecipient`, a rule of core); null when it just waits. */
async function decideOne(
  ctx: DecideBatchInput,
  facts: RecipientFacts,
  context: RecipientContext,
  row: DueRow,
): Promise<Decision | null> {
  const r = toRecipient(row);
  const phones = facts.phonesOf(row.itemId);
  const next = recipientPhone(r, phones).next;
  const property = facts.propertyOf(row.itemId);
  const { addressStates, states } = await lawStatesOf(ctx, row, property, next);
  const lawStates = states.join(',');
  const decision = decideRecipient(
    r,
    {
      phones,
      property,
      textsToday: (phone) => facts.textsToday(row.itemId, phone),
      zones: next ? await ctx.zonesOf(next.value) : [],
      states,
      addressStates,
      manualAt: facts.manualAt(row.itemId),
    },
    context,
  );
  if (decision.kind === 'wait') return null;
  if (decision.kind === 'defer') return { id: row.id, ...decision, lawStates };
  if (decision.kind !== 'send') return { id: row.id, ...decision };
  return takeText(ctx, row, r, decision, lawStates);
}

/**
 * Decides, for each due recipient of one campaign in turn, whether it is texted now (and from which
 * device), waits, or is done with (`decideRecipient`, a rule of core). The reads are batched first;
 * each text taken uses up its device's capacity before the next recipient is decided.
 */
export async function decideBatch(ctx: DecideBatchInput): Promise<Decision[]> {
  const facts = await recipientFacts(
    ctx.db,
    ctx.due.map((r) => r.itemId),
    ctx.now,
  );
  const context = recipientContext(ctx);
  const out: Decision[] = [];
  let sends = 0;
  for (const row of ctx.due) {
    if (sends >= ctx.maxSends) break;
    const decision = await decideOne(ctx, facts, context, row);
    if (!decision) continue;
    if (decision.kind === 'send') sends++;
    out.push(decision);
  }
  return out;
}
