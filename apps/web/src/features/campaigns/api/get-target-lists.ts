import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLists, type ListDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** `itemCount` counts the list's contacts; `propCount` its properties. */
export type TargetList = Pick<ListDto, '_id' | 'name' | 'itemCount' | 'propCount'>;

/** Enough pages for any team; the lists page serves 15 at a time. */
const MAX_PAGES = 100;

/** Every list a campaign can target: the imported ones, in the team's order. */
export async function getTargetLists(): Promise<TargetList[]> {
  const lists: ListDto[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await call(getLists, { skip: lists.length });
    lists.push(...answer.lists);
    if (!answer.hasMore || answer.lists.length === 0) break;
  }
  return lists
    .filter((list) => list.state === 'imported')
    .map(({ _id, name, itemCount, propCount }) => ({ _id, name, itemCount, propCount }));
}

export const targetListsQueryOptions = () =>
  queryOptions({ queryKey: campaignsKeys.targetLists(), queryFn: getTargetLists, staleTime: 0 });

/** The builder's list picker. */
export function useTargetLists() {
  return useQuery(targetListsQueryOptions());
}
