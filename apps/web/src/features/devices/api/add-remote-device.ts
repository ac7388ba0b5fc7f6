import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addBlueBubbles, addLocalSmsGateway } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { devicesKeys } from '../../../lib/devices-query';

export type AddLocalPhoneInput = { address: string; username: string; password: string; phone: string };
export type AddBlueBubblesInput = { url: string; password: string; value: string };

/** An Android phone in SMS Gateway's local server mode: the server calls it on the team's Wi-Fi. */
export function useAddLocalPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddLocalPhoneInput) => call(addLocalSmsGateway, input, { quiet: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}

/** A Mac running BlueBubbles Server: the server calls it and hears its webhooks. */
export function useAddBlueBubbles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddBlueBubblesInput) => call(addBlueBubbles, input, { quiet: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}
