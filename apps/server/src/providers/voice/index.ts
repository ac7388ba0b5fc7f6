import { createSimulatedVoice, type SimulatedVoice } from './simulated-voice.js';
import { createTwilioVoice } from './twilio-voice.js';
import type { VoiceProvider } from './voice.js';

export type {
  AnswerInstruction,
  CallOutcome,
  PlaceCall,
  VoiceAccount,
  VoiceEvent,
  VoiceHandler,
  VoiceNumber,
  VoiceProvider,
  VoiceToken,
} from './voice.js';
export { VoiceFailedError } from './voice.js';
export type { SimulatedVoice, SimulatedOutcome, SimulatedScript } from './simulated-voice.js';
export { createSimulatedVoice } from './simulated-voice.js';
export { createTwilioVoice, type TwilioVoice, type TwilioWebhook } from './twilio-voice.js';

export type VoiceConfig = {
  accountSid?: string;
  authToken?: string;
  apiKeySid?: string;
  apiKeySecret?: string;
  apiUrl: string;
  /** Where Twilio reaches this server: the webhooks' and recordings' origin. */
  publicUrl: string;
};

/** Twilio when its account is configured; otherwise the simulated line, which says so in the UI. */
export function createVoice(c: VoiceConfig): VoiceProvider | SimulatedVoice {
  if (c.accountSid && c.authToken && c.apiKeySid && c.apiKeySecret)
    return createTwilioVoice({
      accountSid: c.accountSid,
      authToken: c.authToken,
      apiKeySid: c.apiKeySid,
      apiKeySecret: c.apiKeySecret,
      apiUrl: c.apiUrl,
      publicUrl: c.publicUrl,
    });
  return createSimulatedVoice();
}
