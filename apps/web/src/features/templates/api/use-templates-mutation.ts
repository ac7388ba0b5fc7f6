import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templatesKeys } from './templates-keys';

/**
 * A change to templates, groups, subtemplates or quick replies: the one GET /api/templates answer
 * holds them all, so a success fetches it again. A failure shows the server's message (the API client's
 * toast) and leaves the screen as it was.
 */
export function useTemplatesMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}
