/**
 * The voice service behind the dialler: it places and ends calls, tells a person from an answering
 * machine, plays recordings into calls, bridges an answered call to the member's browser, and rents
 * the team's numbers (the caller IDs). Events come back through the handler the dialler registers;
 * what the handler answers to 'answered' and 'machine' decides what the callee hears next.
 */

/** What happened on a call, in the dialler's words. */
export type VoiceEvent =
  | { sid: string; kind: 'ringing' }
  /** A person picked up. */
  | { sid: string; kind: 'answered' }
  /** An answering machine picked up (after its greeting, when the provider waits for the beep). */
  | { sid: string; kind: 'machine' }
  | { sid: string; kind: 'ended'; outcome: CallOutcome; durationMs: number };

export type CallOutcome = 'completed' | 'no-answer' | 'busy' | 'failed' | 'canceled';

/** What the callee gets once answered. */
export type AnswerInstruction =
  /** Connect to the member's browser (the voice client registered under this identity). */
  | { kind: 'bridge'; identity: string }
  /** Play a recording, then hang up (a voicemail drop, or the abandoned-call identification). */
  | { kind: 'play'; url: string }
  /** Keep the line open in silence (a machine waiting for the member to leave a voicemail). */
  | { kind: 'hold' }
  | { kind: 'hangup' };

export type VoiceHandler = (e: VoiceEvent) => Promise<AnswerInstruction | null>;

export type PlaceCall = {
  /** E.164: always one of the team's numbers. */
  from: string;
  to: string;
};

export type VoiceNumber = { sid: string; number: string };

/** A browser's credentials for the provider's voice client; null when the browser needs none. */
export type VoiceToken = { token: string; identity: string; expiresAt: Date } | null;

export type VoiceProvider = {
  readonly name: 'simulated' | 'twilio';
  /** The dialler registers where events go (one handler per process). */
  setHandler(handler: VoiceHandler): void;
  placeCall(call: PlaceCall): Promise<{ sid: string }>;
  /** Hangs up, or cancels while ringing. Ending a call that has ended already is not an error. */
  endCall(sid: string): Promise<void>;
  /** Plays a recording into a live call, then hangs up. */
  playIntoCall(sid: string, url: string): Promise<void>;
  accessToken(identity: string): VoiceToken;
  listNumbers(): Promise<VoiceNumber[]>;
  /** Rents a number, near an area code when given. */
  buyNumber(areaCode: string | null): Promise<VoiceNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** Stops timers and open work (the simulated provider's lines). */
  close(): Promise<void>;
};

/** The provider answered with an error, or could not be reached. */
export class VoiceFailedError extends Error {}
