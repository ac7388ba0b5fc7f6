import { useMutation } from '@tanstack/react-query';
import { boarded } from '@prospector/core';
import { call } from '../../../lib/api-client';

/** Finishes onboarding; the server checks every gate again and answers the onboarded user. */
export function useBoarded() {
  return useMutation({ mutationFn: () => call(boarded, {}, { quiet: true }) });
}
