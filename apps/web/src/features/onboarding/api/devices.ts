import { useQuery, useQueryClient } from '@tanstack/react-query';
import { devicesKeys, devicesQueryOptions } from '../../../lib/devices-query';
import { useServerEvent } from '../../../lib/use-server-event';

const POLL_MS = 3000;

/**
 * The team's devices, fetched again when one connects (`devicesChanged`: the onboarding has no shell
 * to listen for it) and every 3 s until one is.
 */
export function useOnboardingDevices() {
  const queryClient = useQueryClient();
  useServerEvent('devicesChanged', () => {
    void queryClient.invalidateQueries({ queryKey: devicesKeys.all });
  });
  return useQuery({
    ...devicesQueryOptions(),
    refetchInterval: (query) => (query.state.data?.devices.some((d) => d.connected) ? false : POLL_MS),
  });
}
