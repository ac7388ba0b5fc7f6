import { toListMetrics, toRunDto } from './skiptrace.mappers.js';
import type { SkiptraceEngineDeps } from './skiptrace-engine.deps.js';
import * as q from './skiptrace.queries.js';

/** Tells the run's team where the run and its list's figures stand (nothing when the list is gone). */
export function emitProgress(
  deps: Pick<SkiptraceEngineDeps, 'realtime'>,
  run: q.RunRow,
  list: q.ListFiguresRow | undefined,
) {
  if (!list) return;
  deps.realtime().toTeam(run.teamId, 'skiptraceProgress', {
    listId: run.listId,
    run: toRunDto(run),
    metrics: toListMetrics(list),
  });
}

/** As `emitProgress`, with the list's figures read now. */
export async function emitRunProgress(deps: Pick<SkiptraceEngineDeps, 'db' | 'realtime'>, run: q.RunRow) {
  emitProgress(deps, run, (await q.listFigures(deps.db, [run.listId]))[0]);
}
