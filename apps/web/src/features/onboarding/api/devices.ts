import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addSimulatedPhone, getDevices } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useServerEvent } from '../../../lib/use-server-event';
import { onboardingKeys } from './onboarding-keys';

const POLL_MS = 3000;

/** The team's devices, fetched again when one connects (`devicesChanged`) and every 3 s until one is. */
export function useOnboardingDevices() {
  const queryClient = useQueryClient();
  useServerEvent('devicesChanged', () => {
    void queryClient.invalidateQueries({ queryKey: onboardingKeys.devices() });
  });
  return useQuery({
    queryKey: onboardingKeys.devices(),
    queryFn: () => call(getDevices, undefined, { quiet: true }),
    select: (data) => data.devices,
    refetchInterval: (query) => (query.state.data?.devices.some((d) => d.connected) ? false : POLL_MS),
  });
}

/** Starts a simulated phone the server runs itself. */
export function useStartSimulatedPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(addSimulatedPhone, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.devices() }),
  });
}
