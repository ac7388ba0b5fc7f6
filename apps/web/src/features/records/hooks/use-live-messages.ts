import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { addMessage, patchMessage } from '../api/record-cache';

/**
 * Threads follow the team's texts: `messageAdded` (a text received, or sent from elsewhere) joins the
 * cached record's thread, `messageStatus` moves a text on (queued → sent → delivered, or failed).
 */
export function useLiveMessages() {
  const queryClient = useQueryClient();
  useServerEvent('messageAdded', ({ itemId, message }) => addMessage(queryClient, itemId, message));
  useServerEvent('messageStatus', ({ itemId, messageId, status }) =>
    patchMessage(queryClient, itemId, messageId, { status }),
  );
}
