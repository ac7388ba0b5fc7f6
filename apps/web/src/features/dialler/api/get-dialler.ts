import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDialler } from '@prospector/core';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { diallerKeys } from './dialler-keys';

export type DiallerPage = z.infer<(typeof getDialler)['response']>;

export const diallerQueryOptions = () =>
  queryOptions({ queryKey: diallerKeys.page(), queryFn: () => call(getDialler) });

/** The dialler's page: provider, numbers, members, own state, queue, voicemails. */
export function useDialler() {
  return useQuery(diallerQueryOptions());
}
