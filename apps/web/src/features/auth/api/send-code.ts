import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type SendCodeInput = { email: string; affId?: string | null };

// The login page shows before the contracts of its calls, and zod with them, have loaded: each call
// loads its contract on first use (ADR 015).
const contract = () => import('@prospector/core/contract/auth/send-code');

/** The request as the server will read it, or the contract's first complaint about it. */
export async function checkSendCode(input: SendCodeInput) {
  const { sendCode: endpoint } = await contract();
  return endpoint.body?.safeParse(input);
}

export async function sendCode(input: SendCodeInput) {
  const { sendCode: endpoint } = await contract();
  return call(endpoint, input);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
