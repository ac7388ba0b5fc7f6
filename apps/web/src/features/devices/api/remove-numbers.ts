import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeNumbers as removeNumbersEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { devicesKeys } from '../../../lib/devices-query';

/** Removes devices by value or computer name; a Mac takes its iPhones with it. */
export function removeNumbers(phones: string[]) {
  return call(removeNumbersEndpoint, { phones });
}

export function useRemoveNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeNumbers,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}
