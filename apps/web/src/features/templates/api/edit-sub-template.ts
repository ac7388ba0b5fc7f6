import { editSubTemplate as editSubTemplateEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Saves a subtemplate; left without values, the server removes it and answers `removed: true`. */
export function editSubTemplate(input: { _id: string; name: string; values: string[] }) {
  return call(editSubTemplateEndpoint, input);
}

export function useEditSubTemplate() {
  return useTemplatesMutation(editSubTemplate);
}
