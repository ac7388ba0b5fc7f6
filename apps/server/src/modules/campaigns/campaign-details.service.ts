import {
  callStopGroups,
  groupWaiting,
  registrationWarnings,
  REPLY_LABELS,
  stepFigures,
  type campaignStats,
  type RecipientTally,
  type WaitGroup,
} from '@prospector/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { listTeamDevices } from '../devices/index.js';
import { callStopTallies } from './call-stops.queries.js';
import type { CampaignsErrorCode } from './campaigns.errors.js';
import * as q from './campaigns.queries.js';

type CampaignStats = z.infer<(typeof campaignStats)['response']>;
type Figures = Awaited<ReturnType<typeof q.campaignFigures>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function jobFigures(rows: Figures['jobs']) {
  const n = (states: string[]) =>
    rows.filter((j) => states.includes(j.state)).reduce((sum, j) => sum + j.n, 0);
  return {
    queued: n(['queued', 'offered', 'accepted']),
    sent: n(['sent', 'delivered']),
    delivered: n(['delivered']),
    failed: n(['failed']),
  };
}

/** Who is still waiting and why, and when the next text goes (groupWaiting, a rule of core). */
function waitingOf(c: q.CampaignRow, recipients: Figures['recipients'], now: Date) {
  const tallies: RecipientTally[] = recipients.map((r) => ({
    state: r.state,
    reason: r.reason,
    waitReason: r.waitReason,
    missingField: r.missingField,
    texted: r.texted,
    later: r.later,
    n: r.n,
    nextAt: r.nextAt ? new Date(r.nextAt) : null,
    waitLaw: r.waitLaw,
    followUp: r.followUp,
  }));
  const campaign = {
    paused: c.paused,
    finished: c.status === 'Finished',
    schedule: c,
    blocker: c.waitReason ? { reason: c.waitReason, until: c.waitUntil } : null,
  };
  const dto = (g: WaitGroup) => ({
    reason: g.reason,
    count: g.count,
    until: iso(g.until),
    field: g.field,
    ...(g.law ? { law: g.law } : {}),
  });
  const { groups, nextTextAt } = groupWaiting(tallies, campaign, now);
  // Per step: those due for it (its follow-up index), grouped the same way.
  const stepWaiting = (k: number) =>
    groupWaiting(
      tallies.filter((t) => (t.followUp ?? 0) === k),
      campaign,
      now,
    ).groups.map(dto);
  return { waiting: groups.map(dto), nextTextAt: iso(nextTextAt), stepWaiting };
}

/** The campaign details modal: its live figures, by device, and why its recipients wait. */
export function createCampaignDetailsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async stats(auth: AuthContext, campaignId: string): Promise<Result<CampaignStats, CampaignsErrorCode>> {
      const c = await q.findCampaign(db, auth.teamId, campaignId);
      if (!c) return fail('CAMPAIGN_NOT_FOUND');
      const now = clock.now();
      const [{ recipients, jobs, states }, devices, tallies, labels, stops] = await Promise.all([
        q.campaignFigures(db, c.id, now),
        listTeamDevices(db, auth.teamId),
        q.stepTallies(db, [c.id]),
        q.replyLabelCounts(db, c.id),
        c.campaignType === 'Call' ? callStopTallies(db, c.id) : Promise.resolve([]),
      ]);
      const { waiting, nextTextAt, stepWaiting } = waitingOf(c, recipients, now);
      const repliesByLabel = Object.fromEntries(
        REPLY_LABELS.map((l) => [l, labels.find((r) => r.label === l)?.n ?? 0]),
      ) as CampaignStats['repliesByLabel'];
      const by = (pred: (r: (typeof recipients)[number]) => boolean) =>
        recipients.filter(pred).reduce((n, r) => n + r.n, 0);
      const byDevice = c.deviceIds.map((id) => {
        const d = devices.find((x) => x.id === id);
        const value = d?.value ?? '';
        return {
          deviceId: id,
          name: value || 'Removed device',
          paused: c.pausedDevices.includes(id),
          ...jobFigures(jobs.filter((j) => j.fromValue.toLowerCase() === value.toLowerCase())),
        };
      });
      return ok({
        recipients: c.recipientCount,
        pending: by((r) => r.state === 'pending' || r.state === 'waiting'),
        // Replies to this campaign's texts: a contact who wrote first is stopped but not counted.
        replied: by((r) => r.texted && (r.reason === 'replied' || r.reason === 'optOut')),
        optedOut: by((r) => r.texted && r.reason === 'optOut'),
        repliesByLabel,
        skipped: by((r) => r.state === 'skipped'),
        ...jobFigures(jobs),
        byDevice,
        waiting,
        nextTextAt,
        steps: stepFigures(tallies.get(c.id) ?? [], c.followUps.length).map((f) => ({
          ...f,
          // Stopped by a reply (or opt-out) to an earlier step: they never get this one.
          stoppedBefore: (tallies.get(c.id) ?? [])
            .filter((t) => t.replied && t.lastStep !== null && t.lastStep < f.step)
            .reduce((n, t) => n + t.n, 0),
          waiting: stepWaiting(f.step),
        })),
        lawWarnings: registrationWarnings(states),
        stopped: callStopGroups(
          stops.map((r) => ({
            reason: r.reason,
            count: r.n,
            removedBy: r.removedBy,
            removedFrom: r.removedFrom,
          })),
        ),
      });
    },
  };
}
