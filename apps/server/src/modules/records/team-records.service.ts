import { itemSearchText, type ItemType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { createCoalescer } from '../../lib/coalesce.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { BoardService } from './board.service.js';
import type { RecordsErrorCode } from './records.errors.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';
import * as tq from './team-records.queries.js';
import type { TasksService } from './tasks.service.js';

export type { TeamRecordRow, TeamTaskRow } from './team-records.queries.js';
export type TeamRecordsService = ReturnType<typeof createTeamRecordsService>;

type R<T> = Promise<Result<T, RecordsErrorCode>>;
type Page = { createdAt: string; id: string } | null;
/** An id the shared read can bind as a uuid (any other id is no record, without failing the others' read). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records as a team's API key works on them (ADR 043): a key acts as its team, not as a member, so
 * nothing here takes an `AuthContext`; every call is scoped to the team, and the rules are the app's
 * (a status needs a primary phone or e-mail; a hidden record is gone). Records are created by the
 * lists module's one-row import, as every record comes through a list.
 */
export function createTeamRecordsService(deps: {
  db: Db;
  clock: Clock;
  records: RecordsService;
  board: BoardService;
  tasks: TasksService;
}) {
  const { db, clock } = deps;
  // Concurrent reads of one team's records of one type share a statement (v1 creates read theirs back).
  const findTogether = createCoalescer((key: string, ids: string[]) => {
    const [teamId, type] = key.split('|') as [string, ItemType];
    return tq.findTeamRecords(db, teamId, type, ids);
  });

  async function teamItem(teamId: string, itemId: string) {
    const item = await q.findItem(db, itemId);
    return item && item.teamId === teamId && !item.hidden ? item : null;
  }

  return {
    /** Whether the team has this record, of any type. */
    exists: async (teamId: string, id: string) => (await teamItem(teamId, id)) !== null,
    find: async (teamId: string, type: ItemType, id: string) =>
      UUID.test(id) ? findTogether(`${teamId}|${type}`, id) : null,
    page: (teamId: string, type: ItemType, after: Page, limit: number) =>
      tq.pageTeamRecords(db, teamId, type, after, limit),

    /** Sets some system fields; false when the team has no such record. */
    updateFields: (
      teamId: string,
      type: ItemType,
      id: string,
      patch: Record<string, string | number | null>,
    ) => tq.updateTeamRecordData(db, { teamId, type, id }, patch, itemSearchText, clock.now()),

    /** A contact's status by its id (null: none), with the app's rule and its realtime update. */
    async setStatus(teamId: string, itemId: string, statusId: string | null): R<{ _id: string }> {
      const item = await teamItem(teamId, itemId);
      if (!item || item.type !== 'contact') return fail('ITEM_NOT_FOUND');
      let text: string | undefined;
      if (statusId !== null) {
        text = (await deps.records.teamStatuses(teamId)).find((s) => s.id === statusId)?.text;
        if (text === undefined) return fail('UNKNOWN_STATUS');
      }
      return deps.records.setStatus(item, text);
    },

    statuses: (teamId: string) => deps.records.teamStatuses(teamId),

    /** Every custom field of the team, by entity (a key is not held back by a member's sections). */
    async customFields(teamId: string) {
      const of = async (entity: ItemType) =>
        (await q.findSections(db, teamId, entity)).flatMap((s) =>
          s.fields.filter((f) => !f.system).map((f) => ({ _id: f._id, name: f.name, type: f.type })),
        );
      const [contact, property, company] = await Promise.all([of('contact'), of('property'), of('company')]);
      return { contact, property, company };
    },

    async texts(teamId: string, itemId: string): R<Awaited<ReturnType<typeof tq.recordTexts>>> {
      if (!(await teamItem(teamId, itemId))) return fail('ITEM_NOT_FOUND');
      return ok(await tq.recordTexts(db, teamId, itemId));
    },

    search: (teamId: string, text: string, type: 'all' | ItemType) =>
      deps.board.searchTeam(teamId, text, type),

    pageTasks: (p: Parameters<typeof tq.pageTeamTasks>[1]) => tq.pageTeamTasks(db, p),

    /** A task on one of the team's records, written by no member (an integration's). */
    async addTask(teamId: string, input: { recordId: string; text: string; due: Date | null }) {
      if (!(await teamItem(teamId, input.recordId))) return fail('ITEM_NOT_FOUND');
      const task = await deps.tasks.addForTeam({ teamId, itemId: input.recordId, assignedTo: [], ...input });
      return ok((await tq.findTeamTask(db, teamId, task._id))!);
    },

    async completeTask(teamId: string, taskId: string): R<tq.TeamTaskRow> {
      const task = await tq.findTeamTask(db, teamId, taskId);
      if (!task) return fail('TASK_NOT_FOUND');
      await deps.tasks.completeForTeam(task.id, task.itemId);
      return ok({ ...task, completed: true });
    },
  };
}
