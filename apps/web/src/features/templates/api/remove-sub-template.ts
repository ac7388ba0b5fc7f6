import { removeSubTemplate as removeSubTemplateEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Removes a subtemplate. */
export function removeSubTemplate(id: string) {
  return call(removeSubTemplateEndpoint, { _id: id });
}

export function useRemoveSubTemplate() {
  return useTemplatesMutation(removeSubTemplate);
}
