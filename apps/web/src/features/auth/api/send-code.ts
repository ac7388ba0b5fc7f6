import { useMutation } from '@tanstack/react-query';
import { sendCode as sendCodeEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';

export type SendCodeInput = { email: string; affId?: string | null };

export function sendCode(input: SendCodeInput) {
  return call(sendCodeEndpoint, input);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
