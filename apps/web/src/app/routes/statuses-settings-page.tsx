import { useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../../features/board';
import { messengerKeys } from '../../features/messenger';
import { recordKeys } from '../../features/records';
import { StatusesScreen } from '../../features/statuses-settings';

/**
 * Settings > Statuses. No realtime event announces a status change, so each change refetches what
 * shows statuses here: the board's columns, the record modal's picker and the Messenger's chips.
 */
export function StatusesSettingsPage() {
  const queryClient = useQueryClient();
  const refetchStatuses = () => {
    void queryClient.invalidateQueries({ queryKey: boardKeys.all });
    void queryClient.invalidateQueries({ queryKey: messengerKeys.all });
    void queryClient.invalidateQueries({ queryKey: recordKeys.all });
  };
  return <StatusesScreen onChanged={refetchStatuses} />;
}
