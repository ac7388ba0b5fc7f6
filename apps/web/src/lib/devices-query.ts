import { queryOptions } from '@tanstack/react-query';
import { getDevices } from '@prospector/core';
import { call } from './api-client';

/**
 * The team's devices are one cache, whoever shows them (Settings > Devices, the disconnected banner,
 * the campaign builder's phones, the onboarding's device step, the record's sender), so one answer
 * or one `devicesChanged` refreshes them all.
 */
export const devicesKeys = {
  all: ['devices'] as const,
  list: () => [...devicesKeys.all, 'list'] as const,
};

/** GET the team's devices, quietly: each screen says itself when they could not be loaded. */
export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: devicesKeys.list(),
    queryFn: () => call(getDevices, undefined, { quiet: true }),
    select: (data) => data.devices,
  });
