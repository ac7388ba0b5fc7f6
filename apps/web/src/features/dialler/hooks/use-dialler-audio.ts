import { useEffect, useRef } from 'react';
import { generateToken, type DiallerStateDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

type AudioRef = React.RefObject<HTMLAudioElement | null>;

const play = (a: HTMLAudioElement | null) => {
  if (!a) return;
  a.currentTime = 0;
  void a.play().catch(() => undefined);
};

/**
 * The line's sounds (spec part 1 §2.1): ringback while a line rings, a connect tone when a call is
 * answered, a disconnect tone when it ends. On the simulated line the "remote" audio is a recorded
 * greeting, so a member trying it hears a callee pick up.
 */
export function useCallTones(
  me: DiallerStateDto | undefined,
  simulated: boolean,
  ringingRef: AudioRef,
  connectRef: AudioRef,
  disconnectRef: AudioRef,
  remoteRef: AudioRef,
) {
  // Ringback while an outbound line rings; the same ring while an inbound call waits for Accept.
  const ringing =
    !!me && !me.onCall && (me.ringing.some((r) => r.status === 'Ringing') || me.incoming.length > 0);
  const live = me?.activeCall?.status === 'In call' ? me.activeCall._id : null;
  const last = useRef<string | null>(null);

  useEffect(() => {
    const a = ringingRef.current;
    if (!a) return;
    if (ringing) void a.play().catch(() => undefined);
    else a.pause();
  }, [ringing, ringingRef]);

  useEffect(() => {
    if (live && last.current !== live) {
      play(connectRef.current);
      if (simulated) setTimeout(() => play(remoteRef.current), 350);
    }
    if (!live && last.current) {
      remoteRef.current?.pause();
      play(disconnectRef.current);
    }
    last.current = live;
  }, [live, simulated, connectRef, disconnectRef, remoteRef]);
}

type BrowserCall = { accept(): void; reject(): void; on(event: 'cancel', fn: () => void): void };
/** Inbound calls ringing this browser's voice client (Twilio), by the dialler's call id. */
const waiting = new Map<string, BrowserCall>();

/** The member accepted in the page (and the server gave them the call): pick up the client's leg. */
export function acceptBrowserCall(callId: string) {
  waiting.get(callId)?.accept();
  waiting.delete(callId);
}
export function rejectBrowserCall(callId: string) {
  waiting.get(callId)?.reject();
  waiting.delete(callId);
}

/**
 * With Twilio the member's browser is a voice client: it registers with an access token and accepts
 * the calls the dialler bridges to it (outbound calls are answered automatically, §4). An inbound
 * call carries the dialler's call id: it waits for the member's Accept, which the server confirms
 * first (the first member to accept takes it).
 */
export function useTwilioDevice(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let device: { destroy(): void } | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const [{ Device }, { token }] = await Promise.all([
          import('@twilio/voice-sdk'),
          call(generateToken, {}),
        ]);
        if (cancelled || !token) return;
        const d = new Device(token, { closeProtection: true });
        d.on('incoming', (c: BrowserCall & { customParameters: Map<string, string> }) => {
          const callId = c.customParameters.get('callId');
          if (!callId) return c.accept();
          waiting.set(callId, c);
          c.on('cancel', () => waiting.delete(callId));
        });
        await d.register();
        device = d;
      } catch {
        notifyError('The browser could not connect to the phone service.');
      }
    })();
    return () => {
      cancelled = true;
      device?.destroy();
    };
  }, [enabled]);
}
