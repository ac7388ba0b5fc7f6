import { isDeviceUnhealthy, deliveryRate, HEALTH_WINDOW, serverMessages } from '@prospector/core';
import type { Db } from '../../../db/client.js';
import { recentFinishedStates, setPausedDevices, type CampaignRow } from './campaign-engine.queries.js';
import type { SenderSlot } from './decide.js';

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
  const rows = await recentFinishedStates(
    db,
    c.teamId,
    usable.map((s) => s.value),
    HEALTH_WINDOW,
  );
  const sick = usable.filter((s) => {
    const states = rows.find((r) => r.fromValue === s.value)?.states ?? [];
    return isDeviceUnhealthy(states);
  });
  if (sick.length === 0) return [];
  const pausedDevices = [...new Set([...c.pausedDevices, ...sick.map((s) => s.deviceId)])];
  await setPausedDevices(db, c.id, pausedDevices);
  c.pausedDevices = pausedDevices;
  return sick.map((s) => {
    const states = rows.find((r) => r.fromValue === s.value)?.states ?? [];
    return {
      deviceId: s.deviceId,
      notice: serverMessages.campaigns.devicePausedNotice
        .replace('{campaign}', c.name)
        .replace('{device}', s.value)
        .replace('{rate}', String(Math.round(deliveryRate(states.slice(0, HEALTH_WINDOW)) * 100))),
    };
  });
}
