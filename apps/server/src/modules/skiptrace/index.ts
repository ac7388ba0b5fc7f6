export { createSkiptraceService, type SkiptraceService } from './skiptrace.service.js';
export { createSkiptraceEngine, type SkiptraceEngine } from './skiptrace-engine.js';
export { skiptraceRoutes } from './skiptrace.routes.js';
export type { SkiptraceErrorCode } from './skiptrace.errors.js';
