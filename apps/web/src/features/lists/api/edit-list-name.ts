import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editListName, type ListDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchList } from './list-cache';

/** Renames a list: shown at once, the previous name comes back if the call fails. */
export function useEditListName(list: Pick<ListDto, '_id' | 'name'>) {
  const queryClient = useQueryClient();
  const listId = list._id;
  return useMutation({
    mutationFn: (name: string) => call(editListName, { name, listId }),
    onMutate: (name) => {
      const previous = list.name;
      patchList(queryClient, listId, (l) => ({ ...l, name }));
      return { previous };
    },
    onError: (_error, _name, context) => {
      if (context) patchList(queryClient, listId, (l) => ({ ...l, name: context.previous }));
    },
    onSuccess: ({ list: saved }) => patchList(queryClient, listId, (l) => ({ ...l, name: saved.name })),
  });
}
