import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { campaigns, messages } from '../../../db/schema/index.js';
import { queueDeviceTexts } from '../../devices/index.js';
import { campaignTexts } from '../../records/index.js';
import type { Decision } from './decide.js';

type CampaignRow = typeof campaigns.$inferSelect;
export type Send = { message: typeof messages.$inferSelect; agentId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const rows = (v: unknown[]) => JSON.stringify(v);

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
  const sends = decisions.filter((d): d is Extract<Decision, { kind: 'send' }> => d.kind === 'send');
  const updates: {
    id: string;
    state: string;
    reason: string | null;
    wait_reason: string | null;
    missing_field: string | null;
    step: number | null;
    next_at: string;
    identifier_id: string | null;
    device_id: string | null;
    tried: string[] | null;
    last_sent_at: string | null;
    follow_up: number | null;
    last_step: number | null;
    wait_law: string | null;
    law_states: string | null;
  }[] = [];
  const none = { follow_up: null, last_step: null, wait_law: null, law_states: null };
  for (const d of decisions) {
    if (d.kind === 'stop')
      updates.push({
        id: d.id,
        state: d.state,
        reason: d.reason,
        wait_reason: null,
        missing_field: d.field ?? null,
        step: null,
        next_at: now.toISOString(),
        identifier_id: null,
        device_id: null,
        tried: null,
        last_sent_at: null,
        ...none,
      });
    else if (d.kind === 'defer')
      updates.push({
        id: d.id,
        state: '',
        reason: null,
        wait_reason: d.reason,
        missing_field: null,
        step: null,
        next_at: d.until.toISOString(),
        identifier_id: null,
        device_id: null,
        tried: null,
        last_sent_at: null,
        ...none,
        wait_law: d.law ?? null,
        law_states: d.lawStates,
      });
    else {
      // After its last phone in a step, a contact waits for the next follow-up (same phone, same
      // device: identifiers.sent_from keeps the sender), or is done after the last step.
      const next = d.hasNext ? null : c.followUps[d.followUp];
      updates.push({
        id: d.id,
        state: d.hasNext ? 'waiting' : next ? 'pending' : 'done',
        reason: null,
        wait_reason: null,
        missing_field: null,
        step: d.step,
        next_at: new Date(
          now.getTime() + (next ? next.afterDays : c.daysToChangeReceiver) * DAY_MS,
        ).toISOString(),
        identifier_id: d.identifierId,
        device_id: d.slot.deviceId,
        tried: d.tried,
        last_sent_at: now.toISOString(),
        follow_up: next ? d.followUp + 1 : d.followUp,
        last_step: d.followUp,
        wait_law: null,
        law_states: d.lawStates,
      });
    }
  }
  if (updates.length > 0)
    await tx.execute(sql`update campaign_recipients r set
        state = coalesce(nullif(u.state, ''), r.state),
        reason = coalesce(u.reason, r.reason),
        wait_reason = u.wait_reason,
        missing_field = u.missing_field,
        step = coalesce(u.step, r.step),
        next_at = u.next_at,
        identifier_id = coalesce(u.identifier_id, r.identifier_id),
        device_id = coalesce(u.device_id, r.device_id),
        tried = coalesce(u.tried, r.tried),
        last_sent_at = coalesce(u.last_sent_at, r.last_sent_at),
        follow_up = coalesce(u.follow_up, r.follow_up),
        last_step = coalesce(u.last_step, r.last_step),
        wait_law = u.wait_law,
        law_states = coalesce(u.law_states, r.law_states)
      from jsonb_to_recordset(${rows(updates)}::jsonb) as u(id uuid, state text, reason text, wait_reason text, missing_field text, step int,
        next_at timestamptz, identifier_id uuid, device_id uuid, tried jsonb, last_sent_at timestamptz,
        follow_up int, last_step int, wait_law text, law_states text)
      where r.id = u.id`);
  if (sends.length === 0) return [];

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
  await tx.execute(sql`update device_campaign_days x set sent = x.sent + u.n, first_touch = x.first_touch + u.f,
      next_send_at = u.next
    from jsonb_to_recordset(${rows(counters)}::jsonb) as u(id uuid, n int, f int, next timestamptz)
    where x.device_id = u.id and x.day = ${day}::date`);
  return sends.map((s, i) => ({ message: inserted[i]!, agentId: s.slot.agentId! }));
}
