import { useQuery } from '@tanstack/react-query';
import { devicesQueryOptions } from '../../../lib/devices-query';

/**
 * The builder's device checklist: phones that text, Android phones and iPhones (a Mac only relays its
 * iPhones' texts). Fetched afresh when the builder opens; the shell's `devicesChanged` keeps it current.
 */
export function useSendingDevices() {
  return useQuery({
    ...devicesQueryOptions(),
    select: (data) => data.devices.filter((d) => !d.isComputer),
    staleTime: 0,
  });
}
