import { useMutation } from '@tanstack/react-query';
import { editMember, editTeamProfile, type CurrentUser } from '@prospector/core';
import { call } from '../../../lib/api-client';

export type CompanyAnswers = { companyName: string; userName: string };

/** Step 1: renames the company (PATCH /api/teams/editProfile), then names the user (editMember on self). */
export function useSaveCompany(user: CurrentUser) {
  return useMutation({
    mutationFn: async ({ companyName, userName }: CompanyAnswers) => {
      await call(editTeamProfile, { name: companyName.trim() }, { quiet: true });
      await call(
        editMember,
        {
          _id: user._id,
          name: userName.trim(),
          phone: user.phone ?? '',
          permissions: user.permissions,
          dataAccess: user.dataAccess,
        },
        { quiet: true },
      );
    },
  });
}
