import { addTemplate as addTemplateEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** A new template in a group, or unused with groupId ''. */
export function addTemplate(input: { text: string; groupId: string }) {
  return call(addTemplateEndpoint, input);
}

export function useAddTemplate() {
  return useTemplatesMutation(addTemplate);
}
