import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@prospector/core';
import { authKeys } from '../../features/auth';
import { useServerEvent } from '../../lib/use-server-event';

/**
 * The current user carries the viewer's name and photo and the company's name and logo (the top
 * bar shows them): patch it when the server says they changed, here or in another tab.
 */
export function useProfileEvents(userId: string) {
  const queryClient = useQueryClient();
  const patchMe = (patch: (user: CurrentUser) => CurrentUser) =>
    queryClient.setQueryData<{ user: CurrentUser }>(authKeys.me(), (old) =>
      old ? { user: patch(old.user) } : old,
    );
  useServerEvent('editMember', ({ _id, name, avatar }) => {
    if (_id === userId) patchMe((user) => ({ ...user, name, avatar }));
  });
  useServerEvent('teamProfileChanged', ({ name, avatar }) => {
    patchMe((user) => ({ ...user, team: { ...user.team, name, avatar } }));
  });
}
