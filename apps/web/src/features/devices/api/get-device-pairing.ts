import { useQuery } from '@tanstack/react-query';
import { getDevicePairing } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { devicesKeys } from '../../../lib/devices-query';

/** Under the devices' key: a removed device's pairing goes with the next `devicesChanged`. */
const pairingKey = (deviceId: string) => [...devicesKeys.all, 'pairing', deviceId] as const;

/** The server address and device token the app of this device connects with (its Mac's for an iPhone). */
export function useDevicePairing(deviceId: string) {
  return useQuery({
    queryKey: pairingKey(deviceId),
    queryFn: () => call(getDevicePairing, undefined, { params: { deviceId }, quiet: true }),
    staleTime: Infinity,
  });
}
