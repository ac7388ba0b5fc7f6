import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { devicesKeys } from '../../../lib/devices-query';

/** A device connected, disconnected, was added or removed (`devicesChanged`): fetch them again. */
export function useLiveDevices() {
  const queryClient = useQueryClient();
  useServerEvent('devicesChanged', () => {
    void queryClient.invalidateQueries({ queryKey: devicesKeys.all });
  });
}
