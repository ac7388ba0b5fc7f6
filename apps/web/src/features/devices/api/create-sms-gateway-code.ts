import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSmsGatewayCode } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { devicesKeys } from '../../../lib/devices-query';

/**
 * A one-time code for the SMS Gateway app's "Sign in by code", for the phone with this number (added
 * as a device the first time). The screen shows the server's refusal itself.
 */
export function useCreateSmsGatewayCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => call(createSmsGatewayCode, { value }, { quiet: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}
