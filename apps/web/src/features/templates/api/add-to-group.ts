import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToGroup as addToGroupEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import type { TemplatesData } from './get-templates';
import { templatesKeys } from './templates-keys';

/** groupId '' takes the template out of its group (unused). */
export type AddToGroupInput = { tempId: string; groupId: string };

export function addToGroup({ tempId, groupId }: AddToGroupInput) {
  return call(addToGroupEndpoint, { tempId, groupId });
}

function moveTemplate(data: TemplatesData, { tempId, groupId }: AddToGroupInput): TemplatesData {
  const template = data.templates.find((t) => t._id === tempId);
  if (!template || template.groupId === groupId) return data;
  const from = template.groupId;
  return {
    ...data,
    templates: data.templates.map((t) => (t._id === tempId ? { ...t, groupId } : t)),
    groups: data.groups.map((g) => {
      if (g._id === from) return { ...g, count: g.count - 1 };
      if (g._id === groupId) return { ...g, count: g.count + 1 };
      return g;
    }),
  };
}

/**
 * A template card dropped on a group tile (or on Unused): it moves at once, the call follows, and it
 * goes back if the call fails (the API client shows the server's message).
 */
export function useAddToGroup() {
  const queryClient = useQueryClient();
  const key = templatesKeys.data();
  return useMutation({
    mutationFn: addToGroup,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TemplatesData>(key);
      if (previous) queryClient.setQueryData<TemplatesData>(key, moveTemplate(previous, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}
