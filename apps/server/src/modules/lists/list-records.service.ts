import { emptyImportResult, type ItemType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import { prepareRow, type ColumnPlan } from './engine/prepare-row.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { RecordsService } from '../records/index.js';
import * as q from './list-records.queries.js';
import { createStackBatcher } from './stack-batcher.js';

export type ListRecordsService = ReturnType<typeof createListRecordsService>;

/** One record as an integration states it: its system fields, and a contact's phones and e-mails. */
export type RecordInput = {
  type: ItemType;
  fields: Record<string, string | number>;
  phones?: string[];
  emails?: string[];
  /** The calling code phones without one are read in. */
  countryCode: string;
};

/**
 * Lists filled one record at a time (the public API, ADR 043): an empty list, records added to it, and
 * a record created as a one-row import into it — the import's own reading of cells (`prepareRow`) and
 * its stacker, so a phone, e-mail, address or company the team has adds to that record and fills only
 * its empty fields, exactly as a spreadsheet row would. Nothing here takes a member: the caller is a
 * team (its API key).
 */
export function createListRecordsService(deps: {
  db: Db;
  clock: Clock;
  records: RecordsService;
  events?: DomainEvents;
}) {
  const { db, clock } = deps;
  const batcher = createStackBatcher({
    db,
    clock,
    notContactedId: deps.records.notContactedStatusId,
    events: deps.events,
  });

  return {
    async createList(teamId: string, name: string, createdBy: string | null) {
      return q.insertEmptyList(db, teamId, name, createdBy, clock.now());
    },

    /** A bulk job's chunk of records added to its list, in the job's transaction (ADR 037). */
    addWithin: (tx: Db, listId: string, items: { id: string; type: string }[]) =>
      q.addToListWithin(tx, listId, items),

    /** Adds the team's records to its list; every id must be one of its records of the type. */
    async addRecords(
      teamId: string,
      listId: string,
      type: ItemType,
      ids: string[],
    ): Promise<Result<{ added: number }, 'LIST_NOT_FOUND' | 'ITEM_NOT_FOUND'>> {
      const unique = [...new Set(ids)];
      if (!(await q.teamListExists(db, teamId, listId))) return fail('LIST_NOT_FOUND');
      if ((await q.countTeamRecords(db, teamId, type, unique)) !== unique.length)
        return fail('ITEM_NOT_FOUND');
      return ok({ added: await q.addTeamRecordsToList(db, teamId, listId, type, unique) });
    },

    /**
     * One record stacked into the list as a one-row import: answers its id and whether it is new.
     * 'NO_KEY' when the row has nothing to stack by (no valid phone or e-mail, no address, no name).
     */
    async stackRecord(
      teamId: string,
      listId: string,
      input: RecordInput,
    ): Promise<Result<{ id: string; created: boolean }, 'LIST_NOT_FOUND' | 'NO_KEY'>> {
      const cells: string[] = [];
      const plan: ColumnPlan[] = [];
      const column = (target: string, value: string) => {
        plan.push({ index: cells.length, type: input.type, target, custom: false });
        cells.push(value);
      };
      for (const [target, value] of Object.entries(input.fields)) column(target, String(value));
      for (const phone of input.phones ?? []) column('Phone', phone);
      for (const email of input.emails ?? []) column('Email', email);
      const row = prepareRow(cells, plan, input.countryCode, emptyImportResult());
      if ('dropped' in row || !row[input.type]) return fail('NO_KEY');
      return batcher.stack(teamId, { listId, type: input.type, row });
    },

    /** An import's list and what its job reads (the import's id is its list's). */
    importOf: (teamId: string, listId: string) => q.findTeamImport(db, teamId, listId),
  };
}
