import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { campaignsKeys } from '../api/campaigns-keys';

/** A device connected, disconnected, was added or removed: the builder's checklist follows. */
export function useBuilderDeviceEvents() {
  const queryClient = useQueryClient();
  useServerEvent('devicesChanged', () => {
    void queryClient.invalidateQueries({ queryKey: campaignsKeys.devices() });
  });
}
