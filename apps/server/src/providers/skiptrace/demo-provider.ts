import { demoTrace, SKIPTRACE_BATCH_SIZE, type TraceResult } from '@prospector/core';
import type { SkiptraceProvider, TraceContext, TraceRequest } from './skiptrace.js';

/** Draws for one address before the demo gives up avoiding a value some record holds. */
const MAX_DRAWS = 40;

const valuesOf = (r: TraceResult) =>
  r.persons.flatMap((p) => [...p.phones.map((x) => x.number), ...p.emails]);

/**
 * The local default (no BATCHDATA_API_KEY): answers at once from the address, always the same, with
 * fictional 555-0100..0199 numbers and example.com e-mails (rules/skiptrace.ts `demoTrace`). The UI
 * says 'Demo data: fictional numbers' whenever it is the provider.
 *
 * Its numbers come from a small space, so two addresses could draw the same one, and stacking would
 * make one owner of both (issue 30: 270 hits became 27 contacts). Given `taken` (which of these values
 * the team's records already hold), an address whose answer shares a value with a record, or with
 * another address of the same request, or with an answer it gave the team before (a batch traced at
 * the same time is not stored yet), draws again: every property gets an owner of its own.
 */
export function createDemoProvider(
  deps: { taken?: (teamId: string, values: string[]) => Promise<Set<string>> } = {},
): SkiptraceProvider {
  /** Values answered per team in this process; forgotten past HANDED_MAX (the database still knows). */
  const handed = new Map<string, Set<string>>();
  const HANDED_MAX = 100_000;
  return {
    kind: 'demo',
    maxBatch: SKIPTRACE_BATCH_SIZE,
    async trace(requests: TraceRequest[], ctx?: TraceContext) {
      const address = (r: TraceRequest) => [r.street, r.city, r.state, r.zip].filter(Boolean).join(', ');
      const out = new Map<string, TraceResult>();
      for (const r of requests) out.set(r.id, demoTrace(address(r), r.owner));
      if (!deps.taken || !ctx) return out;
      const first = [...out.values()].flatMap(valuesOf);
      const held = await deps.taken(ctx.teamId, first);
      let used = handed.get(ctx.teamId);
      if (!used || used.size > HANDED_MAX) handed.set(ctx.teamId, (used = new Set()));
      for (const r of requests) {
        let result = out.get(r.id)!;
        for (let draw = 1; draw <= MAX_DRAWS; draw++) {
          const values = valuesOf(result);
          if (!values.some((v) => held.has(v) || used.has(v))) break;
          result = demoTrace(address(r), r.owner, draw);
          for (const v of await deps.taken(ctx.teamId, valuesOf(result))) held.add(v);
        }
        for (const v of valuesOf(result)) used.add(v);
        out.set(r.id, result);
      }
      return out;
    },
  };
}
