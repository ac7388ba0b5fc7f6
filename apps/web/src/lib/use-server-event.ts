import { useEffect, useRef } from 'react';
import type { ServerEventPayload } from '@prospector/core';
import { onServerEvent, type ForwardedEvent } from './socket';

/** Runs `handler` on every `event` from the server while the component is mounted. */
export function useServerEvent<E extends ForwardedEvent>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onServerEvent(event, (payload) => latest.current(payload)), [event]);
}
