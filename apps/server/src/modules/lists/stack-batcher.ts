import { emptyImportResult, type ItemType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import { planChunk } from './engine/plan-chunk.js';
import type { PreparedRow } from './engine/prepare-row.js';
import { contactCreatedEvents, stackChunk } from './engine/stack-chunk.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import * as q from './list-records.queries.js';

type Pending = {
  listId: string;
  type: ItemType;
  row: PreparedRow;
  done: (r: Result<{ id: string; created: boolean }, 'LIST_NOT_FOUND'>) => void;
  failed: (err: unknown) => void;
};

const PART = { contact: 'contacts', property: 'properties', company: 'companies' } as const;
const ROW = { contact: 'rowContact', property: 'rowProperty', company: 'rowCompany' } as const;
/** At most this many rows a transaction: one import chunk's worth is far more than calls ever queue. */
const MAX_BATCH = 200;

/**
 * One-row imports of a team stacked together (ADR 043 addendum). The stacker holds the team's lock
 * from its lookups to its commit (two imports must not both create one phone's contact), so one row a
 * transaction is at most one commit's worth of rows a second per team. Calls that arrive while the
 * team's transaction runs wait for it and then go in the next one, together, as an import's chunk:
 * grouped per list, planned (rows sharing a phone, address or name are one record, as in a file),
 * stacked and committed once. Each call gets its own row's record, and `created` for the first row
 * that made it.
 */
export function createStackBatcher(deps: {
  db: Db;
  clock: Clock;
  notContactedId: (db: Db, teamId: string) => Promise<string | null>;
  /** Subscriptions hear `contact.created` for each contact made (ADR 045 addendum). */
  events?: DomainEvents;
}) {
  const waiting = new Map<string, Pending[]>();
  const running = new Set<string>();

  async function run(teamId: string, batch: Pending[]) {
    const notContactedId = await deps.notContactedId(deps.db, teamId);
    const byList = new Map<string, Pending[]>();
    for (const p of batch) byList.set(p.listId, [...(byList.get(p.listId) ?? []), p]);
    const made: ReturnType<typeof contactCreatedEvents> = [];
    const answers = await deps.db.transaction(async (tx) => {
      const out = new Map<Pending, Result<{ id: string; created: boolean }, 'LIST_NOT_FOUND'>>();
      const now = deps.clock.now();
      for (const [listId, rows] of byList) {
        if (!(await q.teamListExists(tx, teamId, listId))) {
          for (const p of rows) out.set(p, fail('LIST_NOT_FOUND'));
          continue;
        }
        const plan = await planChunk(rows.map((p) => p.row));
        const ctx = { teamId, listId, now, notContactedId, restrictedTo: null };
        const stacked = await stackChunk(tx, ctx, plan, emptyImportResult());
        await q.countIntoList(tx, listId, stacked);
        made.push(...contactCreatedEvents(stacked.newContacts, { listId, now, source: 'api' }));
        const told = new Set<string>();
        rows.forEach((p, i) => {
          const index = plan[ROW[p.type]][i]!;
          const id = stacked.ids[PART[p.type]][index]!;
          const created = id === plan[PART[p.type]][index]!.id && !told.has(id);
          told.add(id);
          out.set(p, ok({ id, created }));
        });
      }
      return out;
    });
    deps.events?.publishAll(teamId, 'contact.created', made);
    for (const p of batch) p.done(answers.get(p)!);
  }

  async function drain(teamId: string) {
    running.add(teamId);
    try {
      for (;;) {
        const queued = waiting.get(teamId) ?? [];
        if (queued.length === 0) break;
        const batch = queued.splice(0, MAX_BATCH);
        await run(teamId, batch).catch((err: unknown) => {
          for (const p of batch) p.failed(err);
        });
      }
    } finally {
      running.delete(teamId);
      waiting.delete(teamId);
    }
  }

  return {
    stack(teamId: string, item: Omit<Pending, 'done' | 'failed'>) {
      return new Promise<Result<{ id: string; created: boolean }, 'LIST_NOT_FOUND'>>((resolve, reject) => {
        const queued = waiting.get(teamId) ?? [];
        queued.push({ ...item, done: resolve, failed: reject });
        waiting.set(teamId, queued);
        if (!running.has(teamId)) void drain(teamId);
      });
    },
  };
}
