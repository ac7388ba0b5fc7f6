import {
  skiptracePrice,
  unitsToDollars,
  type skiptraceProperty,
  type SkiptraceType,
  type TraceResult,
} from '@prospector/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { SkiptraceFailedError } from '../../providers/skiptrace/index.js';
import { traceLists } from '../lists/index.js';
import { seesAllData } from '../records/index.js';
import { mayTrace, teamPrices, type SkiptraceCode, type SkiptraceServiceDeps } from './skiptrace.deps.js';
import { toListMetrics, toTraceRequest } from './skiptrace.mappers.js';
import * as q from './skiptrace.queries.js';
import { contactsCreatedBy, storeResults } from './skiptrace-store.js';

/*
 * One property's skip trace, from its page: its state, and the trace now — held, traced, stored and
 * settled, or given back whole on failure.
 */

type Deps = SkiptraceServiceDeps;
type Traced = {
  prop: q.PropertyRow;
  type: SkiptraceType;
  price: number;
  holdId: string;
  results: Map<string, TraceResult>;
};

export async function propertyState(deps: Deps, auth: AuthContext, propId: string) {
  const prop = await q.findProperty(deps.db, auth.teamId, propId);
  if (!prop) return fail<SkiptraceCode>('PROPERTY_NOT_FOUND');
  return ok({
    hasPhones: prop.hasPhones,
    prices: await teamPrices(deps, auth.teamId),
    demo: deps.provider.kind === 'demo',
  });
}

/** Holds the price and asks the provider; a failed request gives the hold back. */
async function holdAndTrace(
  deps: Deps,
  teamId: string,
  prop: q.PropertyRow,
  price: number,
): Promise<Result<{ holdId: string; results: Map<string, TraceResult> }, SkiptraceCode>> {
  const { ledger } = deps;
  const hold = await ledger.hold({ teamId, amount: price, description: 'Skip trace of 1 property' });
  if (!hold.ok) return fail('INSUFFICIENT_CREDITS');
  const { holdId } = hold.value;
  await ledger.announce(teamId);
  try {
    const results = await deps.provider.trace([toTraceRequest(prop.id, prop.data)], { teamId });
    return ok({ holdId, results });
  } catch (err) {
    await ledger.release(holdId);
    await ledger.announce(teamId);
    if (err instanceof SkiptraceFailedError) return fail('PROVIDER_FAILED');
    throw err;
  }
}

/** Settles the hold: a hit charges the price, a miss gives it all back. */
async function settle(deps: Deps, tx: Db, holdId: string, hit: boolean, charge: number) {
  const settled = await deps.ledger.settle(
    { holdId, charge, reason: 'skipTraceHit', description: `Skip trace: ${hit ? '1 hit' : 'no match'} of 1` },
    tx,
  );
  if (!settled.ok) throw new Error(`settling hold ${holdId}: ${settled.code}`);
}

/** In one transaction: the owners found stored, a hit's figures added to the property's lists, the hold settled. */
async function storeTraced(deps: Deps, teamId: string, t: Traced) {
  const listIds = await q.listsOfItem(deps.db, t.prop.id);
  const statusId = await deps.statusIdOf(teamId);
  const now = deps.clock.now();
  const out = await deps.db.transaction(async (tx) => {
    const [stored] = await storeResults(tx, { teamId, type: t.type, listIds: () => listIds, statusId, now }, [
      { propertyId: t.prop.id, result: t.results.get(t.prop.id) ?? { matched: false, persons: [] } },
    ]);
    const charge = stored!.hit ? t.price : 0;
    const figures = stored!.hit
      ? await traceLists.addFigures(tx, listIds, {
          hits: 1,
          landlines: stored!.landlines,
          dnc: stored!.dnc,
          cost: charge,
        })
      : await q.listFigures(tx, listIds);
    await settle(deps, tx, t.holdId, stored!.hit, charge);
    return { stored: stored!, figures, charge };
  });
  return { ...out, now };
}

/** Traces one property now: held, traced, stored and settled, or given back whole on failure. */
export async function traceProperty(
  deps: Deps,
  auth: AuthContext,
  propId: string,
  type: SkiptraceType,
): Promise<Result<z.infer<typeof skiptraceProperty.response>, SkiptraceCode>> {
  if (!mayTrace(auth)) return fail('PERMISSION_REQUIRED');
  const prop = await q.findProperty(deps.db, auth.teamId, propId);
  // A member with 'Only assigned' data access traces only the properties assigned to them.
  if (!prop || (!seesAllData(auth) && !prop.assignedTo.includes(auth.userId)))
    return fail('PROPERTY_NOT_FOUND');
  if (prop.hasPhones) return fail('PROPERTY_HAS_PHONES');
  const price = skiptracePrice(await deps.plans.planOf(auth.teamId), type);
  const traced = await holdAndTrace(deps, auth.teamId, prop, price);
  if (!traced.ok) return traced;
  const out = await storeTraced(deps, auth.teamId, { prop, type, price, ...traced.value });
  // One property traced from its page came in through no one list: its owners' listId is null.
  deps.events?.publishAll(
    auth.teamId,
    'contact.created',
    contactsCreatedBy([out.stored], { listId: null, now: out.now }),
  );
  await deps.ledger.announce(auth.teamId);
  const listMetrics = out.figures.map(toListMetrics);
  for (const m of listMetrics)
    deps.realtime().toTeam(auth.teamId, 'skiptraceProgress', { listId: m.listId, run: null, metrics: m });
  const owners = out.stored.owners.map((o) => ({
    _id: o.id,
    name: o.name,
    phones: o.phones,
    emails: o.emails,
  }));
  return ok({ results: { hit: out.stored.hit, owners, cost: unitsToDollars(out.charge) }, listMetrics });
}
