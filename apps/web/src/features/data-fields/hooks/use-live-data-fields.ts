import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { dataFieldsKeys } from '../api/data-fields-keys';

/** A teammate saved an entity's sections (`sectionsChanged`): fetch them again. */
export function useLiveDataFields() {
  const queryClient = useQueryClient();
  useServerEvent('sectionsChanged', ({ type }) => {
    void queryClient.invalidateQueries({ queryKey: dataFieldsKeys.entity(type) });
  });
}
