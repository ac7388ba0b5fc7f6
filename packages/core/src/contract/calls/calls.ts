import { z } from 'zod';
import { DIALLER_WAIT_REASONS } from '../../rules/dialler-waiting.js';
import { CALL_STATUSES } from '../../rules/dialler.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/*
 * The dialler's calls (spec part 1 §7 `/calls/*`), plus the ones it plainly needs (the queue, the
 * members list, numbers, voicemails list, leaving a voicemail). Realtime: events.ts (diallerMember,
 * callUpdate, queueChanged) and the client's joinDialler / editMember.
 */

const callStatus = z.enum(CALL_STATUSES);
const id = z.uuid();

export const callDto = z.object({
  _id: text(),
  itemId: text().nullable(),
  direction: z.enum(['in', 'out']),
  /** The contact's number. */
  phone: text(),
  /** The team number the call uses. */
  from: text(),
  sid: text().nullable(),
  status: callStatus,
  startedAt: text(),
  answeredAt: text().nullable(),
  endedAt: text().nullable(),
  durationMs: z.number().int(),
  /** The contact's name, for the bar and the lines. */
  name: text(),
});
export type CallDto = z.infer<typeof callDto>;

export const queueEntryDto = z.object({
  itemId: text(),
  name: text(),
  phone: text().nullable(),
  /** 'Call' when a call campaign queued it (Item campaignType). */
  campaignType: z.enum(['Call']).nullable(),
  campaignId: text().nullable(),
  callStatus: callStatus.nullable(),
  queuedAt: text(),
});
export type QueueEntryDto = z.infer<typeof queueEntryDto>;

/** Why the member's queued contacts are not being called now (rules/dialler-waiting.ts). */
export const diallerWaitingDto = z.object({
  /** Queued contacts the dialler may call now. */
  callable: z.number().int(),
  groups: z.array(
    z.object({
      reason: z.enum(DIALLER_WAIT_REASONS),
      count: z.number().int(),
      /** When the first of them may be called (calling hours); null when no time can be given. */
      until: text().nullable(),
      /** The law that holds them: the states ('FL', 'FL,MD') for a 24-hour limit or their hours, 'TEAM' for the team's own hours; none for the federal hours. */
      law: text().optional(),
    }),
  ),
  /** Now while one is callable; the first wake otherwise; null when nothing will be called by itself. */
  nextCallAt: text().nullable(),
  /** The team's time zone, in which the page says the times. */
  timezone: text(),
});
export type DiallerWaitingDto = z.infer<typeof diallerWaitingDto>;

/** One member in the dialler's active members list (§2.7). */
export const diallerMemberDto = z.object({
  userId: text(),
  name: text(),
  avatar: text().nullable(),
  active: z.boolean(),
  dialling: z.boolean(),
  paused: z.boolean(),
  onCall: z.boolean(),
  /** When the current call was answered: 'On call: duration' counts from here. */
  onCallSince: text().nullable(),
});
export type DiallerMemberDto = z.infer<typeof diallerMemberDto>;

/** The caller's own dialler: member fields, the calls on their lines, and how the line works. */
export const diallerStateDto = z.object({
  active: z.boolean(),
  dialling: z.boolean(),
  paused: z.boolean(),
  onCall: z.boolean(),
  selectedVm: text().nullable(),
  /** The call shown in the bar and on the left (in progress, or ended and waiting for Done). */
  activeCall: callDto.nullable(),
  /** Lines still ringing. */
  ringing: z.array(callDto),
  /** Lines the campaign rules allow now (2, or 1 while throttled for abandonment). */
  lines: z.number().int(),
  /** Inbound calls ringing this member's browser now (Accept / Decline); direction 'in'. */
  incoming: z.array(callDto),
  /** Why the server stopped the member's dialling (the plan's calls are used up); null otherwise. */
  notice: text().nullable(),
});
export type DiallerStateDto = z.infer<typeof diallerStateDto>;

export const voicemailDto = z.object({
  _id: text(),
  name: text(),
  userId: text(),
  size: z.number().int(),
  createdAt: text(),
});
export type VoicemailDto = z.infer<typeof voicemailDto>;

export const callNumberDto = z.object({ _id: text(), number: text() });

/** The dialler's page: the provider, numbers, members list, own state, queue and voicemails. */
export const getDialler = defineEndpoint({
  method: 'GET',
  path: '/api/calls/dialler',
  auth: true,
  response: z.object({
    /** 'simulated': no call leaves the machine, and the UI says so. */
    provider: z.enum(['simulated', 'twilio']),
    numbers: z.array(callNumberDto),
    members: z.array(diallerMemberDto),
    me: diallerStateDto,
    queue: z.array(queueEntryDto),
    voicemails: z.array(voicemailDto),
    waiting: diallerWaitingDto,
  }),
});

/** Credentials for the browser's voice client (Twilio); null on the simulated line. */
export const generateToken = defineEndpoint({
  method: 'POST',
  path: '/api/calls/generateToken',
  auth: true,
  body: z.object({ did: text().max(100).optional() }),
  response: z.object({ token: text().nullable(), identity: text() }),
});

/** Calls a record now (click to call): its primary phone, from a team number, to the caller's browser. */
export const newCall = defineEndpoint({
  method: 'POST',
  path: '/api/calls/new',
  auth: true,
  body: z.object({ dataId: id }),
  response: z.object({ call: callDto }),
});

/** Ends the caller's calls by provider id. */
export const endCalls = defineEndpoint({
  method: 'POST',
  path: '/api/calls/endCalls',
  auth: true,
  body: z.object({ sids: z.array(text().max(100)).min(1).max(10) }),
  response: z.object({ ended: z.number().int() }),
});

/** Drops the selected voicemail into a call that reached a machine ('Leaving VM'). */
export const leaveVm = defineEndpoint({
  method: 'POST',
  path: '/api/calls/leaveVm',
  auth: true,
  body: z.object({ sid: text().max(100), vmId: id.optional() }),
  response: z.object({ call: callDto }),
});

/** The caller's queue, in order. */
export const getQueue = defineEndpoint({
  method: 'GET',
  path: '/api/calls/queue',
  auth: true,
  response: z.object({ queue: z.array(queueEntryDto) }),
});

/** Adds records to the caller's queue (records already queued for someone are left where they are). */
export const enqueueCalls = defineEndpoint({
  method: 'POST',
  path: '/api/calls/enqueue',
  auth: true,
  body: z.object({ itemIds: z.array(id).min(1).max(1000) }),
  response: z.object({ queued: z.number().int() }),
});

/** Only an item queued with no call status can be unqueued. */
export const unqueueCall = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/unqueue',
  auth: true,
  body: z.object({ itemId: id }),
  response: z.object({ ok: z.literal(true) }),
});

/**
 * A recorded voicemail, as multipart/form-data: the audio in a part named `vm` (ogg/opus, or webm/opus
 * where the browser records only that; not empty; at most 5 MB) and an optional `name`.
 */
export const recordVm = defineEndpoint({
  method: 'POST',
  path: '/api/calls/recordVm',
  auth: true,
  response: z.object({ voicemail: voicemailDto }),
});

export const editVm = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/editVm',
  auth: true,
  body: z.object({ vmId: id, name: text().trim().min(1).max(100) }),
  response: z.object({ voicemail: voicemailDto }),
});

export const removeVm = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/removeVm',
  auth: true,
  body: z.object({ vmId: id }),
  response: z.object({ ok: z.literal(true) }),
});

/** The audio of a voicemail, to the team only (the web fetches it with its token). */
export const VM_AUDIO_PATH = '/api/calls/vm/:id';

/** Rents a team number (admin or the phones permission). */
export const buyNumber = defineEndpoint({
  method: 'POST',
  path: '/api/calls/buyNumber',
  auth: true,
  body: z.object({
    areaCode: text()
      .regex(/^[2-9]\d{2}$/)
      .optional(),
  }),
  response: z.object({ number: callNumberDto }),
});

export const releaseNumber = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/releaseNumber',
  auth: true,
  body: z.object({ numberId: id }),
  response: z.object({ ok: z.literal(true) }),
});

/** Takes an inbound call ringing the caller's browser: the first member to accept gets it. */
export const answerInbound = defineEndpoint({
  method: 'POST',
  path: '/api/calls/answerInbound',
  auth: true,
  body: z.object({ callId: id }),
  response: z.object({ call: callDto }),
});

/** Stops an inbound call ringing the caller's browser; when nobody is left ringing it is missed. */
export const declineInbound = defineEndpoint({
  method: 'POST',
  path: '/api/calls/declineInbound',
  auth: true,
  body: z.object({ callId: id }),
  response: z.object({ ok: z.literal(true) }),
});

/**
 * The simulated line only: a contact of the team (or, without one, a fictional 555-01xx number)
 * calls the team's first number now, so a member can try inbound calls.
 */
export const simulateInbound = defineEndpoint({
  method: 'POST',
  path: '/api/calls/simulateInbound',
  auth: true,
  body: z.object({}).default({}),
  response: z.object({ callId: text(), from: text() }),
});

/** A user's own call settings (spec part 2 §3 User noStatusCalls, forwardOnly, defaultVm). */
export const userCallSettingsDto = z.object({
  /** Records with no status are not dialled from this member's queue. */
  noStatusCalls: z.boolean(),
  /** Inbound calls for this member go to their phone, never to their browser. */
  forwardOnly: z.boolean(),
  /** E.164: where forwarded calls ring. */
  forwardNumber: text().nullable(),
  /** The voicemail an autoRvm status drops when it has none of its own; preselected on Join. */
  defaultVm: text().nullable(),
});
export type UserCallSettingsDto = z.infer<typeof userCallSettingsDto>;

export const getCallSettings = defineEndpoint({
  method: 'GET',
  path: '/api/calls/settings',
  auth: true,
  response: z.object({ settings: userCallSettingsDto }),
});

export const updateCallSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/settings',
  auth: true,
  body: z.object({
    noStatusCalls: z.boolean(),
    forwardOnly: z.boolean(),
    forwardNumber: text().trim().max(40).nullable(),
    defaultVm: id.nullable(),
  }),
  response: z.object({ settings: userCallSettingsDto }),
});

/** Client → server socket events of the dialler. */
export const diallerClientEvents = {
  /** Opens the caller's dialler session (the page's Join); answers the caller's state. */
  joinDialler: z.object({}),
  /**
   * The member's dialler fields: Start Dialling, Pause, Leave, Done, and the selected voicemail. The
   * server applies the state machine of rules/dialler.ts and answers the new state.
   */
  editMember: z.object({
    action: z.enum(['start', 'pause', 'leave', 'done']).optional(),
    selectedVm: id.nullable().optional(),
  }),
};
