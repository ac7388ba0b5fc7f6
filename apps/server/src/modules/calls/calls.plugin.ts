import { createHmac, timingSafeEqual } from 'node:crypto';
import { diallerClientEvents, messages, type DiallerAck, serverMessages } from '@prospector/core';
import { servicePlugin } from '../../plugins/services.js';
import { createPhoneStates, createPhoneZones, type PhoneZones } from '../../providers/phone-zones/index.js';
import { createVoice, type VoiceProvider } from '../../providers/voice/index.js';
import { callsErrors } from './calls.errors.js';
import { createCallsService } from './calls.service.js';
import { createDiallerService } from './dialler.service.js';
import { createVoiceAccounts } from './voice-accounts.js';

export type CallsOptions = {
  /** The voice provider; tests pass a scripted simulated line or Twilio pointed at a fake. */
  voice?: VoiceProvider;
  phoneZones?: PhoneZones;
  /** The bench's measure of queue pop → call placed. */
  onCallPlaced?: (ms: number) => void;
  /** How long an inbound call rings the members' browsers (tests shorten it). */
  inboundRingMs?: number;
};

/** The public recording an abandoned call hears within 2 seconds (apps/web/public/audio). */
export const IDENTIFICATION_PATH = '/audio/abandoned-call.wav';

/** A voicemail link the provider can fetch without a token: signed with the server's secret. */
export function vmSignature(secret: string, vmId: string) {
  return createHmac('sha256', secret).update(`vm:${vmId}`).digest('base64url');
}
export function isVmSignature(secret: string, vmId: string, sig: string) {
  const want = Buffer.from(vmSignature(secret, vmId));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * The power dialler, voicemails and numbers. The voice provider is Twilio when configured, else the
 * simulated line. Members drive their dialler over the socket (joinDialler, editMember).
 */
export const callsPlugin = servicePlugin(
  'calls',
  ['realtime', 'records', 'notifications', 'billing'],
  (app, { records, tasks, notifications, plans }, options: CallsOptions) => {
    const { config, clock } = app;
    const { db } = app.database;
    const voice =
      options.voice ??
      createVoice({
        accountSid: config.TWILIO_ACCOUNT_SID,
        authToken: config.TWILIO_AUTH_TOKEN,
        apiKeySid: config.TWILIO_API_KEY_SID,
        apiKeySecret: config.TWILIO_API_KEY_SECRET,
        apiUrl: config.TWILIO_API_URL,
        publicUrl: config.PUBLIC_URL,
      });
    const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
    const dialler = createDiallerService({
      db,
      clock,
      realtime: app.realtime,
      events: app.events,
      voice,
      zonesOf: options.phoneZones ?? createPhoneZones(),
      stateOf: createPhoneStates(),
      records,
      tasks,
      notifications,
      callsThisMonth: (teamId) => plans.callsThisMonth(teamId),
      log: app.log,
      vmLink: (id) => `${publicUrl}/api/calls/vmPublic/${id}?sig=${vmSignature(config.authSecret, id)}`,
      identificationUrl: publicUrl + IDENTIFICATION_PATH,
      ...(options.onCallPlaced ? { onPlaced: options.onCallPlaced } : {}),
      ...(options.inboundRingMs ? { inboundRingMs: options.inboundRingMs } : {}),
    });
    const voiceAccounts = createVoiceAccounts({ db, clock, voice });
    const calls = createCallsService({
      db,
      clock,
      realtime: app.realtime,
      voice,
      dialler,
      voiceAccounts,
      dataDir: config.DATA_DIR,
    });

    app.realtime.io.on('connection', (socket) => {
      // The session as it was at the handshake: who leaves the dialler when the socket closes.
      const auth = socket.data.auth;
      const answer = (ack: unknown, a: DiallerAck) => {
        if (typeof ack === 'function') (ack as (a: DiallerAck) => void)(a);
      };
      const fromResult = (r: Awaited<ReturnType<typeof dialler.join>>): DiallerAck =>
        r.ok
          ? { ok: true, state: r.value }
          : {
              ok: false,
              message:
                r.message ??
                (r.code === 'PERMISSION_REQUIRED'
                  ? messages.auth.forbidden
                  : r.code === 'TEAM_SUSPENDED'
                    ? serverMessages.admin.suspendedNothingSent
                    : callsErrors[r.code].message),
            };
      socket.on('joinDialler', async (_payload, ack) => {
        // socket.data.auth is the session as it is now (realtime re-reads it for every action).
        answer(ack, fromResult(await dialler.join(socket.data.auth)));
      });
      socket.on('editMember', async (payload, ack) => {
        const parsed = diallerClientEvents.editMember.safeParse(payload);
        if (!parsed.success) return answer(ack, { ok: false, message: serverMessages.http.badRequest });
        answer(ack, fromResult(await dialler.edit(socket.data.auth, parsed.data)));
      });
      // The member's last tab on this process closed (their dialler session lives here, ADR 029): they
      // leave the dialler, and their ringing lines are cancelled.
      socket.on('disconnect', () => {
        app.realtime.io.local
          .in(`user:${auth.userId}`)
          .fetchSockets()
          .then(async (left) => {
            if (left.length === 0) await dialler.leave(auth.userId);
          })
          .catch((err: unknown) => app.log.error({ err }, 'dialler leave failed'));
      });
    });
    app.addHook('preClose', async () => {
      await dialler.close();
      await voice.close();
    });
    return { calls, dialler, voice, voiceAccounts };
  },
);
