import { MAX_TEXTS_PER_RECIPIENT_PER_DAY } from './campaigns.js';
import {
  bindingLaw,
  contactRule,
  contactZones,
  isContactHour,
  nextContactAt,
  type TeamContactHours,
} from './state-law.js';
import { itemTitle } from './records.js';
import { pickTemplate, renderTemplate, TEMPLATE_FIELDS, type Subtemplate } from './templates.js';

/**
 * What a campaign does with one due recipient on a tick: text it now (which phone, from which
 * device, with which words), put it off, or be done with it. Pure: the engine reads the facts in
 * batches, calls this for each recipient in turn, and writes the decisions.
 */

type Values = Record<string, string | number | boolean | null | undefined>;

/** Why a recipient left a campaign without being texted to the end. */
export type RecipientStopReason =
  | 'replied'
  | 'status'
  | 'optOut'
  | 'blocked'
  | 'noPhone'
  | 'missingField'
  /** A member texted or called the contact by hand: the campaign leaves it to them. */
  | 'manual';

/** One of the contact's phones, in the order they are tried: primary first, then by position. */
export type CampaignPhone = { id: string; value: string; status: string; sentFrom: string | null };

/** A recipient that is due: `pending` is texted at its current phone; `waiting` moves to the next. */
export type DueRecipient = {
  /** Its place in the campaign: it turns the templates and subtemplates. */
  seq: number;
  /** Texts sent to it so far. */
  step: number;
  /** The step its next text belongs to: 0 the first text, 1–5 a follow-up (to the phone texted before). */
  followUp?: number;
  state: 'pending' | 'waiting';
  /** The phone it was last given. */
  identifierId: string | null;
  /** Phones texted already, never texted again. */
  tried: readonly string[];
  statusId: string | null;
  data: Values;
  custom: Record<string, unknown>;
  lastMessage: { direction?: 'in' | 'out'; createdAt: string } | null;
};

/**
 * A device the campaign may send from; an iPhone's agent is its Mac. Not `usable` when its agent is
 * not connected or when `paused` (the campaign paused it for poor delivery).
 */
export type SenderSlot = {
  deviceId: string;
  agentId: string | null;
  value: string;
  usable: boolean;
  paused: boolean;
};

/** What a device may still send this tick and today (`dailyLeft`: under the team's limit), and how busy it is. */
export type SlotCapacity = {
  slots: number;
  dailyLeft: number;
  firstTouchLeft: number;
  load: number;
  nextSendAt: Date | null;
};

/**
 * Why a recipient the engine put off waits (written on its row with the time it waits until):
 * its number had 3 texts in 24 hours, it is night where it lives, its device is at its daily limit,
 * paused for poor delivery, offline or spacing its texts, or the campaign has no template left.
 */
export type DeferReason =
  | 'recipientDailyCap'
  | 'lawDailyCap'
  | 'quietHours'
  | 'deviceLimit'
  | 'deviceUnhealthy'
  | 'deviceOffline'
  | 'queued'
  | 'noTemplate'
  /** A call campaign's contact is in a member's queue: its step ends with the call (call-follow-ups.ts). */
  | 'inCallQueue';

/** The tick's view of the campaign, the same for every recipient (capacity changes between them). */
export type RecipientContext = {
  campaign: { createdAt: Date; statusIds: readonly string[]; seed: number };
  now: Date;
  /** The team's zone: recipients whose number tells no zone are awake by it. */
  timezone: string;
  /** Midnight starting the team's next day, when the devices' daily limits start again. */
  nextDayAt: Date;
  slots: readonly SenderSlot[];
  capacity: ReadonlyMap<string, SlotCapacity>;
  templates: {
    groups: readonly (readonly { id: string; text: string }[])[];
    subtemplates: readonly Subtemplate[];
    /** Each follow-up step's template groups (index 0 is follow-up 1). */
    followUps?: readonly (readonly (readonly { id: string; text: string }[])[])[];
  };
  /** The team's own hours, which only narrow the law's (state-law.ts). */
  teamHours?: TeamContactHours | null;
  /** Custom field id → name, for `**Field**` on custom values. */
  fieldNames: ReadonlyMap<string, string>;
};

/** What the engine read about this recipient's record. */
export type RecipientFacts = {
  phones: readonly CampaignPhone[];
  /** The first linked property's fields (its address fills `**Address**`). */
  property: Values | undefined;
  /** Texts the campaigns sent to a phone of this record in the last 24 hours. */
  textsToday: (phone: string) => number;
  /** The time zones of the phone `recipientPhone` picks ([] when unknown). */
  zones: readonly string[];
  /** The states whose law applies (recipientStates of state-law.ts: addresses and area code). */
  states?: readonly string[];
  /** The states of its addresses: their zones count with the number's (the area code's are the number's). */
  addressStates?: readonly string[];
  /** When a member last texted or called the record by hand (null: never). */
  manualAt?: Date | null;
};

export type RecipientDecision =
  | {
      kind: 'stop';
      state: 'stopped' | 'skipped' | 'done';
      reason: RecipientStopReason | null;
      /** The field it lacks, when skipped for one. */
      field?: string;
    }
  | {
      kind: 'defer';
      until: Date;
      reason: DeferReason;
      /** The law that holds it back (bindingLaw of state-law.ts), for quiet hours and the 24-hour limit. */
      law?: string;
    }
  /** Every device is busy or at its limit: the recipient waits its turn, unchanged. */
  | { kind: 'wait' }
  | {
      kind: 'send';
      phone: CampaignPhone;
      slot: SenderSlot;
      /** The phone was never texted: it counts against the device's first-touch cap. */
      firstTouch: boolean;
      body: string;
      templateId: string;
      /** Another usable phone is left: wait for a reply before trying it. */
      hasNext: boolean;
    };

const MINUTE = 60_000;

/**
 * The phones that may still be texted (no DNC or Wrong #, not tried), and the one texted next. A
 * follow-up goes only to the phone texted before it (none when that phone is DNC or Wrong # now).
 */
export function recipientPhone(
  r: Pick<DueRecipient, 'followUp' | 'identifierId' | 'state' | 'tried'>,
  phones: readonly CampaignPhone[],
) {
  if ((r.followUp ?? 0) > 0) {
    const same = phones.find((p) => p.id === r.identifierId && p.status === '');
    return { usable: same ? [same] : [], next: same ?? null };
  }
  const usable = phones.filter((p) => p.status === '' && !r.tried.includes(p.id));
  const current = usable.find((p) => p.id === r.identifierId);
  const next = r.state === 'pending' ? (current ?? usable[0]) : usable[0];
  return { usable, next: next ?? null };
}

/** Decides one due recipient; the checks run in order and the first that applies decides. */
export function decideRecipient(
  r: DueRecipient,
  facts: RecipientFacts,
  ctx: RecipientContext,
): RecipientDecision {
  const { campaign: c, now } = ctx;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const lm = r.lastMessage;
  if (lm?.direction === 'in' && new Date(lm.createdAt).getTime() >= c.createdAt.getTime())
    return { kind: 'stop', state: 'stopped', reason: 'replied' };
  if (facts.manualAt && facts.manualAt.getTime() >= c.createdAt.getTime())
    return { kind: 'stop', state: 'stopped', reason: 'manual' };
  // A follow-up's phone turned DNC or Wrong # (which may move the record to the DNC status too).
  if ((r.followUp ?? 0) > 0 && !recipientPhone(r, facts.phones).next) return noPhoneLeft(r, facts.phones);
  if (!r.statusId || !c.statusIds.includes(r.statusId))
    return { kind: 'stop', state: 'stopped', reason: 'status' };
  const { usable, next: phone } = recipientPhone(r, facts.phones);
  if (!phone) return noPhoneLeft(r, facts.phones);
  // The words before the timing: a recipient who cannot be texted is told at once, whatever the hour.
  const step = r.followUp ?? 0;
  const groups = step > 0 ? (ctx.templates.followUps?.[step - 1] ?? []) : ctx.templates.groups;
  const template = pickTemplate(groups, c.seed + r.seq + r.step);
  if (!template) return { kind: 'defer', until: at(10 * MINUTE), reason: 'noTemplate' };
  const rendered = renderTemplate(
    template.text,
    templateValues(r, facts.property, ctx.fieldNames),
    ctx.templates.subtemplates,
    c.seed + r.seq,
  );
  if (!rendered.ok)
    return { kind: 'stop', state: 'skipped', reason: 'missingField', field: rendered.missing };
  // The law of every state the contact may be in, strictest wins (state-law.ts), then our own cap.
  const states = facts.states ?? [];
  const rule = contactRule(states, ctx.teamHours);
  const recent = facts.textsToday(phone.value);
  if (rule.maxPer24h !== null && recent >= rule.maxPer24h)
    return {
      kind: 'defer',
      until: at(60 * MINUTE),
      reason: 'lawDailyCap',
      law: bindingLaw(rule, 'lawDailyCap'),
    };
  if (recent >= MAX_TEXTS_PER_RECIPIENT_PER_DAY)
    return { kind: 'defer', until: at(60 * MINUTE), reason: 'recipientDailyCap' };
  const zones = contactZones(facts.zones, facts.addressStates ?? []);
  if (!isContactHour(rule, zones, now, ctx.timezone)) {
    const until = nextContactAt(rule, zones, now, ctx.timezone);
    const law = bindingLaw(rule, 'quietHours');
    // Federal hours are every contact's: only a state's law or the team's own hours are named.
    return law === 'US'
      ? { kind: 'defer', until, reason: 'quietHours' }
      : { kind: 'defer', until, reason: 'quietHours', law };
  }
  const firstTouch = !phone.sentFrom;
  const slot = pickSlot(phone, ctx);
  if (slot.kind !== 'slot') return slot;
  return {
    kind: 'send',
    phone,
    slot: slot.slot,
    firstTouch,
    body: rendered.text,
    templateId: template.id,
    hasNext: usable.some((p) => p.id !== phone.id),
  };
}

/** No phone left to text: done after a text, else why none could be texted at all. */
function noPhoneLeft(r: DueRecipient, phones: readonly CampaignPhone[]): RecipientDecision {
  if ((r.followUp ?? 0) > 0) {
    // Its phone turned DNC or Wrong # (or was deleted) since the last step: the sequence stops.
    const same = phones.find((p) => p.id === r.identifierId);
    return { kind: 'stop', state: 'stopped', reason: same?.status === 'DNC' ? 'optOut' : 'blocked' };
  }
  if (r.step > 0) return { kind: 'stop', state: 'done', reason: null };
  if (phones.some((p) => p.status === 'DNC')) return { kind: 'stop', state: 'stopped', reason: 'optOut' };
  if (phones.length > 0) return { kind: 'stop', state: 'stopped', reason: 'blocked' };
  return { kind: 'stop', state: 'skipped', reason: 'noPhone' };
}

/**
 * The device that texts this phone. Sticky sender: a contact stays on the device it talked to, when
 * that device is in the campaign (it waits for it: until tomorrow when it is at its daily limit). New
 * contacts go to the healthy connected device with the least load that may still take one.
 */
function pickSlot(
  phone: CampaignPhone,
  ctx: RecipientContext,
): { kind: 'slot'; slot: SenderSlot } | Extract<RecipientDecision, { kind: 'defer' | 'wait' }> {
  const from = phone.sentFrom?.toLowerCase();
  const sticky = from ? ctx.slots.findLast((s) => s.value.toLowerCase() === from) : undefined;
  if (sticky) {
    const cap = ctx.capacity.get(sticky.deviceId);
    if (sticky.usable && cap && cap.slots > 0) return { kind: 'slot', slot: sticky };
    const soon = new Date(ctx.now.getTime() + MINUTE);
    if (!sticky.usable)
      return { kind: 'defer', until: soon, reason: sticky.paused ? 'deviceUnhealthy' : 'deviceOffline' };
    if (cap && cap.dailyLeft <= 0) return { kind: 'defer', until: ctx.nextDayAt, reason: 'deviceLimit' };
    const next = cap?.nextSendAt?.getTime() ?? 0;
    return { kind: 'defer', until: new Date(Math.max(soon.getTime(), next)), reason: 'queued' };
  }
  const firstTouch = !phone.sentFrom;
  let best: { s: SenderSlot; load: number } | null = null;
  for (const s of ctx.slots) {
    const cap = ctx.capacity.get(s.deviceId);
    if (!s.usable || !cap || cap.slots <= 0 || (firstTouch && cap.firstTouchLeft <= 0)) continue;
    if (!best || cap.load < best.load) best = { s, load: cap.load };
  }
  return best ? { kind: 'slot', slot: best.s } : { kind: 'wait' };
}

const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';
const PLACE_FIELDS = ['Address', 'City', 'State', 'Zip'] as const;

/**
 * A contact's values for `**Field**`: its own fields, its custom fields by name, its property's
 * address (`Address`, else `Street1`, else `Full`) and place. Empty values are left out: the template's
 * fallback, or a skip, stands in for them. templateFieldSources says the same in terms a query can count.
 */
export function templateValues(
  r: Pick<DueRecipient, 'data' | 'custom'>,
  property: Values | undefined,
  fieldNames: ReadonlyMap<string, string>,
): Values {
  const values: Values = {};
  for (const k of PLACE_FIELDS) if (filled(property?.[k])) values[k] = property![k];
  if (!values['Address'])
    values['Address'] = [property?.['Street1'], property?.['Full']].find(filled) ?? undefined;
  for (const [k, v] of Object.entries(r.data)) if (filled(v)) values[k] = v;
  const name = itemTitle('contact', r.data);
  if (name !== 'Unnamed contact') values['Name'] = name;
  for (const [id, v] of Object.entries(r.custom ?? {})) {
    const field = fieldNames.get(id);
    if (field && (typeof v === 'string' || typeof v === 'number') && filled(v)) values[field] = v;
  }
  return values;
}

/** Where a field's value may come from: a key of the contact's fields, of its property's, or a custom field id. */
export type FieldSource = { from: 'contact' | 'property' | 'custom'; key: string };

/**
 * Where templateValues looks for a field (case-insensitively, as templates match): a recipient lacks
 * the field when every source is empty. Built-in fields take their usual spelling; a custom field is
 * read by each id its name has.
 */
export function templateFieldSources(
  field: string,
  customFields: readonly { id: string; name: string }[],
): FieldSource[] {
  const k = field.trim().toLowerCase();
  const builtIn = TEMPLATE_FIELDS.find((f) => f.toLowerCase() === k) ?? field.trim();
  const sources: FieldSource[] = [{ from: 'contact', key: builtIn }];
  if (builtIn === 'Name')
    sources.push({ from: 'contact', key: 'First name' }, { from: 'contact', key: 'Last name' });
  if ((PLACE_FIELDS as readonly string[]).includes(builtIn)) sources.push({ from: 'property', key: builtIn });
  if (builtIn === 'Address')
    sources.push({ from: 'property', key: 'Street1' }, { from: 'property', key: 'Full' });
  for (const f of customFields)
    if (f.name.trim().toLowerCase() === k) sources.push({ from: 'custom', key: f.id });
  return sources;
}
