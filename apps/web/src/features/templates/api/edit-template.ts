import { editTemplate as editTemplateEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Saves a template's text; the server resets its blockedCount to 0. */
export function editTemplate(template: { _id: string; text: string }) {
  return call(editTemplateEndpoint, { template });
}

export function useEditTemplate() {
  return useTemplatesMutation(editTemplate);
}
