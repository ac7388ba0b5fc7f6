import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addNumber as addNumberEndpoint, type PhoneType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { devicesKeys } from '../../../lib/devices-query';

export type AddNumberInput = { phoneType: PhoneType; value: string; macName?: string };

/** The dialog shows the server's refusal itself ('You have already added this device'). */
export function addNumber({ phoneType, value, macName }: AddNumberInput) {
  return call(addNumberEndpoint, { phoneType, value, ...(macName ? { macName } : {}) }, { quiet: true });
}

/** Adds an Android phone, or an iPhone (number or Apple ID) to one of the team's Macs. */
export function useAddNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNumber,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}
