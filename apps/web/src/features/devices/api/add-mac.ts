import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addMac as addMacEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { devicesKeys } from '../../../lib/devices-query';

export type AddMacInput = { macName: string; isIntel: boolean };

export function addMac({ macName, isIntel }: AddMacInput) {
  return call(addMacEndpoint, { macName, isIntel }, { quiet: true });
}

/** Adds a Mac that iPhones text through (its agent runs there). */
export function useAddMac() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMac,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}
