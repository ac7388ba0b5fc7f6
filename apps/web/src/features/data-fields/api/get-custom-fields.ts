import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getCustomFields as getCustomFieldsEndpoint,
  type DataSection,
  type RecordType,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { dataFieldsKeys } from './data-fields-keys';

export async function getCustomFields(type: RecordType): Promise<DataSection[]> {
  return (await call(getCustomFieldsEndpoint, undefined, { query: { type } })).sections;
}

export const customFieldsQueryOptions = (type: RecordType) =>
  queryOptions({ queryKey: dataFieldsKeys.entity(type), queryFn: () => getCustomFields(type) });

/** One entity's sections in order, each with its fields in order. */
export function useCustomFields(type: RecordType) {
  return useQuery(customFieldsQueryOptions(type));
}
