import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeMember } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { teamMembersKeys } from './team-members-keys';

export type RemoveMemberInput = { userId: string; assignedTo: string[] };

export function patchRemoveMember(input: RemoveMemberInput) {
  return call(removeMember, input);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchRemoveMember,
    onSuccess: async ({ userId }) => {
      notifySuccess('The member was removed.');
      // Their count is gone with them: refetching it would answer 404.
      queryClient.removeQueries({ queryKey: teamMembersKeys.itemCount(userId) });
      await queryClient.invalidateQueries({ queryKey: teamMembersKeys.list() });
    },
  });
}
