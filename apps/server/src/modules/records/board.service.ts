import {
  homeCountry,
  DASHBOARD_PAGE_SIZE,
  normalizePhone,
  type PhoneCountry,
  type BoardCard,
  type ItemSummary,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { findTeamCountry } from '../teams/index.js';
import * as bq from './board.queries.js';
import { seesAllData } from './records.access.js';
import { toSummary } from './records.mappers.js';
import * as q from './records.queries.js';

export type BoardService = ReturnType<typeof createBoardService>;
type SearchType = 'all' | 'contact' | 'property' | 'company';

/**
 * Whose cards the viewer sees: any member of the team (or all) for admins and 'All data'; otherwise
 * always their own. Someone who is not on the team filters nothing (and is not echoed back).
 */
export async function boardMemberFilter(db: Db, auth: AuthContext, requested: string | null | undefined) {
  if (!seesAllData(auth)) return auth.userId;
  if (!requested) return null;
  return (await q.teamMemberIds(db, auth.teamId, [requested])).length ? requested : null;
}

export function createBoardService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const memberFilter = (auth: AuthContext, requested: string | null | undefined) =>
    boardMemberFilter(db, auth, requested);

  function toCard(r: bq.BoardRow, status: string): BoardCard {
    const due = r.firstOpenTaskDue ? new Date(r.firstOpenTaskDue).toISOString() : null;
    return {
      ...toSummary(r, status, r.primaryValue ?? undefined),
      notifCount: Number(r.notif),
      hasPrimary: r.primaryValue !== null,
      due,
      hasOpenTask: Number(r.openTaskCount) > 0,
      queued: r.queued,
      assignedTo: r.assignedTo,
      lastMessage: r.lastMessage ? { body: r.lastMessage.body, createdAt: r.lastMessage.createdAt } : null,
    };
  }

  async function search(
    teamId: string,
    memberId: string | null,
    text: string,
    type: SearchType,
    country: PhoneCountry,
  ) {
    const digits = text.replace(/\D/g, '');
    const looksLikePhone = /^[\d\s().+-]+$/.test(text) && digits.length >= 3;
    const rows = await bq.searchItems(db, {
      teamId,
      memberId,
      text,
      phone: looksLikePhone ? normalizePhone(text, country) : null,
      digits: looksLikePhone ? digits : null,
      type: type === 'all' ? null : type,
      limit: 20,
    });
    return rows.map((r): ItemSummary => toSummary(r, r.status, r.primaryValue ?? undefined));
  }

  return {
    async dashboard(auth: AuthContext, input: { filterBy?: string | null; status?: string; skip?: number }) {
      const memberId = await memberFilter(auth, input.filterBy);
      const statuses = (await q.listStatuses(db, auth.teamId)).filter(
        (s) => !s.hidden && (!input.status || s.id === input.status),
      );
      const now = clock.now();
      // Every column's count and page run at once: on PostgreSQL they spread over the pool.
      const columns = await Promise.all(
        statuses.map(async (s) => {
          const [count, rows] = await Promise.all([
            bq.countColumn(db, auth.teamId, s.id, memberId),
            bq.columnPage(db, {
              teamId: auth.teamId,
              statusId: s.id,
              viewerId: auth.userId,
              memberId,
              now,
              skip: input.skip ?? 0,
              limit: DASHBOARD_PAGE_SIZE,
            }),
          ]);
          return {
            status: { _id: s.id, text: s.text, hidden: s.hidden, builtIn: s.builtIn },
            count,
            items: rows.map((r) => toCard(r, s.text)),
          };
        }),
      );
      return { filterBy: memberId, columns };
    },

    search: (auth: AuthContext, text: string, type: SearchType) =>
      search(
        auth.teamId,
        seesAllData(auth) ? null : auth.userId,
        text,
        type,
        homeCountry(auth.user.team.country),
      ),

    /** The same search over every record of the team (an API key's: ADR 043). */
    searchTeam: async (teamId: string, text: string, type: SearchType) =>
      search(teamId, null, text, type, await findTeamCountry(db, teamId)),
  };
}
