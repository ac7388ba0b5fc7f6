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
  | { sid: string; kind: 'ended'; outcome: CallOutcome; durationMs: number }
  /** Someone calls one of the team's numbers: the handler answers ring, forward or hangup. */
  | { sid: string; kind: 'incoming'; from: string; to: string };

export type CallOutcome = 'completed' | 'no-answer' | 'busy' | 'failed' | 'canceled';

/** What the callee gets once answered. */
export type AnswerInstruction =
  /** Connect to the member's browser (the voice client registered under this identity). */
  | { kind: 'bridge'; identity: string }
  /** Play a recording, then hang up (a voicemail drop, or the abandoned-call identification). */
  | { kind: 'play'; url: string }
  /** Keep the line open in silence (a machine waiting for the member to leave a voicemail). */
  | { kind: 'hold' }
  | { kind: 'hangup' }
  /** An inbound call: ring these members' browser clients at once; the first to accept takes it. */
  | { kind: 'ring'; identities: string[]; callId: string; timeoutMs: number }
  /** An inbound call: ring a member's own phone, showing the team number called as caller ID. */
  | { kind: 'forward'; number: string; callerId: string; timeoutMs: number };

export type VoiceHandler = (e: VoiceEvent) => Promise<AnswerInstruction | null>;

export type PlaceCall = {
  /** E.164: always one of the team's numbers. */
  from: string;
  to: string;
};

export type VoiceNumber = {
  sid: string;
  number: string;
  /** The (sub-)account the number is rented under. */
  accountSid: string;
};

/**
 * A sub-account of the provider's main account: each team rents its numbers under its own, so staff
 * can see, release or replace one team's numbers (the suspension page) without touching another's.
 */
export type VoiceAccount = { sid: string; name: string; status: 'active' | 'suspended' | 'closed' };

/** A browser's credentials for the provider's voice client; null when the browser needs none. */
export type VoiceToken = { token: string; identity: string; expiresAt: Date } | null;

export type VoiceProvider = {
  readonly name: 'simulated' | 'twilio';
  /** The dialler registers where events go (one handler per process). */
  setHandler(handler: VoiceHandler): void;
  placeCall(call: PlaceCall): Promise<{ sid: string }>;
  /** Hangs up, or cancels while ringing. Ending a call that has ended already is not an error. */
  endCall(sid: string): Promise<void>;
  /**
   * A member accepted a ringing inbound call in the browser: connect the caller to them. Twilio needs
   * nothing (the browser's voice client accepts its own leg); the simulated line goes live.
   */
  connectInbound(sid: string, identity: string): Promise<void>;
  /** Plays a recording into a live call, then hangs up. */
  playIntoCall(sid: string, url: string): Promise<void>;
  accessToken(identity: string): VoiceToken;
  /** The numbers rented under a sub-account (the main account when none is given). */
  listNumbers(accountSid?: string): Promise<VoiceNumber[]>;
  /** Rents a number, near an area code when given, under a sub-account (else the main account). */
  buyNumber(areaCode: string | null, accountSid?: string): Promise<VoiceNumber>;
  /** Gives a number back; refused (VoiceFailedError) when its account is suspended or closed. */
  releaseNumber(sid: string, accountSid?: string): Promise<void>;
  /** Opens a sub-account. */
  createAccount(name: string): Promise<VoiceAccount>;
  /** Every sub-account of the main account. */
  listAccounts(): Promise<VoiceAccount[]>;
  /** Stops timers and open work (the simulated provider's lines). */
  close(): Promise<void>;
};

/** The provider answered with an error, or could not be reached. */
export class VoiceFailedError extends Error {}
