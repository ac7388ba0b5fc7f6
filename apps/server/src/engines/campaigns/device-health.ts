import { isDeviceUnhealthy, deliveryRate, HEALTH_WINDOW, messages } from '@prospector/core';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { campaigns } from '../../db/schema/index.js';
import type { SenderSlot } from './decide.js';

type CampaignRow = typeof campaigns.$inferSelect;

const CHECK_EVERY_MS = 60_000;
const lastCheck = new Map<string, number>();

/**
 * Pauses, for this campaign, each device whose last 50 finished texts were delivered less than 85%
 * of the time, and returns the notices for the admins. Checked at most once a minute per campaign.
 */
export async function checkHealth(db: Db, c: CampaignRow, slots: SenderSlot[], now: Date) {
  const usable = slots.filter((s) => s.usable);
  const last = lastCheck.get(c.id) ?? 0;
  if (usable.length === 0 || now.getTime() - last < CHECK_EVERY_MS) return [];
  lastCheck.set(c.id, now.getTime());
  const values = JSON.stringify(usable.map((s) => s.value));
  const rows = await queryRows<{ from_value: string; states: string[] }>(
    db,
    sql`select v.value as from_value, array(
        select j.state from sms_jobs j
        where j.team_id = ${c.teamId} and j.from_value = v.value and j.state in ('sent', 'delivered', 'failed')
        order by j.created_at desc limit ${HEALTH_WINDOW}) as states
      from jsonb_array_elements_text(${values}::jsonb) as v(value)`,
  );
  const sick = usable.filter((s) => {
    const states = rows.find((r) => r.from_value === s.value)?.states ?? [];
    return isDeviceUnhealthy(states);
  });
  if (sick.length === 0) return [];
  const pausedDevices = [...new Set([...c.pausedDevices, ...sick.map((s) => s.deviceId)])];
  await db.update(campaigns).set({ pausedDevices }).where(eq(campaigns.id, c.id));
  c.pausedDevices = pausedDevices;
  return sick.map((s) => {
    const states = rows.find((r) => r.from_value === s.value)?.states ?? [];
    return {
      deviceId: s.deviceId,
      notice: messages.campaigns.devicePausedNotice
        .replace('{campaign}', c.name)
        .replace('{device}', s.value)
        .replace('{rate}', String(Math.round(deliveryRate(states.slice(0, HEALTH_WINDOW)) * 100))),
    };
  });
}
