import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmSecondFactorSetup,
  getSecondFactor,
  startSecondFactorSetup,
  verifySecondFactor,
  type SecondFactorStatus,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** Whether the staff member's authenticator app is set up, and whether this session gave a code. */
export function useSecondFactor() {
  return useQuery({
    queryKey: adminKeys.secondFactor(),
    queryFn: () => call(getSecondFactor, undefined),
    staleTime: 60_000,
  });
}

/** A new secret and its QR code (shown until the setup is confirmed). Quiet: the step shows the failure. */
export function useStartSecondFactorSetup() {
  return useMutation({ mutationFn: () => call(startSecondFactorSetup, undefined, { quiet: true }) });
}

function useStoreStatus() {
  const queryClient = useQueryClient();
  return (status: SecondFactorStatus) => {
    queryClient.setQueryData(adminKeys.secondFactor(), status);
    void queryClient.invalidateQueries({ queryKey: adminKeys.panels() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audits() });
  };
}

/** Confirms the setup with the app's first code; the answer carries the 10 recovery codes. */
export function useConfirmSecondFactorSetup() {
  return useMutation({
    mutationFn: (code: string) => call(confirmSecondFactorSetup, { code }, { quiet: true }),
  });
}

/** Stores the status the confirmation answered, once its recovery codes were seen. */
export function useFinishSecondFactorSetup() {
  return useStoreStatus();
}

/** Gives the code for this session (a TOTP code, or a recovery code once). */
export function useVerifySecondFactor() {
  const store = useStoreStatus();
  return useMutation({
    mutationFn: (code: string) => call(verifySecondFactor, { code }, { quiet: true }),
    onSuccess: ({ status }) => store(status),
  });
}
