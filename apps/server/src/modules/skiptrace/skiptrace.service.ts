import type { SkiptraceType } from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import type { SkiptraceServiceDeps } from './skiptrace.deps.js';
import { cancelList, listState, startList } from './trace-list.service.js';
import { propertyState, traceProperty } from './trace-property.service.js';

export type { SkiptraceServiceDeps } from './skiptrace.deps.js';

export type SkiptraceService = ReturnType<typeof createSkiptraceService>;

/**
 * Skip tracing's use cases: a property now (POST /properties/skiptrace, trace-property.service.ts),
 * a list in the background (the engine), its state and its cancellation (trace-list.service.ts), and
 * the team's prices. Tracing spends the team's credits, so it needs the import permission, as the
 * list's other actions do.
 */
export function createSkiptraceService(deps: SkiptraceServiceDeps) {
  return {
    propertyState: (auth: AuthContext, propId: string) => propertyState(deps, auth, propId),
    listState: (auth: AuthContext, listId: string) => listState(deps, auth, listId),
    startList: (auth: AuthContext, listId: string, type: SkiptraceType) =>
      startList(deps, auth, listId, type),
    cancelList: (auth: AuthContext, listId: string) => cancelList(deps, auth, listId),
    traceProperty: (auth: AuthContext, propId: string, type: SkiptraceType) =>
      traceProperty(deps, auth, propId, type),
  };
}
