import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDevices, type DeviceDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** Phones that text: Android phones and iPhones (a Mac only relays its iPhones' texts). */
export function getSendingDevices(): Promise<DeviceDto[]> {
  return call(getDevices, undefined).then(({ devices }) => devices.filter((d) => !d.isComputer));
}

export const sendingDevicesQueryOptions = () =>
  queryOptions({ queryKey: campaignsKeys.devices(), queryFn: getSendingDevices, staleTime: 0 });

/** The builder's device checklist; `devicesChanged` refreshes it (useCampaignDeviceEvents). */
export function useSendingDevices() {
  return useQuery(sendingDevicesQueryOptions());
}
