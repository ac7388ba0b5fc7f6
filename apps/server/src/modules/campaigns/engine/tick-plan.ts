import { isDeviceConnected, localDay, startOfNextDay } from '@prospector/core';
import { listTeamDevices } from '../../devices/index.js';
import { templateFieldsOfMember } from '../../records/index.js';
import { loadCampaignTemplates, type CampaignTemplates } from '../../templates/index.js';
import { openDeviceDays, type CampaignRow } from './campaign-engine.queries.js';
import type { EngineContext } from './campaign-engine.deps.js';
import { checkHealth } from './device-health.js';
import type { SenderSlot } from './decide.js';

export type TickPlan = Awaited<ReturnType<typeof planTick>>;

async function senderSlots(ctx: EngineContext, c: CampaignRow, now: Date): Promise<SenderSlot[]> {
  const all = await listTeamDevices(ctx.db, c.teamId);
  const byId = new Map(all.map((d) => [d.id, d]));
  return c.deviceIds.flatMap((id) => {
    const d = byId.get(id);
    if (!d || d.kind === 'mac') return [];
    const agent = d.kind === 'iphone' ? (d.macId ? byId.get(d.macId) : undefined) : d;
    const paused = c.pausedDevices.includes(d.id);
    const usable = !!agent && isDeviceConnected(agent, now) && !paused;
    return [{ deviceId: d.id, agentId: agent?.id ?? null, value: d.value, usable, paused }];
  });
}

/** The campaign's senders; one the health check pauses now is no longer usable, and the admins hear of it. */
async function healthySlots(ctx: EngineContext, c: CampaignRow, now: Date) {
  const slots = await senderSlots(ctx, c, now);
  const paused = await checkHealth(ctx.db, c, slots, now);
  if (!paused.length) return slots;
  for (const p of paused) await ctx.notifyAdmins(c.teamId, p.notice);
  ctx.realtime.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
  return slots.map((s) => (paused.some((p) => p.deviceId === s.deviceId) ? { ...s, usable: false } : s));
}

/**
 * Custom field id → name, for `**Field**` on custom values: only the fields the campaign's owner
 * sees as they are now (ADR 031), read each tick, so access taken away reaches the next text.
 */
async function customFieldNames(ctx: EngineContext, c: CampaignRow) {
  const names = new Map<string, string>();
  for (const f of await templateFieldsOfMember(ctx.db, c.teamId, c.ownerId)) names.set(f.id, f.name);
  return names;
}

/**
 * What a campaign's tick reads before its transaction: the team's settings and day, the senders (their
 * device-day rows made, so the transaction can lock them), the templates and the field names.
 */
export async function planTick(ctx: EngineContext, c: CampaignRow, now: Date) {
  const team = await ctx.teams.findSendingSettings(ctx.db, c.teamId);
  const tz = team?.timezone ?? c.timezone;
  const slots = await healthySlots(ctx, c, now);
  const day = localDay(now, tz);
  const nextDayAt = startOfNextDay(now, tz);
  const usable = slots.filter((s) => s.usable);
  if (usable.length > 0)
    await openDeviceDays(
      ctx.db,
      usable.map((s) => s.deviceId),
      day,
    );
  const templates = await loadCampaignTemplates(ctx.db, c.teamId, c.groupIds);
  const followUpTemplates: CampaignTemplates[] = [];
  for (const step of c.followUps)
    followUpTemplates.push(await loadCampaignTemplates(ctx.db, c.teamId, step.groupIds));
  const teamHours = team ? { startHour: team.contactStartHour, endHour: team.contactEndHour } : null;
  const fieldNames = await customFieldNames(ctx, c);
  return { team, tz, slots, usable, day, nextDayAt, templates, followUpTemplates, teamHours, fieldNames };
}
