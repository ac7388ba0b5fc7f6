import {
  can,
  messages,
  skiptracePrice,
  unitsToDollars,
  type skiptraceProperty,
  type SkiptraceRunDto,
  type SkiptraceType,
} from '@prospector/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import { SkiptraceFailedError, type SkiptraceProvider } from '../../providers/skiptrace/index.js';
import type { BillingErrorCode, LedgerService, PlansService } from '../billing/index.js';
import { traceLists } from '../lists/index.js';
import { seesAllData } from '../records/index.js';
import type { SkiptraceEngine } from './skiptrace-engine.js';
import type { SkiptraceErrorCode } from './skiptrace.errors.js';
import { toListMetrics, toRunDto, toTraceRequest } from './skiptrace.mappers.js';
import * as q from './skiptrace.queries.js';
import { contactsCreatedBy, storeResults } from './skiptrace-store.js';

export type SkiptraceService = ReturnType<typeof createSkiptraceService>;

type Code =
  | SkiptraceErrorCode
  | Extract<BillingErrorCode, 'INSUFFICIENT_CREDITS'>
  | 'PERMISSION_REQUIRED'
  | 'LIST_NOT_FOUND';

/**
 * Skip tracing's use cases: a property now (POST /properties/skiptrace), a list in the background
 * (the engine), its state, its cancellation and the team's prices. Tracing spends the team's credits,
 * so it needs the import permission, as the list's other actions do.
 */
export function createSkiptraceService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  plans: Pick<PlansService, 'planOf'>;
  provider: SkiptraceProvider;
  engine: Pick<SkiptraceEngine, 'kick'>;
  realtime: () => Realtime;
  statusIdOf: (teamId: string) => Promise<string | null>;
  /** Subscriptions hear `contact.created` for each owner a trace made (ADR 045 addendum). */
  events?: DomainEvents;
}) {
  const { db, clock, ledger } = deps;
  const mayTrace = (auth: AuthContext) => can(auth.user, 'import');

  async function prices(teamId: string) {
    const plan = await deps.plans.planOf(teamId);
    return {
      single: unitsToDollars(skiptracePrice(plan, 'single')),
      multi: unitsToDollars(skiptracePrice(plan, 'multi')),
    };
  }

  return {
    async propertyState(auth: AuthContext, propId: string) {
      const prop = await q.findProperty(db, auth.teamId, propId);
      if (!prop) return fail<Code>('PROPERTY_NOT_FOUND');
      return ok({
        hasPhones: prop.hasPhones,
        prices: await prices(auth.teamId),
        demo: deps.provider.kind === 'demo',
      });
    },

    async listState(auth: AuthContext, listId: string) {
      if (!(await q.findListTeam(db, auth.teamId, listId))) return fail<Code>('LIST_NOT_FOUND');
      const [run, toTrace, p] = await Promise.all([
        q.latestRun(db, listId),
        q.countWithoutPhones(db, listId),
        prices(auth.teamId),
      ]);
      return ok({ run: run ? toRunDto(run) : null, toTrace, prices: p, demo: deps.provider.kind === 'demo' });
    },

    /** A list-wide run traces every property of the list: for members who see all of the team's data. */
    async startList(
      auth: AuthContext,
      listId: string,
      type: SkiptraceType,
    ): Promise<Result<{ run: SkiptraceRunDto }, Code>> {
      if (!mayTrace(auth) || !seesAllData(auth)) return fail('PERMISSION_REQUIRED');
      const list = await q.findListTeam(db, auth.teamId, listId);
      if (!list) return fail('LIST_NOT_FOUND');
      if (list.state !== 'imported') return fail('SKIPTRACE_LIST_IMPORTING');
      const price = skiptracePrice(await deps.plans.planOf(auth.teamId), type);
      const run = await db.transaction((tx) =>
        q.createRun(tx, { teamId: auth.teamId, listId, userId: auth.userId, type, price, now: clock.now() }),
      );
      if (!run) return fail('SKIPTRACE_RUNNING');
      if (run.total === 0) {
        await q.finishRun(db, run.id, 'done', null, clock.now());
        return fail('NOTHING_TO_TRACE');
      }
      deps.engine.kick();
      return ok({ run: toRunDto(run) });
    },

    async cancelList(auth: AuthContext, listId: string): Promise<Result<{ run: SkiptraceRunDto }, Code>> {
      if (!mayTrace(auth)) return fail('PERMISSION_REQUIRED');
      const run = await q.cancelRun(db, listId, auth.teamId, messages.skiptrace.cancelled, clock.now());
      if (!run) return fail('SKIPTRACE_NOT_RUNNING');
      const [list] = await q.listFigures(db, [listId]);
      if (list)
        deps.realtime().toTeam(auth.teamId, 'skiptraceProgress', {
          listId,
          run: toRunDto(run),
          metrics: toListMetrics(list),
        });
      return ok({ run: toRunDto(run) });
    },

    /** Traces one property now: held, traced, stored and settled, or given back whole on failure. */
    async traceProperty(
      auth: AuthContext,
      propId: string,
      type: SkiptraceType,
    ): Promise<Result<z.infer<typeof skiptraceProperty.response>, Code>> {
      if (!mayTrace(auth)) return fail('PERMISSION_REQUIRED');
      const prop = await q.findProperty(db, auth.teamId, propId);
      // A member with 'Only assigned' data access traces only the properties assigned to them.
      if (!prop || (!seesAllData(auth) && !prop.assignedTo.includes(auth.userId)))
        return fail('PROPERTY_NOT_FOUND');
      if (prop.hasPhones) return fail('PROPERTY_HAS_PHONES');
      const price = skiptracePrice(await deps.plans.planOf(auth.teamId), type);
      const hold = await ledger.hold({
        teamId: auth.teamId,
        amount: price,
        description: 'Skip trace of 1 property',
      });
      if (!hold.ok) return fail('INSUFFICIENT_CREDITS');
      const { holdId } = hold.value;
      await ledger.announce(auth.teamId);
      let results;
      try {
        results = await deps.provider.trace([toTraceRequest(prop.id, prop.data)], {
          teamId: auth.teamId,
        });
      } catch (err) {
        await ledger.release(holdId);
        await ledger.announce(auth.teamId);
        if (err instanceof SkiptraceFailedError) return fail('PROVIDER_FAILED');
        throw err;
      }
      const listIds = await q.listsOfItem(db, prop.id);
      const statusId = await deps.statusIdOf(auth.teamId);
      const now = clock.now();
      const out = await db.transaction(async (tx) => {
        const [stored] = await storeResults(
          tx,
          { teamId: auth.teamId, type, listIds: () => listIds, statusId, now },
          [{ propertyId: prop.id, result: results.get(prop.id) ?? { matched: false, persons: [] } }],
        );
        const charge = stored!.hit ? price : 0;
        const figures = stored!.hit
          ? await traceLists.addFigures(tx, listIds, {
              hits: 1,
              landlines: stored!.landlines,
              dnc: stored!.dnc,
              cost: charge,
            })
          : await q.listFigures(tx, listIds);
        const settled = await ledger.settle(
          {
            holdId,
            charge,
            reason: 'skipTraceHit',
            description: `Skip trace: ${stored!.hit ? '1 hit' : 'no match'} of 1`,
          },
          tx,
        );
        if (!settled.ok) throw new Error(`settling hold ${holdId}: ${settled.code}`);
        return { stored: stored!, figures, charge };
      });
      // One property traced from its page came in through no one list: its owners' listId is null.
      deps.events?.publishAll(
        auth.teamId,
        'contact.created',
        contactsCreatedBy([out.stored], { listId: null, now }),
      );
      await ledger.announce(auth.teamId);
      const listMetrics = out.figures.map(toListMetrics);
      for (const m of listMetrics)
        deps.realtime().toTeam(auth.teamId, 'skiptraceProgress', { listId: m.listId, run: null, metrics: m });
      return ok({
        results: {
          hit: out.stored.hit,
          owners: out.stored.owners.map((o) => ({
            _id: o.id,
            name: o.name,
            phones: o.phones,
            emails: o.emails,
          })),
          cost: unitsToDollars(out.charge),
        },
        listMetrics,
      });
    },
  };
}
