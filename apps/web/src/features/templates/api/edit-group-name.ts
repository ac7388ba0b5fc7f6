import { editGroupName as editGroupNameEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Renames a group (double-click on its tile). */
export function editGroupName(input: { groupId: string; name: string }) {
  return call(editGroupNameEndpoint, input);
}

export function useEditGroupName() {
  return useTemplatesMutation(editGroupName);
}
