import {
  afterCampaignCall,
  builderProblem,
  can,
  CAMPAIGN_PAGE_SIZE,
  fitsPhoneType,
  followUpsProblem,
  hourInZone,
  isEndDateAllowed,
  isLastContactedAllowed,
  messages,
  stepFigures,
  type CallStatus,
  type CampaignDto,
  type DialRefusal,
  type StepTally,
  type launchCampaign,
} from '@prospector/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import { listTeamDevices } from '../devices/index.js';
import { findTeamTimezone } from '../teams/index.js';
import { loadCampaignTemplates } from '../templates/index.js';
import { createCampaignDetailsService } from './campaign-details.service.js';
import { audienceOf, campaignTarget, createCampaignTargetService } from './campaign-target.service.js';
import type { CampaignsErrorCode } from './campaigns.errors.js';
import { callCampaignName, phoneTypeOf } from './call-campaigns.js';
import { stopUnqueued } from './call-stops.queries.js';
import * as q from './campaigns.queries.js';

type R<T> = Promise<Result<T, CampaignsErrorCode | 'PERMISSION_REQUIRED'>>;
type LaunchInput = z.infer<NonNullable<(typeof launchCampaign)['body']>>;

export function toCampaignDto(
  c: q.CampaignRow,
  figures?: { sent: number; replied: number },
  steps?: StepTally[],
): CampaignDto {
  return {
    _id: c.id,
    name: c.name,
    owner: c.ownerId,
    paused: c.paused,
    status: c.status,
    campaignType: c.campaignType,
    listIds: c.listIds,
    audienceJobId: c.audienceJobId,
    statuses: c.statusIds,
    weekDays: c.weekDays,
    startHour: c.startHour,
    endHour: c.endHour,
    timezone: c.timezone,
    startDate: c.startDate.toISOString(),
    endDate: c.endDate?.toISOString() ?? null,
    hasEnd: c.hasEnd,
    groupIds: c.groupIds,
    devices: c.deviceIds,
    daysToChangeReceiver: c.daysToChangeReceiver,
    smsFallback: c.smsFallback,
    phoneType: c.phoneType,
    lastContactedAt: c.lastContactedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    recipients: c.recipientCount,
    sent: figures?.sent ?? 0,
    replied: figures?.replied ?? 0,
    followUps: c.followUps,
    steps: stepFigures(steps ?? [], c.followUps.length),
  };
}

/**
 * Campaigns: the builder's counts (campaign-target), launch (recipients picked at once), list, pause
 * and resume, remove, and the details' figures (campaign-details).
 */
export function createCampaignsService(deps: {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  /** Wakes the engine after a launch or a resume. */
  kick: () => void;
  /** Contacts called and answered per call campaign (the calls module). */
  callFigures: (campaignIds: string[]) => Promise<Map<string, { called: number; answered: number }>>;
  /** Shares a call campaign's contacts among the callers' queues (the calls module). */
  fillCallQueues: (
    teamId: string,
    campaignId: string,
    contacts: { id: string; assignedTo: string[] }[],
  ) => Promise<number>;
  /** Takes a record's uncalled follow-up calls of these call campaigns out of the queues (the calls module). */
  dropFollowUpCalls: (teamId: string, itemId: string, campaignIds: string[]) => Promise<void>;
}) {
  const { db, clock } = deps;
  const mayManage = (auth: AuthContext) => can(auth.user, 'campaigns');
  const changed = (teamId: string, campaignId: string) =>
    deps.realtime().toTeam(teamId, 'campaignChanged', { campaignId });

  /** The cards' figures: texts sent and replies, or for a call campaign contacts called and answered. */
  async function headline(rows: q.CampaignRow[]) {
    const callIds = rows.filter((r) => r.campaignType === 'Call').map((r) => r.id);
    const [texts, called] = await Promise.all([
      q.headlineFigures(
        db,
        rows.filter((r) => r.campaignType !== 'Call').map((r) => r.id),
      ),
      deps.callFigures(callIds),
    ]);
    for (const [id, f] of called) texts.set(id, { sent: f.called, replied: f.answered });
    return texts;
  }

  /**
   * 'For type Call, launch directly' (spec part 2 §5): no schedule, templates or devices; the target's
   * contacts, of the chosen phone type, go straight into the callers' queues.
   */
  async function pageForTeam(teamId: string, input: { search: string; skip: number }) {
    const { rows, total } = await q.pageCampaigns(db, teamId, input.search, input.skip, CAMPAIGN_PAGE_SIZE);
    const [figures, steps] = await Promise.all([
      headline(rows),
      q.stepTallies(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return {
      campaigns: rows.map((r) => toCampaignDto(r, figures.get(r.id), steps.get(r.id))),
      total,
    };
  }

  async function setPausedForTeam(teamId: string, campaignId: string, paused: boolean): R<CampaignDto> {
    const found = await q.findCampaign(db, teamId, campaignId);
    if (!found) return fail('CAMPAIGN_NOT_FOUND');
    const c = (await q.updateCampaign(db, found.id, { paused }))!;
    changed(teamId, c.id);
    if (!c.paused) deps.kick();
    const figures = await headline([c]);
    return ok(toCampaignDto(c, figures.get(c.id)));
  }

  async function launchCall(
    auth: AuthContext,
    input: LaunchInput,
    t: q.Target,
    listIds: string[],
    lastContactedAt: Date | null,
    timezone: string | null,
  ): R<CampaignDto> {
    const now = clock.now();
    const followUpProblem = followUpsProblem(input.followUps, 'Call');
    if (followUpProblem) return fail('CAMPAIGN_INVALID', followUpProblem);
    const contacts = (await q.targetPhones(db, t)).filter((c) =>
      fitsPhoneType(phoneTypeOf(c.phone), input.phoneType),
    );
    const campaign = await q.insertCampaign(db, {
      teamId: auth.teamId,
      name: input.name.trim() || (await q.freeCampaignName(db, auth.teamId, callCampaignName(now, timezone))),
      ownerId: auth.userId,
      campaignType: 'Call',
      phoneType: input.phoneType ?? 'All',
      listIds,
      audienceJobId: input.audienceJobId,
      statusIds: input.statuses,
      lastContactedAt,
      weekDays: [1, 2, 3, 4, 5, 6, 7],
      startHour: 8,
      endHour: 21,
      startDate: now,
      endDate: null,
      hasEnd: false,
      timezone: timezone ?? 'UTC',
      groupIds: [],
      deviceIds: [],
      daysToChangeReceiver: input.daysToChangeReceiver,
      smsFallback: false,
      // Follow-up calls: "if no answer after N days, call again" (no templates).
      followUps: input.followUps.map((f) => ({ afterDays: f.afterDays, groupIds: [] })),
      seed: 0,
      createdAt: now,
    });
    const queued = await deps.fillCallQueues(
      auth.teamId,
      campaign.id,
      contacts.map((c) => ({ id: c.id, assignedTo: c.assignedTo })),
    );
    // Each queued contact's steps, as a text campaign's: per-step figures and follow-up calls.
    await q.insertCallRecipients(db, campaign, now);
    const row = (await q.updateCampaign(db, campaign.id, { recipientCount: queued })) ?? campaign;
    changed(auth.teamId, campaign.id);
    return ok(toCampaignDto({ ...row, recipientCount: queued }));
  }

  return {
    ...createCampaignTargetService({ db }),
    ...createCampaignDetailsService({ db, clock }),

    async launch(auth: AuthContext, input: LaunchInput): R<CampaignDto> {
      if (!mayManage(auth)) return fail('PERMISSION_REQUIRED');
      const now = clock.now();
      const timezone = await findTeamTimezone(db, auth.teamId);
      const audience = await audienceOf(db, auth, input.audienceJobId);
      if (audience === 'unknown') return fail('CAMPAIGN_UNKNOWN_AUDIENCE');
      // "These N records" replaces the lists (ADR 037 addendum).
      const asked = audience ? [] : input.listIds;
      const listIds = await q.teamListIds(db, auth.teamId, asked);
      if (listIds.length !== asked.length) return fail('CAMPAIGN_UNKNOWN_LIST');
      const lastContactedAt = input.lastContactedAt ? new Date(input.lastContactedAt) : null;
      const t = campaignTarget(auth, listIds, input.lastContactedAt, input.statuses, audience);
      const count = input.statuses.length
        ? (await q.countByStatus(db, t)).reduce((sum, c) => sum + c.count, 0)
        : 0;
      const problem = builderProblem(2, { ...input, campaignType: input.campaignType }, { count, timezone });
      if (problem) return fail('CAMPAIGN_INVALID', problem);
      if (input.campaignType === 'Call')
        return launchCall(auth, input, t, listIds, lastContactedAt, timezone);
      if (input.campaignType !== 'Text') return fail('CAMPAIGN_INVALID', messages.campaigns.comingSoon);
      if (lastContactedAt && !isLastContactedAllowed(lastContactedAt, now))
        return fail('CAMPAIGN_INVALID', messages.campaigns.lastContactedTooLate);
      const tz = timezone!;
      const endDate = input.hasEnd && input.endDate ? new Date(input.endDate) : null;
      if (endDate && !isEndDateAllowed(endDate, now, tz))
        return fail('CAMPAIGN_INVALID', messages.campaigns.endBeforeToday);
      const startHour = hourInZone(new Date(input.startTime), tz);
      const endHour = hourInZone(new Date(input.endTime), tz) || 24;
      if (endHour <= startHour) return fail('CAMPAIGN_INVALID', messages.campaigns.hoursOrder);
      const devices = await listTeamDevices(db, auth.teamId);
      const senders = new Set(devices.filter((d) => d.kind !== 'mac').map((d) => d.id));
      if (!input.devices.every((id) => senders.has(id))) return fail('CAMPAIGN_UNKNOWN_DEVICE');
      const templates = await loadCampaignTemplates(db, auth.teamId, input.groupIds);
      if (templates.groups.length !== new Set(input.groupIds).size) return fail('CAMPAIGN_UNKNOWN_GROUP');
      if (templates.groups.every((g) => g.templates.length === 0)) return fail('CAMPAIGN_NO_TEMPLATES');
      const followUpProblem = followUpsProblem(input.followUps);
      if (followUpProblem) return fail('CAMPAIGN_INVALID', followUpProblem);
      for (const step of input.followUps) {
        const found = await loadCampaignTemplates(db, auth.teamId, step.groupIds);
        if (found.groups.length !== new Set(step.groupIds).size) return fail('CAMPAIGN_UNKNOWN_GROUP');
        if (found.groups.every((g) => g.templates.length === 0)) return fail('CAMPAIGN_NO_TEMPLATES');
      }

      const campaign = await db.transaction(async (tx) => {
        const c = await q.insertCampaign(tx, {
          teamId: auth.teamId,
          name: input.name.trim(),
          ownerId: auth.userId,
          campaignType: 'Text',
          phoneType: input.phoneType,
          listIds,
          audienceJobId: input.audienceJobId,
          statusIds: input.statuses,
          lastContactedAt,
          weekDays: [...new Set(input.weekDays)].sort(),
          startHour,
          endHour,
          startDate: new Date(input.startDate),
          endDate,
          hasEnd: endDate !== null,
          timezone: tz,
          groupIds: input.groupIds,
          deviceIds: [...new Set(input.devices)],
          daysToChangeReceiver: input.daysToChangeReceiver,
          smsFallback: input.smsFallback,
          followUps: input.followUps.map((f) => ({
            afterDays: f.afterDays,
            groupIds: [...new Set(f.groupIds)],
          })),
          seed: Math.floor(Math.random() * 1_000_000),
          createdAt: now,
        });
        const n = await q.insertRecipients(tx, c, t);
        return { ...c, recipientCount: n };
      });
      changed(auth.teamId, campaign.id);
      deps.kick();
      return ok(toCampaignDto(campaign));
    },

    page: (auth: AuthContext, input: { search: string; skip: number }) => pageForTeam(auth.teamId, input),

    /** The Campaigns page of a team (an API key's, ADR 043: its `campaigns` scope is the permission). */
    pageForTeam,

    async startStop(auth: AuthContext, input: { campaignId: string; paused: boolean }): R<CampaignDto> {
      if (!mayManage(auth)) return fail('PERMISSION_REQUIRED');
      return setPausedForTeam(auth.teamId, input.campaignId, input.paused);
    },

    /** Pauses or resumes a team's campaign (an API key's: its `campaigns` scope is the permission). */
    setPausedForTeam,

    async remove(auth: AuthContext, campaignId: string): R<{ ok: true }> {
      if (!mayManage(auth)) return fail('PERMISSION_REQUIRED');
      if (!(await q.deleteCampaign(db, auth.teamId, campaignId))) return fail('CAMPAIGN_NOT_FOUND');
      changed(auth.teamId, campaignId);
      return ok({ ok: true as const });
    },

    /**
     * A text came in: the record gets no more campaign texts, and a call campaign's follow-up call
     * still waiting in a queue leaves it (its first call stays: the team chose to call them).
     */
    async stopForReply(teamId: string, itemId: string, optOut: boolean) {
      const stopped = await q.stopRecipients(db, itemId, optOut ? 'optOut' : 'replied');
      const followUpCalls = stopped.filter((s) => s.call && s.followUp > 0).map((s) => s.campaignId);
      if (followUpCalls.length) await deps.dropFollowUpCalls(teamId, itemId, followUpCalls);
      for (const id of new Set(stopped.map((s) => s.campaignId))) changed(teamId, id);
    },

    /**
     * A call campaign's queued call ended (or the dialler skipped it): the contact's step is over, and
     * an unanswered one waits for its next follow-up call (call-follow-ups.ts, ADR 046). A call a
     * member took out of a queue stops its contact, saying who and whose queue (ADR 056).
     */
    async callEnded(e: {
      teamId: string;
      campaignId: string;
      itemId: string;
      status: CallStatus;
      refusal?: DialRefusal | null;
      removed?: { by: string; from: string };
      at: Date;
    }) {
      if (e.removed) {
        const { by: removedBy, from: removedFrom } = e.removed;
        const args = { campaignId: e.campaignId, itemId: e.itemId, removedBy, removedFrom, at: e.at };
        if (await stopUnqueued(db, args)) changed(e.teamId, e.campaignId);
        return;
      }
      const c = await q.findCampaign(db, e.teamId, e.campaignId);
      if (!c || c.campaignType !== 'Call') return;
      const r = await q.activeRecipient(db, c.id, e.itemId);
      if (!r) return;
      const end = afterCampaignCall(e.status, r.followUp, c.followUps, e.at, e.refusal);
      await q.endCallStep(db, r, end, e.at, e.status !== 'Skipped');
      changed(e.teamId, c.id);
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
