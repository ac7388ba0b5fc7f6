export { callsRoutes } from './calls.routes.js';
export { createCallsService, type CallsService } from './calls.service.js';
export { createDiallerService, type DiallerService } from './dialler.service.js';
export type { CallsErrorCode } from './calls.errors.js';
export { createVoiceAccounts, type VoiceAccounts } from './voice-accounts.js';
