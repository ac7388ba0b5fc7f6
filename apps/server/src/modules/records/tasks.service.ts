import type { TaskDto } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { RecordsErrorCode } from './records.errors.js';
import { toTaskDto } from './records.mappers.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

export type TasksService = ReturnType<typeof createTasksService>;

/** Tasks of a record. Every change refreshes the record's board sort keys (open count, first due). */
export function createTasksService(deps: { db: Db; clock: Clock; records: RecordsService }) {
  const { db, clock, records } = deps;

  async function edit(
    auth: AuthContext,
    taskId: string,
    itemId: string,
    set: Parameters<typeof q.updateTask>[2],
  ): R<TaskDto> {
    const found = await records.access(auth, itemId);
    if (!found.ok) return found;
    if (!(await q.findTask(db, taskId, itemId))) return fail('TASK_NOT_FOUND');
    const task = await q.updateTask(db, taskId, set);
    await q.refreshTaskKeys(db, itemId, clock.now());
    return ok(toTaskDto(task));
  }

  return {
    async list(auth: AuthContext, itemId: string): R<TaskDto[]> {
      const found = await records.access(auth, itemId);
      if (!found.ok) return found;
      return ok((await q.listTasks(db, itemId, false)).map(toTaskDto));
    },

    async add(auth: AuthContext, itemId: string, task: { text: string; due?: string | null }): R<TaskDto> {
      const found = await records.access(auth, itemId);
      if (!found.ok) return found;
      const row = await q.insertTask(db, {
        teamId: auth.teamId,
        itemId,
        text: task.text,
        due: task.due ? new Date(task.due) : null,
        createdBy: auth.userId,
        createdAt: clock.now(),
      });
      await q.refreshTaskKeys(db, itemId, clock.now());
      return ok(toTaskDto(row));
    },

    /** A task no member wrote (a missed call's call-back), for the given members. */
    async addForTeam(t: {
      teamId: string;
      itemId: string;
      text: string;
      assignedTo: string[];
      due: Date | null;
    }) {
      const row = await q.insertTask(db, {
        teamId: t.teamId,
        itemId: t.itemId,
        text: t.text,
        due: t.due,
        assignedTo: t.assignedTo,
        createdBy: null,
        createdAt: clock.now(),
      });
      await q.refreshTaskKeys(db, t.itemId, clock.now());
      return toTaskDto(row);
    },

    /** Completes a task the caller found in its team (an API key's). */
    async completeForTeam(taskId: string, itemId: string) {
      await q.updateTask(db, taskId, { completed: true });
      await q.refreshTaskKeys(db, itemId, clock.now());
    },

    setText: (auth: AuthContext, taskId: string, itemId: string, text: string) =>
      edit(auth, taskId, itemId, { text }),
    setDue: (auth: AuthContext, taskId: string, itemId: string, due: string | null) =>
      edit(auth, taskId, itemId, { due: due ? new Date(due) : null }),
    setCompleted: (auth: AuthContext, taskId: string, itemId: string, completed: boolean) =>
      edit(auth, taskId, itemId, { completed }),
  };
}
