import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SECOND_FACTOR_REQUIRED } from '@prospector/core';
import { ApiError } from '../../../lib/api-client';
import { adminKeys } from '../api/admin-keys';

/**
 * A staff call answered 'Second factor required' (12 hours passed): the gate reads the status again
 * and asks for a code.
 */
export function useSecondFactorLapse() {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === SECOND_FACTOR_REQUIRED)
        void queryClient.invalidateQueries({ queryKey: adminKeys.secondFactor() });
    },
    [queryClient],
  );
}
