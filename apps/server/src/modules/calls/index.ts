import { defineModule } from '../../plugins/app-module.js';
import { callsPlugin } from './calls.plugin.js';
import { callsRoutes } from './calls.routes.js';
import { callsErrors } from './calls.errors.js';
import { statusCallSettingsPlugin } from './status-call-settings.plugin.js';
import { statusCallSettingsRoutes } from './status-call-settings.routes.js';
import type { StatusCallSettingsService } from './status-call-settings.service.js';
import type { CallsService } from './calls.service.js';
import type { DiallerService } from './dialler.service.js';
import type { VoiceProvider } from '../../providers/voice/index.js';
import type { VoiceAccounts } from './voice-accounts.js';
export { callsRoutes } from './calls.routes.js';
export { createCallsService, type CallsService } from './calls.service.js';
export { createDiallerService, type DiallerService } from './dialler.service.js';
export type { CallsErrorCode } from './calls.errors.js';
export { createVoiceAccounts, type VoiceAccounts } from './voice-accounts.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    calls: CallsService;
    dialler: DiallerService;
    voice: VoiceProvider;
    voiceAccounts: VoiceAccounts;
    statusCallSettings: StatusCallSettingsService;
  }
}

/** Calls, the dialler, voice accounts and a status's call settings. */
export const callsModule = defineModule({
  name: 'calls',
  plugins: [callsPlugin, statusCallSettingsPlugin],
  routes: [statusCallSettingsRoutes],
  uploads: [callsRoutes],
  errors: { calls: callsErrors },
});
