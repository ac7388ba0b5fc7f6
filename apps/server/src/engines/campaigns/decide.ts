import {
  isRecipientAwake,
  itemTitle,
  MAX_TEXTS_PER_RECIPIENT_PER_DAY,
  pickTemplate,
  renderTemplate,
} from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { campaigns, RecipientReason } from '../../db/schema/index.js';

type CampaignRow = typeof campaigns.$inferSelect;
type Values = Record<string, string | number | boolean | null | undefined>;

export type DueRecipient = {
  id: string;
  seq: number | string;
  item_id: string;
  identifier_id: string | null;
  state: 'pending' | 'waiting';
  step: number;
  tried: string[];
  status_id: string | null;
  data: Values;
  custom: Record<string, unknown>;
  last_message: { direction?: 'in' | 'out'; createdAt: string } | null;
};

export type SenderSlot = { deviceId: string; agentId: string | null; value: string; usable: boolean };
export type Capacity = { slots: number; firstTouchLeft: number; load: number; nextSendAt: Date | null };

export type Decision =
  | { id: string; kind: 'stop'; state: 'stopped' | 'skipped' | 'done'; reason: RecipientReason | null }
  | { id: string; kind: 'defer'; until: Date }
  | {
      id: string;
      kind: 'send';
      itemId: string;
      step: number;
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

type Identifier = { id: string; item_id: string; value: string; status: string; sent_from: string | null };

const MINUTE = 60_000;

/**
 * Decides, for each due recipient of one campaign, whether it is texted now (and from which device),
 * waits, or is done with. Pure apart from the reads it batches (phones, linked addresses, recent texts).
 */
export async function decideBatch(ctx: {
  db: Db;
  campaign: CampaignRow;
  due: DueRecipient[];
  slots: SenderSlot[];
  capacity: Map<string, Capacity>;
  templates: {
    groups: { id: string; templates: { id: string; text: string }[] }[];
    subtemplates: { name: string; values: string[] }[];
  };
  fieldNames: Map<string, string>;
  now: Date;
  timezone: string;
  zonesOf: (phone: string) => Promise<string[]>;
  /** At most this many texts in one tick: a burst (every device ready at once) spreads over ticks. */
  maxSends: number;
}): Promise<Decision[]> {
  const { campaign: c, now } = ctx;
  const itemIds = [...new Set(ctx.due.map((r) => r.item_id))];
  // A uuid[] parameter: `= any(…)` reads each id through its index (a jsonb list made the planner
  // guess one row and loop over the whole messages table).
  const ids = sql`${`{${itemIds.join(',')}}`}::uuid[]`;
  // One after another: they share the tick's transaction (one connection).
  const phones = await queryRows<Identifier>(
    ctx.db,
    sql`select id, item_id, value, status, sent_from from identifiers
        where item_id = any(${ids}) and not is_email
        order by "primary" desc, position, created_at`,
  );
  const addresses = await queryRows<{ item_id: string; data: Values }>(
    ctx.db,
    sql`select distinct on (l.from_id) l.from_id as item_id, p.data from item_links l
        join items p on p.id = l.to_id and p.type = 'property'
        where l.from_id = any(${ids})
        order by l.from_id, p.created_at`,
  );
  const recent = await queryRows<{ item_id: string; phone: string; n: number }>(
    ctx.db,
    sql`select item_id, phone, count(*)::int as n from messages
        where item_id = any(${ids})
          and direction = 'out' and not system and not comment and not is_im
          and created_at > ${new Date(now.getTime() - 24 * 60 * MINUTE)}
        group by item_id, phone`,
  );
  const phonesOf = new Map<string, Identifier[]>();
  for (const p of phones) phonesOf.set(p.item_id, [...(phonesOf.get(p.item_id) ?? []), p]);
  const addressOf = new Map(addresses.map((a) => [a.item_id, a.data]));
  const recentOf = new Map(recent.map((r) => [`${r.item_id}|${r.phone}`, r.n]));
  const slotByValue = new Map(ctx.slots.map((s) => [s.value.toLowerCase(), s]));
  const groups = ctx.templates.groups.map((g) => g.templates);

  const out: Decision[] = [];
  let sends = 0;
  for (const r of ctx.due) {
    if (sends >= ctx.maxSends) break;
    const stop = (state: 'stopped' | 'skipped' | 'done', reason: RecipientReason | null) =>
      out.push({ id: r.id, kind: 'stop', state, reason });
    const defer = (ms: number) => out.push({ id: r.id, kind: 'defer', until: new Date(now.getTime() + ms) });
    const lm = r.last_message;
    if (lm?.direction === 'in' && new Date(lm.createdAt).getTime() >= c.createdAt.getTime()) {
      stop('stopped', 'replied');
      continue;
    }
    if (!r.status_id || !c.statusIds.includes(r.status_id)) {
      stop('stopped', 'status');
      continue;
    }
    const all = phonesOf.get(r.item_id) ?? [];
    const usable = all.filter((p) => p.status === '' && !r.tried.includes(p.id));
    const current = usable.find((p) => p.id === r.identifier_id);
    const idt = r.state === 'pending' ? (current ?? usable[0]) : usable[0];
    if (!idt) {
      if (r.step > 0) stop('done', null);
      else if (all.some((p) => p.status === 'DNC')) stop('stopped', 'optOut');
      else if (all.length > 0) stop('stopped', 'blocked');
      else stop('skipped', 'noPhone');
      continue;
    }
    if ((recentOf.get(`${r.item_id}|${idt.value}`) ?? 0) >= MAX_TEXTS_PER_RECIPIENT_PER_DAY) {
      defer(60 * MINUTE);
      continue;
    }
    if (!isRecipientAwake(await ctx.zonesOf(idt.value), now, ctx.timezone)) {
      defer(30 * MINUTE);
      continue;
    }
    // Sticky sender: a contact stays on the device it talked to, when that device is in the campaign.
    const sticky = idt.sent_from ? slotByValue.get(idt.sent_from.toLowerCase()) : undefined;
    const firstTouch = !idt.sent_from;
    let slot: SenderSlot | undefined;
    if (sticky) {
      const cap = ctx.capacity.get(sticky.deviceId);
      if (!sticky.usable || !cap || cap.slots <= 0) {
        const next = cap?.nextSendAt?.getTime() ?? 0;
        out.push({ id: r.id, kind: 'defer', until: new Date(Math.max(now.getTime() + MINUTE, next)) });
        continue;
      }
      slot = sticky;
    } else {
      // New contacts go to the healthy connected device with the least load that may still take one.
      let best: { s: SenderSlot; load: number } | null = null;
      for (const s of ctx.slots) {
        const cap = ctx.capacity.get(s.deviceId);
        if (!s.usable || !cap || cap.slots <= 0 || (firstTouch && cap.firstTouchLeft <= 0)) continue;
        if (!best || cap.load < best.load) best = { s, load: cap.load };
      }
      if (!best) continue; // Every device is busy or at its limit: the recipient waits its turn.
      slot = best.s;
    }
    const seq = Number(r.seq);
    const template = pickTemplate(groups, c.seed + seq + r.step);
    if (!template) {
      defer(10 * MINUTE);
      continue;
    }
    const rendered = renderTemplate(
      template.text,
      valuesOf(r, addressOf.get(r.item_id), ctx.fieldNames),
      ctx.templates.subtemplates,
      c.seed + seq,
    );
    if (!rendered.ok) {
      stop('skipped', 'missingField');
      continue;
    }
    const cap = ctx.capacity.get(slot.deviceId)!;
    cap.slots--;
    cap.load++;
    sends++;
    if (firstTouch) cap.firstTouchLeft--;
    out.push({
      id: r.id,
      kind: 'send',
      itemId: r.item_id,
      step: r.step + 1,
      tried: [...r.tried, idt.id],
      identifierId: idt.id,
      to: idt.value,
      setSentFrom: !idt.sent_from,
      slot,
      firstTouch,
      body: rendered.text,
      templateId: template.id,
      hasNext: usable.some((p) => p.id !== idt.id),
    });
  }
  return out;
}

/** A contact's values for `**Field**`: its own fields, its custom fields by name, its property's address. */
function valuesOf(r: DueRecipient, property: Values | undefined, fieldNames: Map<string, string>): Values {
  const values: Values = {};
  for (const k of ['Address', 'City', 'State', 'Zip']) values[k] = property?.[k] ?? undefined;
  if (property && !values['Address']) values['Address'] = property['Street1'] ?? property['Full'];
  for (const [k, v] of Object.entries(r.data))
    if (v !== null && v !== undefined && String(v).trim()) values[k] = v;
  const name = itemTitle('contact', r.data);
  if (name !== 'Unnamed contact') values['Name'] = name;
  for (const [id, v] of Object.entries(r.custom ?? {})) {
    const field = fieldNames.get(id);
    if (field && (typeof v === 'string' || typeof v === 'number')) values[field] = v;
  }
  return values;
}
