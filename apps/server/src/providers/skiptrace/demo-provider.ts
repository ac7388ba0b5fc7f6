import { demoTrace, SKIPTRACE_BATCH_SIZE, type TraceResult } from '@prospector/core';
import type { SkiptraceProvider, TraceRequest } from './skiptrace.js';

/**
 * The local default (no BATCHDATA_API_KEY): answers at once from the address, always the same, with
 * fictional 555-0100..0199 numbers and example.com e-mails (rules/skiptrace.ts `demoTrace`). The UI
 * says 'Demo data: fictional numbers' whenever it is the provider.
 */
export function createDemoProvider(): SkiptraceProvider {
  return {
    kind: 'demo',
    maxBatch: SKIPTRACE_BATCH_SIZE,
    async trace(requests: TraceRequest[]) {
      const out = new Map<string, TraceResult>();
      for (const r of requests)
        out.set(r.id, demoTrace([r.street, r.city, r.state, r.zip].filter(Boolean).join(', '), r.owner));
      return out;
    },
  };
}
