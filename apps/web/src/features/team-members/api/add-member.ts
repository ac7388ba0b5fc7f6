import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { addMember } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { teamMembersKeys } from './team-members-keys';

export type AddMemberInput = z.input<NonNullable<typeof addMember.body>>;

export function postAddMember(input: AddMemberInput) {
  return call(addMember, input);
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAddMember,
    onSuccess: async ({ user }) => {
      notifySuccess(`${user.name} was added. They log in with a code sent to ${user.email}.`);
      await queryClient.invalidateQueries({ queryKey: teamMembersKeys.all });
    },
  });
}
