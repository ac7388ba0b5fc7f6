import { can, type StatusDto } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { RecordsErrorCode } from './records.errors.js';
import * as q from './records.queries.js';
import * as sq from './statuses.queries.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

export type StatusesService = ReturnType<typeof createStatusesService>;

const toStatusDto = (s: q.StatusRow): StatusDto => ({
  _id: s.id,
  text: s.text,
  hidden: s.hidden,
  builtIn: s.builtIn,
});

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The team's statuses in board order, hidden ones included (campaigns count their targets per status). */
export function listTeamStatuses(db: Db, teamId: string): Promise<q.StatusRow[]> {
  return q.listStatuses(db, teamId);
}

/**
 * Settings > Statuses: the team's board columns. Changing them needs the statuses permission. A
 * status's call settings belong to the calls module (ADR 048), which asks `findEditable` here.
 */
export function createStatusesService(deps: { db: Db }) {
  const { db } = deps;

  /** The caller's team's status, if the caller may change statuses. */
  async function editable(auth: AuthContext, statusId: string): R<q.StatusRow> {
    if (!can(auth.user, 'statuses')) return fail('PERMISSION_REQUIRED');
    const status = await sq.findTeamStatus(db, auth.teamId, statusId);
    return status ? ok(status) : fail('STATUS_NOT_FOUND');
  }

  return {
    /** The caller's team's status, if the caller may change statuses (the calls module's status settings). */
    findEditable: editable,

    async list(auth: AuthContext): R<StatusDto[]> {
      if (!can(auth.user, 'statuses')) return fail('PERMISSION_REQUIRED');
      return ok((await q.listStatuses(db, auth.teamId)).map(toStatusDto));
    },

    async add(auth: AuthContext, text: string): R<StatusDto> {
      if (!can(auth.user, 'statuses')) return fail('PERMISSION_REQUIRED');
      const existing = await q.listStatuses(db, auth.teamId);
      if (existing.some((s) => sameText(s.text, text))) return fail('STATUS_EXISTS');
      const position = Math.max(-1, ...existing.map((s) => s.position)) + 1;
      const [row] = await q.insertStatuses(db, [{ teamId: auth.teamId, text, position }]);
      return row ? ok(toStatusDto(row)) : fail('STATUS_EXISTS');
    },

    async setHidden(auth: AuthContext, statusId: string, hidden: boolean): R<StatusDto> {
      const found = await editable(auth, statusId);
      if (!found.ok) return found;
      const row = await sq.updateStatus(db, statusId, { hidden });
      return row ? ok(toStatusDto(row)) : fail('STATUS_NOT_FOUND');
    },

    async rename(auth: AuthContext, statusId: string, text: string): R<StatusDto> {
      const found = await editable(auth, statusId);
      if (!found.ok) return found;
      if (found.value.builtIn) return fail('STATUS_BUILT_IN');
      if (found.value.text === text) return ok(toStatusDto(found.value));
      const others = (await q.listStatuses(db, auth.teamId)).filter((s) => s.id !== statusId);
      if (others.some((s) => sameText(s.text, text))) return fail('STATUS_EXISTS');
      const row = await sq.updateStatus(db, statusId, { text });
      return row ? ok(toStatusDto(row)) : fail('STATUS_EXISTS');
    },

    async remove(auth: AuthContext, statusId: string): R<true> {
      const found = await editable(auth, statusId);
      if (!found.ok) return found;
      if (found.value.builtIn) return fail('STATUS_BUILT_IN');
      await sq.deleteStatus(db, statusId);
      return ok(true);
    },
  };
}
