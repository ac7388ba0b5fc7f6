import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getItem as getItemEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { recordKeys } from './records-keys';

/** Spec part 1 §9: the item modal fetches 500 ms after it opens. */
export const ITEM_FETCH_DELAY_MS = 500;

export function getItem(id: string) {
  return call(getItemEndpoint, undefined, { params: { id } });
}

export type RecordData = Awaited<ReturnType<typeof getItem>>;

export const itemQueryOptions = (id: string) =>
  queryOptions({ queryKey: recordKeys.detail(id), queryFn: () => getItem(id) });

/** The record with its thread, open tasks and sections; fetched 500 ms after `id` is set. */
export function useItem(id: string | null) {
  const [readyId, setReadyId] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => setReadyId(id), ITEM_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return useQuery({ ...itemQueryOptions(id ?? ''), enabled: id !== null && readyId === id });
}
