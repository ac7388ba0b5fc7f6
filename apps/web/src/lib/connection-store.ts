import { create } from 'zustand';
import { CONNECTION_BANNER_HIDE_MS } from '@prospector/core';
import { registerStoreReset } from './store-registry';

/**
 * idle: no socket (logged out). connecting: first attempt. connected. reconnecting: the link was
 * lost, or an attempt failed, and Socket.IO is retrying.
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

type ConnectionState = { status: ConnectionStatus; bannerVisible: boolean };

/** A first connection that succeeds this fast shows only 'Connected to server'. */
const FIRST_ATTEMPT_GRACE_MS = 600;

export const useConnectionStore = create<ConnectionState>(() => ({ status: 'idle', bannerVisible: false }));

let bannerTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleBanner(visible: boolean, afterMs: number): void {
  bannerTimer = setTimeout(() => useConnectionStore.setState({ bannerVisible: visible }), afterMs);
}

/** The banner policy (spec part 1 §2.1): it slides away 2 s after connecting. */
export function setConnectionStatus(status: ConnectionStatus): void {
  clearTimeout(bannerTimer);
  switch (status) {
    case 'connected':
      useConnectionStore.setState({ status, bannerVisible: true });
      scheduleBanner(false, CONNECTION_BANNER_HIDE_MS);
      break;
    case 'reconnecting':
      useConnectionStore.setState({ status, bannerVisible: true });
      break;
    case 'connecting':
      useConnectionStore.setState({ status, bannerVisible: false });
      scheduleBanner(true, FIRST_ATTEMPT_GRACE_MS);
      break;
    case 'idle':
      useConnectionStore.setState({ status, bannerVisible: false });
      break;
  }
}

registerStoreReset(() => setConnectionStatus('idle'));
