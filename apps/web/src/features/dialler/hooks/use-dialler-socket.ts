import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DiallerAck, DiallerMemberDto, DiallerStateDto } from '@prospector/core';
import { notifyError } from '../../../lib/notify';
import { getSocket } from '../../../lib/socket';
import { useServerEvent } from '../../../lib/use-server-event';
import { diallerKeys } from '../api/dialler-keys';
import type { DiallerPage } from '../api/get-dialler';

export type DiallerEdit = { action?: 'start' | 'pause' | 'leave' | 'done'; selectedVm?: string | null };

/**
 * The dialler over the socket: joinDialler and editMember (acknowledged with the new state), and the
 * server's callUpdate, diallerMember and queueChanged events folded into the page's cache; a record's
 * new thread message refreshes its History.
 */
export function useDiallerSocket() {
  const queryClient = useQueryClient();
  const patch = useCallback(
    (fn: (p: DiallerPage) => DiallerPage) =>
      queryClient.setQueryData<DiallerPage>(diallerKeys.page(), (p) => (p ? fn(p) : p)),
    [queryClient],
  );
  const setMe = useCallback((me: DiallerStateDto) => patch((p) => ({ ...p, me })), [patch]);

  useServerEvent('callUpdate', ({ state }) => setMe(state));
  useServerEvent('diallerMember', (m: DiallerMemberDto) =>
    patch((p) => ({
      ...p,
      members: m.active
        ? p.members.some((x) => x.userId === m.userId)
          ? p.members.map((x) => (x.userId === m.userId ? m : x))
          : [...p.members, m]
        : p.members.filter((x) => x.userId !== m.userId),
    })),
  );
  useServerEvent('queueChanged', () => void queryClient.invalidateQueries({ queryKey: diallerKeys.page() }));
  // The call's note reaches the thread after the call ends: the History panel shows it as it lands.
  useServerEvent(
    'messageAdded',
    ({ itemId }) => void queryClient.invalidateQueries({ queryKey: diallerKeys.history(itemId) }),
  );

  const send = useCallback(
    async (event: 'joinDialler' | 'editMember', payload: object) => {
      const socket = getSocket();
      if (!socket) return null;
      const ack = (await socket.timeout(10_000).emitWithAck(event, payload)) as DiallerAck;
      if (!ack.ok) {
        notifyError(ack.message);
        return null;
      }
      setMe(ack.state);
      return ack.state;
    },
    [setMe],
  );

  return {
    join: useCallback(() => send('joinDialler', {}), [send]),
    edit: useCallback((e: DiallerEdit) => send('editMember', e), [send]),
  };
}
