import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSimulatedPhone } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { devicesKeys } from '../../../lib/devices-query';

/** Adds a simulated phone the server runs itself, for trying texts without a real phone. */
export function useAddSimulatedPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(addSimulatedPhone, {}),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      void queryClient.invalidateQueries({ queryKey: devicesKeys.all });
    },
  });
}
