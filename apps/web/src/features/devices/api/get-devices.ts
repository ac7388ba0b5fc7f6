import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDevices as getDevicesEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { devicesKeys } from './devices-keys';

export function getDevices() {
  return call(getDevicesEndpoint, undefined, { quiet: true });
}

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: devicesKeys.list(), queryFn: getDevices, select: (data) => data.devices });

/** The team's Macs, iPhones and Android phones, with their connection state. */
export function useDevices(enabled = true) {
  return useQuery({ ...devicesQueryOptions(), enabled });
}
