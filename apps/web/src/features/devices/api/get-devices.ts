import { useQuery } from '@tanstack/react-query';
import { devicesQueryOptions } from '../../../lib/devices-query';

/** The team's Macs, iPhones and Android phones, with their connection state. */
export function useDevices(enabled = true) {
  return useQuery({ ...devicesQueryOptions(), enabled });
}
