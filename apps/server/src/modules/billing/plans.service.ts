import {
  dncPlanMessage,
  mayAddUser,
  monthWindow,
  planOf,
  smsLeft,
  smsLimitMessage,
  userLimitMessage,
  type Plan,
  type PlanName,
  type UsageMeter,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { setTeamPlan } from '../teams/index.js';
import * as q from './plans.queries.js';

export type PlansService = ReturnType<typeof createPlans>;

export type PlanUsage = {
  plan: Plan;
  month: string;
  timeZone: string;
  sms: UsageMeter;
  calls: UsageMeter;
  users: UsageMeter;
};

/**
 * The team's plan (rules/billing.ts PLANS) and its limits, checked where the work happens: texts
 * (sendSms and the campaign engine), users (addMember), DNC import and export. A limit is checked
 * and the work it allows written in one transaction, under a lock of the team's limit, so two
 * senders at once never both take the last text of the month.
 */
export function createPlans(deps: { db: Db; clock: Clock }) {
  async function teamPlan(db: Db, teamId: string) {
    const row = await q.findTeamPlan(db, teamId);
    return { plan: planOf(row?.plan), timeZone: row?.timezone ?? null };
  }

  /**
   * Texts the team may still queue this month (its time zone's month); null: the plan has no limit.
   * With a limit, other senders of the team wait until the caller's transaction ends: call it in the
   * transaction that queues the texts.
   */
  async function smsLeftThisMonth(tx: Db, teamId: string, now: Date) {
    const { plan, timeZone } = await teamPlan(tx, teamId);
    if (plan.smsPerMonth === null) return { plan, left: null };
    await q.lockTeamLimit(tx, teamId, 'sms');
    const { start, end } = monthWindow(now, timeZone);
    return { plan, left: smsLeft(plan, await q.countTextsBetween(tx, teamId, start, end)) };
  }

  return {
    async planOf(teamId: string, db: Db = deps.db): Promise<Plan> {
      return (await teamPlan(db, teamId)).plan;
    },

    /** Moves the team to a plan (the subscription's provider, once it exists; tests). */
    setPlan(teamId: string, plan: PlanName, db: Db = deps.db) {
      return setTeamPlan(db, teamId, plan);
    },

    smsLeftThisMonth,

    /** Takes `count` texts of this month's allowance, or refuses with the plan's limit (see smsLeftThisMonth). */
    async takeSms(tx: Db, teamId: string, now: Date, count = 1): Promise<Result<true, 'PLAN_SMS_LIMIT'>> {
      const { plan, left } = await smsLeftThisMonth(tx, teamId, now);
      return left === null || count <= left ? ok(true) : fail('PLAN_SMS_LIMIT', smsLimitMessage(plan));
    },

    /**
     * Whether the team may have one more user; call it in the transaction that inserts the user:
     * other additions to the team wait until it ends.
     */
    async takeUserSeat(tx: Db, teamId: string): Promise<Result<true, 'PLAN_USER_LIMIT'>> {
      const { plan } = await teamPlan(tx, teamId);
      if (plan.users === null) return ok(true);
      await q.lockTeamLimit(tx, teamId, 'users');
      return mayAddUser(plan, await q.countUsers(tx, teamId))
        ? ok(true)
        : fail('PLAN_USER_LIMIT', userLimitMessage(plan));
    },

    /** DNC import and export are LITE's and PRO's. */
    async requireDnc(teamId: string): Promise<Result<true, 'PLAN_NO_DNC'>> {
      const { plan } = await teamPlan(deps.db, teamId);
      return plan.dnc ? ok(true) : fail('PLAN_NO_DNC', dncPlanMessage(plan));
    },

    /** The team's plan and its outbound calls this month (its time zone's month): the dialler's meter. */
    async callsThisMonth(teamId: string): Promise<{ plan: Plan; used: number }> {
      const { plan, timeZone } = await teamPlan(deps.db, teamId);
      const window = monthWindow(deps.clock.now(), timeZone);
      return { plan, used: await q.countCallsBetween(deps.db, teamId, window.start, window.end) };
    },

    /** This month's texts, calls and users against the plan's limits. */
    async usage(teamId: string): Promise<PlanUsage> {
      const { db } = deps;
      const { plan, timeZone } = await teamPlan(db, teamId);
      const window = monthWindow(deps.clock.now(), timeZone);
      const texts = await q.countTextsBetween(db, teamId, window.start, window.end);
      const placed = await q.countCallsBetween(db, teamId, window.start, window.end);
      const members = await q.countUsers(db, teamId);
      return {
        plan,
        month: window.month,
        timeZone: timeZone ?? 'UTC',
        sms: { used: texts, limit: plan.smsPerMonth },
        calls: { used: placed, limit: plan.callsPerMonth },
        users: { used: members, limit: plan.users },
      };
    },
  };
}
