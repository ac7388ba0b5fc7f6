import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@prospector/core';
import { authKeys } from '../../features/auth';
import { billingKeys } from '../../features/billing';
import { membersKeys } from '../../features/members';
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
  useServerEvent('editMember', ({ _id, name, avatar, permissions, dataAccess }) => {
    void queryClient.invalidateQueries({ queryKey: membersKeys.all });
    if (_id !== userId) return;
    patchMe((user) => ({ ...user, name, avatar, permissions, dataAccess }));
    // What the viewer may see changed: every screen reads again under the new access.
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me()[0] });
  });
  useServerEvent('membersChanged', () => {
    void queryClient.invalidateQueries({ queryKey: membersKeys.all });
  });
  useServerEvent('teamProfileChanged', ({ name, avatar }) => {
    patchMe((user) => ({ ...user, team: { ...user.team, name, avatar } }));
  });
  // Staff suspended the team or lifted it: the banner comes and goes without a reload.
  useServerEvent('teamSuspension', ({ suspension }) => {
    patchMe((user) => ({ ...user, team: { ...user.team, suspension } }));
  });
  // Staff added credits: the top bar and Settings > Billing show the new balance at once.
  useServerEvent('creditsChanged', ({ credits }) => {
    queryClient.setQueryData<{ credits: number }>(billingKeys.summary(), (old) =>
      old ? { ...old, credits } : old,
    );
    // The balance is the event's; the history gained the grant's line.
    void queryClient.invalidateQueries({ queryKey: billingKeys.histories() });
  });
}
