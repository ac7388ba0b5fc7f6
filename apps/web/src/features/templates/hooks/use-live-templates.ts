import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { templatesKeys } from '../api/templates-keys';

/** A teammate changed templates, groups, subtemplates or quick replies (`templatesChanged`): fetch them again. */
export function useLiveTemplates() {
  const queryClient = useQueryClient();
  useServerEvent('templatesChanged', () => {
    void queryClient.invalidateQueries({ queryKey: templatesKeys.all });
  });
}
