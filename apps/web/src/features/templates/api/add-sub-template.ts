import { addSubTemplate as addSubTemplateEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** A new subtemplate: `{name}` in a template takes one of its values. */
export function addSubTemplate(input: { name: string; values: string[] }) {
  return call(addSubTemplateEndpoint, input);
}

export function useAddSubTemplate() {
  return useTemplatesMutation(addSubTemplate);
}
