import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { editMember } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { teamMembersKeys } from './team-members-keys';

export type EditMemberInput = z.input<NonNullable<typeof editMember.body>>;

export function patchEditMember(input: EditMemberInput) {
  return call(editMember, input);
}

/** `onEdited` lets the screen refresh what depends on the member (the current user, when it is them). */
export function useEditMember(onEdited?: (userId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchEditMember,
    onSuccess: async ({ user }) => {
      notifySuccess(`${user.name || user.email} was saved.`);
      onEdited?.(user._id);
      await queryClient.invalidateQueries({ queryKey: teamMembersKeys.all });
    },
  });
}
