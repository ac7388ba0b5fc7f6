import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { messages, type campaigns } from '../../../db/schema/index.js';
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

  // The texts and their jobs as one JSON parameter each, not a VALUES list: drizzle builds a statement
  // of 13 parameters a row in the event loop's thread, which held it 120–220 ms for a tick's sends.
  const texts = sends.map((s) => ({ item_id: s.itemId, body: s.body, phone: s.to, sent_from: s.slot.value }));
  const inserted = await tx
    .insert(messages)
    .select(
      sql`select gen_random_uuid(), ${c.teamId}::uuid, x.item_id, x.body, 'out', x.phone, x.sent_from, null::uuid,
          false, false, 'queued', false, null::timestamptz, null, null, ${now}::timestamptz
        from jsonb_to_recordset(${rows(texts)}::jsonb) as x(item_id uuid, body text, phone text, sent_from text)`,
    )
    .returning();
  const jobs = sends.map((s, i) => ({
    device_id: s.slot.agentId!,
    from_value: s.slot.value,
    item_id: s.itemId,
    message_id: inserted[i]!.id,
    to: s.to,
    body: s.body,
    recipient_id: s.id,
    step: s.step,
    template_id: s.templateId,
  }));
  await tx.execute(sql`insert into sms_jobs (team_id, device_id, from_value, item_id, message_id, "to", body,
      next_attempt_at, created_at, campaign_id, recipient_id, step, template_id)
    select ${c.teamId}, x.device_id, x.from_value, x.item_id, x.message_id, x."to", x.body, ${now}, ${now},
      ${c.id}, x.recipient_id, x.step, x.template_id
    from jsonb_to_recordset(${rows(jobs)}::jsonb) as x(device_id uuid, from_value text, item_id uuid,
      message_id uuid, "to" text, body text, recipient_id uuid, step int, template_id uuid)`);
  const sticky = sends.filter((s) => s.setSentFrom).map((s) => ({ id: s.identifierId, v: s.slot.value }));
  if (sticky.length > 0)
    await tx.execute(sql`update identifiers d set sent_from = u.v
      from jsonb_to_recordset(${rows(sticky)}::jsonb) as u(id uuid, v text)
      where d.id = u.id and d.sent_from is null`);
  const last = sends.map((s) => ({
    id: s.itemId,
    m: { body: s.body, createdAt: now.toISOString(), leadIdt: s.to, direction: 'out' },
  }));
  await tx.execute(sql`update items i set last_message = u.m, last_contacted_at = ${now},
      last_activity_at = ${now}, updated_at = ${now}
    from jsonb_to_recordset(${rows(last)}::jsonb) as u(id uuid, m jsonb)
    where i.id = u.id`);
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
