import {
  blockRate,
  can,
  CALL_STATUSES,
  datesOf,
  interestedRate,
  KPIS_DEFAULT_DAYS,
  periodProblem,
  shiftDate,
  type CallStatus,
  type KpiDayDto,
  type KpiDeviceDto,
  type KpiTemplateDto,
  type TeamKpis,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { KpisErrorCode } from './kpis.errors.js';
import * as q from './kpis.queries.js';

type Figures = { sent: number; delivered: number; replied: number; optedOut: number; blocked: number };
const zero = (): Figures => ({ sent: 0, delivered: 0, replied: 0, optedOut: 0, blocked: 0 });
const callList = (m: Map<CallStatus, number>) =>
  CALL_STATUSES.filter((s) => m.has(s)).map((status) => ({ status, n: m.get(status)! }));

export type KpisService = ReturnType<typeof createKpisService>;

/**
 * The team's own KPIs (spec part 2 §3): the figures the admin panel shows per team, for the team
 * itself, per day of its time zone, per line and per template. Only admins and members with the kpis
 * permission; only the caller's team.
 */
export function createKpisService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async teamKpis(
      auth: AuthContext,
      asked: { from?: string | undefined; to?: string | undefined },
    ): Promise<Result<TeamKpis, KpisErrorCode>> {
      if (!can(auth.user, 'kpis')) return fail('KPIS_PERMISSION');
      const ctx = await q.teamContext(db, auth.teamId);
      const tz = ctx.timezone ?? 'UTC';
      const to = asked.to ?? (await q.todayIn(db, tz));
      const period = { from: asked.from ?? shiftDate(to, KPIS_DEFAULT_DAYS - 1), to };
      if (periodProblem(period.from, period.to)) return fail('BAD_PERIOD');
      const [start, end] = await Promise.all([
        q.startOfDay(db, period.from, tz),
        q.startOfDay(db, shiftDate(period.to, -1), tz),
      ]);
      const p = { teamId: auth.teamId, start, end, tz };
      // On PostgreSQL the four run at once on the pool's connections (PGlite takes them in turn).
      const [texts, answers, inbound, calls] = await Promise.all([
        q.textFigures(db, p),
        q.answerFigures(db, p),
        q.inboundFigures(db, p),
        q.callFigures(db, p),
      ]);

      const days = new Map<string, Figures & { calls: Map<CallStatus, number> }>(
        datesOf(period.from, period.to).map((d) => [d, { ...zero(), calls: new Map() }]),
      );
      const lines = new Map<string, Figures>();
      const templates = new Map<string, Figures>();
      const line = (v: string) => lines.get(v) ?? lines.set(v, zero()).get(v)!;
      const template = (id: string) => templates.get(id) ?? templates.set(id, zero()).get(id)!;
      const interestedOf = new Map<string, number>();

      for (const r of texts) {
        const f =
          r.gDay === 0
            ? days.get(r.day!)
            : r.gLine === 0
              ? line(r.line!)
              : r.templateId
                ? template(r.templateId)
                : null;
        if (!f) continue;
        f.sent += r.sent;
        f.delivered += r.delivered;
        f.blocked += r.blocked;
      }
      for (const r of answers) {
        if (r.gDay === 0) days.get(r.day!)!.optedOut += r.optedOut;
        else if (r.gLine === 0) line(r.line!).optedOut += r.optedOut;
        else if (r.templateId) {
          // Per template, a reply is an answer to one of its texts (inbound texts name no template).
          template(r.templateId).replied += r.replied;
          template(r.templateId).optedOut += r.optedOut;
          interestedOf.set(r.templateId, (interestedOf.get(r.templateId) ?? 0) + r.interested);
        }
      }
      for (const r of inbound) {
        if (r.gDay === 0) days.get(r.day!)!.replied += r.n;
        else if (r.line) line(r.line).replied += r.n;
      }
      const totalCalls = new Map<CallStatus, number>();
      for (const r of calls) {
        const d = days.get(r.day);
        if (d) d.calls.set(r.status, (d.calls.get(r.status) ?? 0) + r.n);
        totalCalls.set(r.status, (totalCalls.get(r.status) ?? 0) + r.n);
      }

      const dayList: KpiDayDto[] = [...days].map(([date, f]) => ({ date, ...f, calls: callList(f.calls) }));
      const totals = dayList.reduce((t, d) => {
        t.sent += d.sent;
        t.delivered += d.delivered;
        t.replied += d.replied;
        t.optedOut += d.optedOut;
        t.blocked += d.blocked;
        return t;
      }, zero());
      const deviceOf = new Map(ctx.devices.map((d) => [d.value.toLowerCase(), d.id]));
      const textOf = new Map(ctx.templates.map((t) => [t.id, t.text]));
      const deviceList: KpiDeviceDto[] = [...lines]
        .map(([value, f]) => ({ value, deviceId: deviceOf.get(value.toLowerCase()) ?? null, ...f }))
        .sort((a, b) => b.sent - a.sent || a.value.localeCompare(b.value));
      const templateList: KpiTemplateDto[] = [...templates]
        .map(([templateId, f]) => {
          const interested = interestedOf.get(templateId) ?? 0;
          return {
            templateId,
            text: textOf.get(templateId) ?? null,
            ...f,
            interested,
            interestedRate: interestedRate(interested, f.delivered),
          };
        })
        .sort((a, b) => b.sent - a.sent || a.templateId.localeCompare(b.templateId));
      return ok({
        from: period.from,
        to: period.to,
        timezone: tz,
        totals: { ...totals, blockRate: blockRate(totals.blocked, totals.sent), calls: callList(totalCalls) },
        days: dayList,
        devices: deviceList,
        templates: templateList,
      });
    },
  };
}
