import { messages, skiptracePrice, type SkiptraceRunDto, type SkiptraceType } from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { seesAllData } from '../records/index.js';
import { mayTrace, teamPrices, type SkiptraceCode, type SkiptraceServiceDeps } from './skiptrace.deps.js';
import { toRunDto } from './skiptrace.mappers.js';
import { emitProgress } from './skiptrace-progress.js';
import * as q from './skiptrace.queries.js';

/*
 * A list's skip trace: its state, its start (the engine traces it in the background) and its
 * cancellation.
 */

export async function listState(deps: SkiptraceServiceDeps, auth: AuthContext, listId: string) {
  const { db } = deps;
  if (!(await q.findListTeam(db, auth.teamId, listId))) return fail<SkiptraceCode>('LIST_NOT_FOUND');
  const [run, toTrace, p] = await Promise.all([
    q.latestRun(db, listId),
    q.countWithoutPhones(db, listId),
    teamPrices(deps, auth.teamId),
  ]);
  return ok({ run: run ? toRunDto(run) : null, toTrace, prices: p, demo: deps.provider.kind === 'demo' });
}

/** A list-wide run traces every property of the list: for members who see all of the team's data. */
export async function startList(
  deps: SkiptraceServiceDeps,
  auth: AuthContext,
  listId: string,
  type: SkiptraceType,
): Promise<Result<{ run: SkiptraceRunDto }, SkiptraceCode>> {
  const { db, clock } = deps;
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
}

export async function cancelList(
  deps: SkiptraceServiceDeps,
  auth: AuthContext,
  listId: string,
): Promise<Result<{ run: SkiptraceRunDto }, SkiptraceCode>> {
  const { db } = deps;
  if (!mayTrace(auth)) return fail('PERMISSION_REQUIRED');
  const run = await q.cancelRun(db, listId, auth.teamId, messages.skiptrace.cancelled, deps.clock.now());
  if (!run) return fail('SKIPTRACE_NOT_RUNNING');
  const [list] = await q.listFigures(db, [listId]);
  emitProgress(deps, run, list);
  return ok({ run: toRunDto(run) });
}
