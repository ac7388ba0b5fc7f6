import { z } from 'zod';
import { storableText } from '../rules/device-inbound.js';

/**
 * The device protocol: Socket.IO namespace `/device`, spoken between the server and the device agent
 * (`apps/device-agent`). docs/device-protocol.md explains the states and the guarantees; this file is
 * the wire format both sides validate.
 */
export const DEVICE_NAMESPACE = '/device';

/** Agent → server, every `pingIntervalMs`. A device is connected while its last ping is this fresh. */
export const DEVICE_PING_INTERVAL_MS = 10_000;
export const DEVICE_PING_FRESH_MS = 30_000;

export const devicePlatform = z.enum(['android', 'macos', 'sim']);
export type DevicePlatform = z.infer<typeof devicePlatform>;

/** Handshake: `io(serverUrl + '/device', { auth: deviceHandshake })`. */
export const deviceHandshake = z.object({
  token: z.string().min(20).max(200),
  platform: devicePlatform,
  agentVersion: z.string().max(40),
});
export type DeviceHandshake = z.infer<typeof deviceHandshake>;

/** A refused handshake (unknown or removed device token) carries this message. */
export const DEVICE_UNAUTHORIZED = 'device unauthorized';

export const deviceJob = z.object({
  /** Stable for the job's whole life: the agent journals it and never sends the same id twice. */
  id: z.uuid(),
  /** E.164 phone (or an Apple ID e-mail for iMessage on a Mac). */
  to: z.string().min(3).max(320),
  body: z.string().min(1).max(5000),
  /** 1 on the first offer; grows when a job is offered again after a retryable failure. */
  attempt: z.number().int().min(1),
});
export type DeviceJob = z.infer<typeof deviceJob>;

/** Terminal for the recipient: 'sent' (handed to the network), then 'delivered' if the phone reports it. */
export const jobReportState = z.enum(['sent', 'delivered', 'failed']);
export type JobReportState = z.infer<typeof jobReportState>;

export const jobReport = z.object({
  id: z.uuid(),
  state: jobReportState,
  /** ISO time on the device when the state was reached. */
  at: z.iso.datetime({ offset: true }),
  /** The offer's attempt this report is about: a failure of an earlier attempt must not fail a later one. */
  attempt: z.number().int().min(1).optional(),
  /** For 'failed': what the phone said. */
  error: z.string().max(500).optional(),
  /**
   * For 'failed': true only when the agent knows the text did not leave the phone (the driver refused
   * before sending). The server may then offer the job again, with backoff.
   */
  retryable: z.boolean().optional(),
});
export type JobReport = z.infer<typeof jobReport>;

/** A string as the database can store it: U+0000 dropped, lone surrogates replaced (`storableText`). */
const storable = () => z.string().overwrite(storableText);

/**
 * A text the phone received. Its strings are made storable as they are read, on the phone and again
 * on the server, so one character PostgreSQL refuses cannot cost the text (or its batch).
 */
export const inboundSms = z.object({
  /** The phone's own id for the message (Android `_id`, Messages `guid`, sim uuid): duplicates are ignored. */
  id: storable().min(1).max(200),
  from: storable().min(3).max(320),
  body: storable().max(5000),
  at: z.iso.datetime({ offset: true }),
});
export type InboundSms = z.infer<typeof inboundSms>;

/** Most texts in one `inbound` batch. */
export const INBOUND_BATCH_MAX = 500;

/**
 * How the server reads an `inbound` batch: the envelope first, then each text on its own, so one
 * unreadable text is refused alone (`rejected`) and the others of its batch are still taken.
 */
export const inboundEnvelope = z.object({ messages: z.array(z.unknown()).min(1).max(INBOUND_BATCH_MAX) });

/** A received text the server refused for good, with why: the agent logs it and does not send it again. */
export const inboundRejection = z.object({ id: z.string(), reason: z.string().max(500) });
export type InboundRejection = z.infer<typeof inboundRejection>;

/** Server → agent events. */
export const deviceServerEvents = {
  /** After the handshake: who the device is and how to behave. */
  hello: z.object({
    deviceId: z.string(),
    name: z.string(),
    pingIntervalMs: z.number().int(),
    /** How many accepted-but-unreported jobs the server lets the device hold. */
    maxInFlight: z.number().int().min(1),
  }),
  /** Jobs offered to this device. The agent must `accept` them before sending any. */
  jobs: z.object({ jobs: z.array(deviceJob).min(1) }),
} as const;

/** Agent → server events; each is emitted with an acknowledgement callback (`emitWithAck`). */
export const deviceClientEvents = {
  ping: z.object({ at: z.iso.datetime({ offset: true }), battery: z.number().min(0).max(100).optional() }),
  /** Claims offered jobs. Only ids in the answer's `accepted` may be sent; the rest must be dropped. */
  accept: z.object({ ids: z.array(z.uuid()).min(1).max(1000) }),
  report: z.object({ reports: z.array(jobReport).min(1).max(1000) }),
  inbound: z.object({ messages: z.array(inboundSms).min(1).max(INBOUND_BATCH_MAX) }),
} as const;

export const deviceAcks = {
  ping: z.object({ ok: z.literal(true) }),
  accept: z.object({ accepted: z.array(z.uuid()), rejected: z.array(z.uuid()) }),
  report: z.object({ ok: z.literal(true) }),
  /**
   * Every text of the batch not named here is stored (or was already). `rejected`: refused for good,
   * the agent drops them and logs why. `deferred`: not looked at (the device's inbound rate, or a
   * passing fault on the server): the agent keeps them and sends them again after `retryAfterMs`.
   */
  inbound: z.object({
    ok: z.literal(true),
    rejected: z.array(inboundRejection).optional(),
    deferred: z.array(z.string()).optional(),
    retryAfterMs: z.number().int().min(0).max(3_600_000).optional(),
  }),
} as const;

export type DeviceServerEventName = keyof typeof deviceServerEvents;
export type DeviceClientEventName = keyof typeof deviceClientEvents;
export type DeviceServerPayload<E extends DeviceServerEventName> = z.infer<(typeof deviceServerEvents)[E]>;
export type DeviceClientPayload<E extends DeviceClientEventName> = z.infer<(typeof deviceClientEvents)[E]>;
export type DeviceAck<E extends DeviceClientEventName> = z.infer<(typeof deviceAcks)[E]>;

/**
 * An ack for a payload the server could not read or failed on: the agent logs it; it does not send
 * that accept or report again, but keeps an inbound batch and sends it again with backoff.
 */
export const deviceAckError = z.object({ error: z.string() });

export type DeviceServerToAgent = {
  [E in DeviceServerEventName]: (payload: DeviceServerPayload<E>) => void;
};
export type DeviceAgentToServer = {
  [E in DeviceClientEventName]: (
    payload: DeviceClientPayload<E>,
    ack: (answer: DeviceAck<E> | z.infer<typeof deviceAckError>) => void,
  ) => void;
};
