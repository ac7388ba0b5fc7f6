import type { AdminPanelSort } from '@prospector/core';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { uuidArray } from '../../db/arrays.js';

/**
 * The admin panel's read model (ADR 025): one row per team over other modules' tables (teams, users,
 * devices, campaigns, credit_accounts) and the texts rollup team_sms_days. Read only; staff only.
 */

export type PanelFilter = { search: string; onlyActiveCampaigns: boolean };

const RUNNING = sql`c.status = 'In Progress' and not c.paused`;

function where(f: PanelFilter): SQL {
  const pattern = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = f.search
    ? sql`(t.name ilike ${pattern} or t.id in (select u.team_id from users u
        where u.role = 'admin' and (u.email ilike ${pattern} or u.name ilike ${pattern})))`
    : sql`true`;
  const active = f.onlyActiveCampaigns
    ? sql`exists (select 1 from campaigns c where c.team_id = t.id and ${RUNNING})`
    : sql`true`;
  return sql`${search} and ${active}`;
}

/** Every team the filters keep: its id and whether it is suspended (the totals count them). */
export function keptTeams(db: Db, f: PanelFilter) {
  return queryRows<{ id: string; suspended: boolean }>(
    db,
    sql`select t.id, t.suspended_at is not null as suspended from teams t where ${where(f)}`,
  );
}

/** The sorts a query on the teams table answers with an index and a limit. */
export const TABLE_SORTS: Partial<Record<AdminPanelSort, SQL>> = {
  name: sql`lower(t.name)`,
  owner: sql`(select u.email from users u where u.team_id = t.id and u.role = 'admin' order by u.created_at limit 1)`,
  plan: sql`t.plan`,
  credits: sql`coalesce((select ca.balance from credit_accounts ca where ca.team_id = t.id), 0)`,
  createdAt: sql`t.created_at`,
};

/** One page of kept teams' ids in a table sort. */
export async function pageByTable(
  db: Db,
  p: { filter: PanelFilter; sort: AdminPanelSort; dir: 'asc' | 'desc'; limit: number; offset: number },
) {
  const dir = p.dir === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select t.id from teams t where ${where(p.filter)}
      order by ${TABLE_SORTS[p.sort]!} ${dir}, t.id limit ${p.limit} offset ${p.offset}`,
  );
  return rows.map((r) => r.id);
}

export type TeamFigures = {
  members: number;
  devicesTotal: number;
  devicesConnected: number;
  smsOut: number;
  smsBlocked: number;
  activeCampaigns: number;
};

type FigureRow = { teamId: string } & Partial<Record<'a' | 'b' | 'c', number | string>>;

/**
 * Every team's figures in four grouped reads (members; phones and how many are connected, an iPhone
 * being as connected as its Mac; texts out and blocked since `startDay`; running campaigns).
 */
export async function allFigures(db: Db, startDay: string): Promise<Map<string, TeamFigures>> {
  const members = await queryRows<FigureRow>(
    db,
    sql`select team_id as "teamId", count(*)::int as a from users group by team_id`,
  );
  const phones = await queryRows<FigureRow>(
    db,
    sql`select d.team_id as "teamId", count(*)::int as a, (count(*) filter (where coalesce(m.connected, d.connected)))::int as b
      from devices d left join devices m on m.id = d.mac_id where d.kind <> 'mac' group by d.team_id`,
  );
  const texts = await queryRows<FigureRow>(
    db,
    sql`select team_id as "teamId", sum("out")::int as a, sum(blocked)::int as b from team_sms_days
      where day >= ${startDay}::date group by team_id`,
  );
  const running = await queryRows<FigureRow>(
    db,
    sql`select c.team_id as "teamId", count(*)::int as a from campaigns c where ${RUNNING} group by c.team_id`,
  );
  const figures = new Map<string, TeamFigures>();
  const of = (id: string) => {
    let f = figures.get(id);
    if (!f) {
      f = { members: 0, devicesTotal: 0, devicesConnected: 0, smsOut: 0, smsBlocked: 0, activeCampaigns: 0 };
      figures.set(id, f);
    }
    return f;
  };
  for (const r of members) of(r.teamId).members = Number(r.a);
  for (const r of phones)
    Object.assign(of(r.teamId), { devicesTotal: Number(r.a), devicesConnected: Number(r.b) });
  for (const r of texts) Object.assign(of(r.teamId), { smsOut: Number(r.a), smsBlocked: Number(r.b) });
  for (const r of running) of(r.teamId).activeCampaigns = Number(r.a);
  return figures;
}

export type PageRow = {
  id: string;
  name: string;
  plan: string;
  createdAt: Date | string;
  suspendedAt: Date | string | null;
  suspendedReason: string | null;
  email: string | null;
  owner: string | null;
  balance: number | string;
  members: number;
  devicesTotal: number;
  devicesConnected: number;
  smsOut: number;
  smsBlocked: number;
  activeCampaigns: number;
};

/** The page's teams as they stand now, figures read fresh for these rows only. */
export function pageRows(db: Db, ids: readonly string[], startDay: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<PageRow>(
    db,
    sql`select t.id, t.name, t.plan, t.created_at as "createdAt", t.suspended_at as "suspendedAt",
        t.suspended_reason as "suspendedReason", o.email, o.name as owner,
        coalesce(ca.balance, 0) as balance,
        (select count(*)::int from users u where u.team_id = t.id) as members,
        dv.devices_total as "devicesTotal", dv.devices_connected as "devicesConnected",
        s.sms_out as "smsOut", s.sms_blocked as "smsBlocked",
        (select count(*)::int from campaigns c where c.team_id = t.id and ${RUNNING}) as "activeCampaigns"
      from teams t
      left join lateral (select u.email, u.name from users u
        where u.team_id = t.id and u.role = 'admin' order by u.created_at limit 1) o on true
      left join credit_accounts ca on ca.team_id = t.id
      cross join lateral (select count(*)::int as devices_total,
          (count(*) filter (where coalesce(m.connected, d.connected)))::int as devices_connected
        from devices d left join devices m on m.id = d.mac_id
        where d.team_id = t.id and d.kind <> 'mac') dv
      cross join lateral (select coalesce(sum(x.out), 0)::int as sms_out, coalesce(sum(x.blocked), 0)::int as sms_blocked
        from team_sms_days x where x.team_id = t.id and x.day >= ${startDay}::date) s
      where t.id = any(${uuidArray(ids)})`,
  );
}
