import { createBatchData } from './batchdata.js';
import { createDemoProvider } from './demo-provider.js';
import type { SkiptraceProvider } from './skiptrace.js';

export type { SkiptraceProvider, TraceContext, TraceRequest } from './skiptrace.js';
export { SkiptraceFailedError } from './skiptrace.js';
export { createBatchData } from './batchdata.js';
export { createDemoProvider } from './demo-provider.js';

/** BatchData with a key; the demo provider (fictional numbers, said so in the UI) without one. */
export function createSkiptraceProvider(opts: {
  key?: string;
  baseUrl: string;
  /** Which of these values the team's records hold (the demo provider draws around them). */
  taken?: (teamId: string, values: string[]) => Promise<Set<string>>;
}): SkiptraceProvider {
  return opts.key
    ? createBatchData({ key: opts.key, baseUrl: opts.baseUrl })
    : createDemoProvider({ taken: opts.taken });
}
