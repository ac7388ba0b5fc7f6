import { removeGroup as removeGroupEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Removes a group; its templates become unused. */
export function removeGroup(groupId: string) {
  return call(removeGroupEndpoint, { groupId });
}

export function useRemoveGroup() {
  return useTemplatesMutation(removeGroup);
}
