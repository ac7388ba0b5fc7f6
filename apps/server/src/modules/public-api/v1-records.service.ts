import type { ItemType, V1Contact, V1Record, V1Task } from '@prospector/core';
import { fail, ok, type Result } from '../../lib/result.js';
import { importFieldValue, type ListRecordsService } from '../lists/index.js';
import type { RecordsErrorCode, TeamRecordsService } from '../records/index.js';
import type { PublicApiErrorCode } from './public-api.errors.js';
import { toV1Contact, toV1Record, toV1Task } from './v1.mappers.js';
import { pageAfter } from './v1-page.js';

type R<T> = Promise<Result<T, PublicApiErrorCode>>;
type Kind = 'property' | 'company';
type Fields = Record<string, string | number | undefined>;

const NOT_FOUND = { property: 'API_PROPERTY_NOT_FOUND', company: 'API_COMPANY_NOT_FOUND' } as const;
const NO_KEY = { property: 'API_NO_ADDRESS', company: 'API_NO_COMPANY_NAME' } as const;

/** Fields given, as an import reads its cells; an empty one (cleared) is null. */
function readFields(fields: Fields) {
  const out: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    const value = typeof v === 'number' ? v : importFieldValue(k, v.trim());
    out[k] = value === '' || value === null ? null : (value as string | number);
  }
  return out;
}

export type V1RecordsService = ReturnType<typeof createV1RecordsService>;

/**
 * The public API v1's properties and companies, search, statuses and tasks, for one team (the key's):
 * through the records module's team calls and the lists module's one-row import (ADR 043).
 */
export function createV1RecordsService(deps: {
  teamRecords: TeamRecordsService;
  listRecords: ListRecordsService;
}) {
  const { teamRecords, listRecords } = deps;

  async function record(teamId: string, type: Kind, id: string): R<V1Record> {
    const row = await teamRecords.find(teamId, type, id);
    return row ? ok(toV1Record(row)) : fail(NOT_FOUND[type]);
  }

  return {
    record,

    pageRecords: (teamId: string, type: Kind, cursor: string | undefined, limit: number) =>
      pageAfter(cursor, limit, (after, n) => teamRecords.page(teamId, type, after, n), toV1Record),

    /** A property or company stacked into a list as a one-row import (by its address, or its name or website). */
    async createRecord(
      teamId: string,
      type: Kind,
      input: { listId: string; fields: Fields },
    ): R<{ record: V1Record; created: boolean }> {
      const fields = Object.fromEntries(
        Object.entries(input.fields).filter((e): e is [string, string | number] => e[1] !== undefined),
      );
      const stacked = await listRecords.stackRecord(teamId, input.listId, {
        type,
        fields,
        countryCode: '+1',
      });
      if (!stacked.ok) return fail(stacked.code === 'NO_KEY' ? NO_KEY[type] : 'API_LIST_NOT_FOUND');
      const found = await record(teamId, type, stacked.value.id);
      return found.ok ? ok({ record: found.value, created: stacked.value.created }) : found;
    },

    async updateRecord(teamId: string, type: Kind, id: string, fields: Fields): R<V1Record> {
      const done = await teamRecords.updateFields(teamId, type, id, readFields(fields));
      return done ? record(teamId, type, id) : fail(NOT_FOUND[type]);
    },

    async search(teamId: string, text: string, type: 'all' | ItemType) {
      const hits = await teamRecords.search(teamId, text, type);
      return {
        data: hits.map((h) => ({
          id: h._id,
          type: h.type,
          title: h.title,
          status: h.status,
          subtitle: h.subtitle,
        })),
      };
    },

    async statuses(teamId: string) {
      const rows = await teamRecords.statuses(teamId);
      return { data: rows.map((s) => ({ id: s.id, name: s.text, builtIn: s.builtIn, hidden: s.hidden })) };
    },

    /** Sets a contact's status with the app's rules and errors (unknown status, no primary phone). */
    async setStatus(
      teamId: string,
      contactId: string,
      statusId: string | null,
    ): Promise<Result<V1Contact, PublicApiErrorCode | RecordsErrorCode>> {
      const set = await teamRecords.setStatus(teamId, contactId, statusId);
      if (!set.ok) return set.code === 'ITEM_NOT_FOUND' ? fail('API_CONTACT_NOT_FOUND') : set;
      const row = await teamRecords.find(teamId, 'contact', contactId);
      return row ? ok(toV1Contact(row)) : fail('API_CONTACT_NOT_FOUND');
    },

    /** A page of tasks; a record that is not the team's is 404, as if it did not exist. */
    async pageTasks(
      teamId: string,
      q: {
        cursor?: string | undefined;
        limit: number;
        recordId?: string | undefined;
        state: 'open' | 'completed' | 'all';
      },
    ): R<{ data: V1Task[]; nextCursor: string | null }> {
      const recordId = q.recordId ?? null;
      if (recordId && !(await teamRecords.exists(teamId, recordId))) return fail('API_RECORD_NOT_FOUND');
      return pageAfter(
        q.cursor,
        q.limit,
        (after, limit) => teamRecords.pageTasks({ teamId, recordId, state: q.state, after, limit }),
        toV1Task,
      );
    },

    async createTask(
      teamId: string,
      input: { recordId: string; text: string; due?: string | null | undefined },
    ): R<V1Task> {
      const made = await teamRecords.addTask(teamId, {
        recordId: input.recordId,
        text: input.text,
        due: input.due ? new Date(input.due) : null,
      });
      return made.ok ? ok(toV1Task(made.value)) : fail('API_RECORD_NOT_FOUND');
    },

    async completeTask(teamId: string, taskId: string): R<V1Task> {
      const done = await teamRecords.completeTask(teamId, taskId);
      return done.ok ? ok(toV1Task(done.value)) : fail('API_TASK_NOT_FOUND');
    },
  };
}
