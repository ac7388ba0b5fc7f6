import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateCustomFields as updateCustomFieldsEndpoint,
  type DataSection,
  type RecordType,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { dataFieldsKeys } from './data-fields-keys';

export type SectionsSave = { type: RecordType; sections: DataSection[] };

export async function updateCustomFields({ type, sections }: SectionsSave): Promise<DataSection[]> {
  return (await call(updateCustomFieldsEndpoint, { type, sections })).sections;
}

/** Saves one entity's sections whole; the answer becomes the last saved state. */
export function useUpdateCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomFields,
    onSuccess: (sections, { type }) => {
      queryClient.setQueryData<DataSection[]>(dataFieldsKeys.entity(type), sections);
    },
  });
}
