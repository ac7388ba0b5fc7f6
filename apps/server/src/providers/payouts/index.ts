import { PayoutsNotConfiguredError, type Payouts } from './payouts.js';
import { createStripeConnect } from './stripe-connect.js';

export type { Payouts } from './payouts.js';
export { PayoutRefusedError, PayoutsNotConfiguredError, PayoutUnavailableError } from './payouts.js';
export { createStripeConnect } from './stripe-connect.js';

/** Without a key there is no payouts service: the embedded default says so instead of pretending to pay. */
export const payoutsNotConfigured: Payouts = {
  configured: false,
  createAccount: () => Promise.reject(new PayoutsNotConfiguredError()),
  accountStatus: () => Promise.reject(new PayoutsNotConfiguredError()),
  onboardingLink: () => Promise.reject(new PayoutsNotConfiguredError()),
  transfer: () => Promise.reject(new PayoutsNotConfiguredError()),
};

/** Stripe Connect at `apiUrl` (STRIPE_API_URL, as the other Stripe calls use) when a key is set. */
export function createPayouts(opts: {
  secretKey?: string | undefined;
  apiUrl?: string | undefined;
}): Payouts {
  if (!opts.secretKey) return payoutsNotConfigured;
  return createStripeConnect({ secretKey: opts.secretKey, ...(opts.apiUrl ? { apiBase: opts.apiUrl } : {}) });
}
