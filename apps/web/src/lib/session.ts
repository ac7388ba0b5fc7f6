import { queryClient } from './query-client';
import { clearSessionTokens } from './session-store';
import { resetAllStores } from './store-registry';

/**
 * Ends the session on this device: tokens, server cache and every client store go (the socket too:
 * lib/socket.ts registers its own reset, so the logged-out pages need not load Socket.IO).
 * The router sends the visitor to / when the token disappears.
 */
export function endSession(): void {
  clearSessionTokens();
  queryClient.clear();
  resetAllStores();
}
