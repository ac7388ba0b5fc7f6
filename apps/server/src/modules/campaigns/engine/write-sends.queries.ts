import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jsonRows } from '../../../db/json-rows.js';
import type { campaigns, messages } from '../../../db/schema/index.js';
import { queueDeviceTexts } from '../../devices/index.js';
import { campaignTexts } from '../../records/index.js';
import type { Decision } from './decide.js';

type CampaignRow = typeof campaigns.$inferSelect;
export type Send = { message: typeof messages.$inferSelect; agentId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

type SendDecision = Extract<Decision, { kind: 'send' }>;

/** A recipient's next state, one row of the set-based update (null and '' keep the column as it is). */
type RecipientUpdate = {
  id: string;
  state: string;
  reason: string | null;
  waitReason: string | null;
  missingField: string | null;
  step: number | null;
  nextAt: string;
  identifierId: string | null;
  deviceId: string | null;
  tried: string[] | null;
  lastSentAt: string | null;
  followUp: number | null;
  lastStep: number | null;
  waitLaw: string | null;
  lawStates: string | null;
};

const UNCHANGED = {
  reason: null,
  waitReason: null,
  missingField: null,
  step: null,
  identifierId: null,
  deviceId: null,
  tried: null,
  lastSentAt: null,
  followUp: null,
  lastStep: null,
  waitLaw: null,
  lawStates: null,
} as const;

function sentUpdate(c: CampaignRow, d: SendDecision, now: Date): RecipientUpdate {
  // After its last phone in a step, a contact waits for the next follow-up (same phone, same
  // device: identifiers.sent_from keeps the sender), or is done after the last step.
  const next = d.hasNext ? null : c.followUps[d.followUp];
  return {
    ...UNCHANGED,
    id: d.id,
    state: d.hasNext ? 'waiting' : next ? 'pending' : 'done',
    step: d.step,
    nextAt: new Date(now.getTime() + (next ? next.afterDays : c.daysToChangeReceiver) * DAY_MS).toISOString(),
    identifierId: d.identifierId,
    deviceId: d.slot.deviceId,
    tried: d.tried,
    lastSentAt: now.toISOString(),
    followUp: next ? d.followUp + 1 : d.followUp,
    lastStep: d.followUp,
    lawStates: d.lawStates,
  };
}

function recipientUpdate(c: CampaignRow, d: Decision, now: Date): RecipientUpdate {
  if (d.kind === 'stop')
    return {
      ...UNCHANGED,
      id: d.id,
      state: d.state,
      reason: d.reason,
      missingField: d.field ?? null,
      nextAt: now.toISOString(),
    };
  if (d.kind === 'defer')
    return {
      ...UNCHANGED,
      id: d.id,
      state: '',
      waitReason: d.reason,
      nextAt: d.until.toISOString(),
      waitLaw: d.law ?? null,
      lawStates: d.lawStates,
    };
  return sentUpdate(c, d, now);
}

async function updateRecipients(tx: Db, updates: RecipientUpdate[]) {
  if (updates.length === 0) return;
  const u = jsonRows('u', updates, {
    id: 'uuid',
    state: 'text',
    reason: 'text',
    waitReason: 'text',
    missingField: 'text',
    step: 'int',
    nextAt: 'timestamptz',
    identifierId: 'uuid',
    deviceId: 'uuid',
    tried: 'jsonb',
    lastSentAt: 'timestamptz',
    followUp: 'int',
    lastStep: 'int',
    waitLaw: 'text',
    lawStates: 'text',
  });
  await tx.execute(sql`update campaign_recipients r set
      state = coalesce(nullif(u.state, ''), r.state),
      reason = coalesce(u.reason, r.reason),
      wait_reason = u."waitReason",
      missing_field = u."missingField",
      step = coalesce(u.step, r.step),
      next_at = u."nextAt",
      identifier_id = coalesce(u."identifierId", r.identifier_id),
      device_id = coalesce(u."deviceId", r.device_id),
      tried = coalesce(u.tried, r.tried),
      last_sent_at = coalesce(u."lastSentAt", r.last_sent_at),
      follow_up = coalesce(u."followUp", r.follow_up),
      last_step = coalesce(u."lastStep", r.last_step),
      wait_law = u."waitLaw",
      law_states = coalesce(u."lawStates", r.law_states)
    from ${u}
    where r.id = u.id`);
}

/** Each device's texts and first touches of the tick, and its next random send time. */
async function countDeviceSends(
  tx: Db,
  sends: SendDecision[],
  now: Date,
  day: string,
  gapMs: (deviceId: string) => number,
) {
  const perDevice = new Map<string, { n: number; first: number }>();
  for (const s of sends) {
    const d = perDevice.get(s.slot.deviceId) ?? { n: 0, first: 0 };
    d.n++;
    if (s.firstTouch) d.first++;
    perDevice.set(s.slot.deviceId, d);
  }
  const counters = [...perDevice].map(([id, d]) => ({
    id,
    n: d.n,
    f: d.first,
    next: new Date(now.getTime() + gapMs(id)).toISOString(),
  }));
  const u = jsonRows('u', counters, { id: 'uuid', n: 'int', f: 'int', next: 'timestamptz' });
  await tx.execute(sql`update device_campaign_days x set sent = x.sent + u.n, first_touch = x.first_touch + u.f,
      next_send_at = u.next
    from ${u}
    where x.device_id = u.id and x.day = ${day}::date`);
}

/** The texts as queued messages of their records' threads, and each as its device's job. */
async function queueTexts(tx: Db, c: CampaignRow, sends: SendDecision[], now: Date) {
  const inserted = await campaignTexts.insertQueued(
    tx,
    sends.map((s) => ({
      teamId: c.teamId,
      itemId: s.itemId,
      body: s.body,
      phone: s.to,
      sentFrom: s.slot.value,
      at: now,
    })),
  );
  await queueDeviceTexts(
    tx,
    sends.map((s, i) => ({
      teamId: c.teamId,
      deviceId: s.slot.agentId!,
      fromValue: s.slot.value,
      itemId: s.itemId,
      messageId: inserted[i]!.id,
      to: s.to,
      body: s.body,
      nextAttemptAt: now,
      createdAt: now,
      campaignId: c.id,
      recipientId: s.id,
      step: s.step,
      templateId: s.templateId,
    })),
  );
  return inserted;
}

/**
 * Writes one tick's decisions in set-based statements: the texts (messages + device jobs), the
 * recipients' next state (with why one is put off, or the field it lacked when skipped), the phones'
 * sticky sender, the records' last message, and the device-day counters with each device's next
 * random send time.
 */
export async function writeSends(
  tx: Db,
  c: CampaignRow,
  decisions: Decision[],
  now: Date,
  day: string,
  gapMs: (deviceId: string) => number,
): Promise<Send[]> {
  const sends = decisions.filter((d): d is SendDecision => d.kind === 'send');
  await updateRecipients(
    tx,
    decisions.map((d) => recipientUpdate(c, d, now)),
  );
  if (sends.length === 0) return [];
  const inserted = await queueTexts(tx, c, sends, now);
  await campaignTexts.setStickySenders(
    tx,
    sends.filter((s) => s.setSentFrom).map((s) => ({ id: s.identifierId, v: s.slot.value })),
  );
  await campaignTexts.setLastTexts(
    tx,
    sends.map((s) => ({
      id: s.itemId,
      m: { body: s.body, createdAt: now.toISOString(), leadIdt: s.to, direction: 'out' },
    })),
    now,
  );
  await countDeviceSends(tx, sends, now, day, gapMs);
  return sends.map((s, i) => ({ message: inserted[i]!, agentId: s.slot.agentId! }));
}
