import { addGroup as addGroupEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** A new, empty template group (PUT /templates/addGroup); its name has 3 to 30 characters. */
export function addGroup(name: string) {
  return call(addGroupEndpoint, { name });
}

export function useAddGroup() {
  return useTemplatesMutation(addGroup);
}
