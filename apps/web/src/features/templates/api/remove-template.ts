import { removeTemplate as removeTemplateEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Removes a template for good. */
export function removeTemplate(id: string) {
  return call(removeTemplateEndpoint, { _id: id });
}

export function useRemoveTemplate() {
  return useTemplatesMutation(removeTemplate);
}
