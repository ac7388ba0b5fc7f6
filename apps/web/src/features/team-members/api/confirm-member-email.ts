import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmMemberEmail, messages } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { teamMembersKeys } from './team-members-keys';

export function postConfirmMemberEmail(input: { _id: string; code: string }) {
  return call(confirmMemberEmail, input);
}

/** The code from the new address moves the account there; `onEdited` refreshes the current user when it is them. */
export function useConfirmMemberEmail(onEdited?: (userId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postConfirmMemberEmail,
    onSuccess: async ({ user }) => {
      notifySuccess(messages.team.emailChanged);
      onEdited?.(user._id);
      await queryClient.invalidateQueries({ queryKey: teamMembersKeys.all });
    },
  });
}
