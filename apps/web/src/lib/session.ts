import { queryClient } from './query-client';
import { clearSessionTokens } from './session-store';
import { disconnectSocket } from './socket';
import { resetAllStores } from './store-registry';

/**
 * Ends the session on this device: tokens, socket, server cache and every client store go.
 * The router sends the visitor to / when the token disappears.
 */
export function endSession(): void {
  clearSessionTokens();
  disconnectSocket();
  queryClient.clear();
  resetAllStores();
}
