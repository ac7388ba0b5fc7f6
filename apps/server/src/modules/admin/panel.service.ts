import {
  ADMIN_PANEL_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  blockRate,
  periodStartDay,
  round2,
  unitsToDollars,
  type AdminPanelSort,
  type AdminPeriod,
  type AdminTeamRow,
  type AuditEntryDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditFilter, AuditService } from '../audit/index.js';
import * as q from './panel.queries.js';

export type PanelQuery = {
  period: AdminPeriod;
  search: string;
  sort: AdminPanelSort;
  dir: 'asc' | 'desc';
  page: number;
  onlyActiveCampaigns: boolean;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function toRow(r: q.PageRow): AdminTeamRow {
  const smsOut = Number(r.smsOut);
  const smsBlocked = Number(r.smsBlocked);
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    owner: r.owner || null,
    plan: r.plan,
    credits: round2(unitsToDollars(Number(r.balance))),
    members: Number(r.members),
    devicesConnected: Number(r.devicesConnected),
    devicesTotal: Number(r.devicesTotal),
    smsOut,
    smsBlocked,
    blockRate: blockRate(smsBlocked, smsOut),
    activeCampaigns: Number(r.activeCampaigns),
    suspended: r.suspendedAt !== null,
    suspendedReason: r.suspendedReason,
    createdAt: iso(r.createdAt),
  };
}

const NONE: q.TeamFigures = {
  members: 0,
  devicesTotal: 0,
  devicesConnected: 0,
  smsOut: 0,
  smsBlocked: 0,
  activeCampaigns: 0,
};

/** A figure sort's key of one team. */
const FIGURE_OF: Partial<Record<AdminPanelSort, (f: q.TeamFigures) => number>> = {
  members: (f) => f.members,
  devices: (f) => f.devicesTotal,
  smsOut: (f) => f.smsOut,
  smsBlocked: (f) => f.smsBlocked,
  blockRate: (f) => (f.smsOut > 0 ? f.smsBlocked / f.smsOut : 0),
  activeCampaigns: (f) => f.activeCampaigns,
};

type Snapshot = { at: number; figures: Map<string, q.TeamFigures> };

export type PanelService = ReturnType<typeof createPanelService>;

/**
 * What staff read: the teams with their figures (/admin/teams) and the audit log (/admin/audit).
 * Sorting 10,000 teams by a figure, and the totals, need every team's figures: they come from a
 * snapshot per period at most `snapshotMs` old, rebuilt when it aged (ADR 025). The rows of the page
 * are always read fresh, and the totals count them as shown.
 */
export function createPanelService(deps: { db: Db; clock: Clock; audit: AuditService; snapshotMs: number }) {
  const { db } = deps;
  const snapshots = new Map<string, Snapshot>();
  const building = new Map<string, Promise<Snapshot>>();

  function build(startDay: string) {
    let pending = building.get(startDay);
    if (!pending) {
      pending = q
        .allFigures(db, startDay)
        .then((figures) => {
          const snap = { at: Date.now(), figures };
          snapshots.set(startDay, snap);
          return snap;
        })
        .finally(() => building.delete(startDay));
      building.set(startDay, pending);
    }
    return pending;
  }

  async function figuresFor(startDay: string) {
    const snap = snapshots.get(startDay);
    // None yet, or older than its time (the staff's first visit in a while read hours-old totals,
    // issue 30 item 10): the fresh one is waited for, so totals are never older than `snapshotMs`.
    if (!snap || deps.snapshotMs === 0 || Date.now() - snap.at > deps.snapshotMs)
      return (await build(startDay)).figures;
    return snap.figures;
  }

  return {
    async panel(query: PanelQuery) {
      const startDay = periodStartDay(query.period, deps.clock.now());
      const filter = { search: query.search, onlyActiveCampaigns: query.onlyActiveCampaigns };
      const offset = (query.page - 1) * ADMIN_PANEL_PAGE_SIZE;
      const [kept, figures] = await Promise.all([q.keptTeams(db, filter), figuresFor(startDay)]);
      const figure = FIGURE_OF[query.sort];
      let pageIds: string[];
      if (figure) {
        const sign = query.dir === 'asc' ? 1 : -1;
        const keyed = kept.map((t) => ({ id: t.id, key: figure(figures.get(t.id) ?? NONE) }));
        keyed.sort((a, b) => sign * (a.key - b.key) || (a.id < b.id ? -1 : 1));
        pageIds = keyed.slice(offset, offset + ADMIN_PANEL_PAGE_SIZE).map((k) => k.id);
      } else {
        pageIds = await q.pageByTable(db, {
          filter,
          sort: query.sort,
          dir: query.dir,
          limit: ADMIN_PANEL_PAGE_SIZE,
          offset,
        });
      }
      const rows = await q.pageRows(db, pageIds, startDay);
      const byId = new Map(rows.map((r) => [r.id, r]));
      // The page's rows are read fresh: the totals count them as shown, the snapshot the rest.
      const fresh = new Map(
        rows.map((r) => [
          r.id,
          {
            smsOut: Number(r.smsOut),
            smsBlocked: Number(r.smsBlocked),
            activeCampaigns: Number(r.activeCampaigns),
          },
        ]),
      );
      const totals = { smsOut: 0, smsBlocked: 0, activeCampaigns: 0, suspended: 0 };
      for (const t of kept) {
        const f = fresh.get(t.id) ?? figures.get(t.id) ?? NONE;
        totals.smsOut += f.smsOut;
        totals.smsBlocked += f.smsBlocked;
        totals.activeCampaigns += f.activeCampaigns;
        if (t.suspended) totals.suspended++;
      }
      return {
        teams: pageIds.flatMap((id) => (byId.has(id) ? [toRow(byId.get(id)!)] : [])),
        total: kept.length,
        page: query.page,
        pageSize: ADMIN_PANEL_PAGE_SIZE,
        kpis: { teams: kept.length, ...totals, blockRate: blockRate(totals.smsBlocked, totals.smsOut) },
      };
    },

    async auditLog(query: AuditFilter & { page: number }) {
      const { rows, total } = await deps.audit.list(
        db,
        { scope: query.scope, teamId: query.teamId },
        AUDIT_PAGE_SIZE,
        (query.page - 1) * AUDIT_PAGE_SIZE,
      );
      const entries: AuditEntryDto[] = rows.map((r) => ({
        _id: r.id,
        action: r.action,
        actor: r.actorName ? `${r.actorName} <${r.actorEmail}>` : r.actorEmail,
        team: r.teamName,
        teamId: r.teamId,
        target: r.targetEmail,
        ip: r.ip,
        // A folded refusal says how many times it came in its window.
        details: r.folded && r.folded > 1 ? { ...r.details, times: r.folded } : r.details,
        createdAt: iso(r.createdAt),
      }));
      return { entries, total, pageSize: AUDIT_PAGE_SIZE };
    },
  };
}
