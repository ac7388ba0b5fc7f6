import Stripe from 'stripe';
import { PayoutRefusedError, PayoutUnavailableError, type Payouts } from './payouts.js';

const TIMEOUT_MS = 10_000;

/** A Stripe error with a status below 500 is a refusal: Stripe did nothing. Anything else may have acted. */
function translate(err: unknown): Error {
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ?? 0;
    if (status >= 400 && status < 500 && err.type !== 'StripeConnectionError')
      return new PayoutRefusedError(`stripe refused: ${err.message}`);
    return new PayoutUnavailableError(`stripe failed: ${err.type} ${err.message}`);
  }
  return new PayoutUnavailableError(`stripe unreachable: ${(err as Error).message}`);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw translate(err);
  }
}

/**
 * Stripe Connect with Express accounts (https://docs.stripe.com/connect/express-accounts): an
 * account per affiliate (POST /v1/accounts), its hosted onboarding (POST /v1/account_links), and
 * transfers from the platform's balance to it (POST /v1/transfers) carrying an Idempotency-Key.
 * `apiBase` replaces https://api.stripe.com (a local fake in tests).
 */
export function createStripeConnect(opts: {
  secretKey: string;
  apiBase?: string;
  maxNetworkRetries?: number;
}): Payouts {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const stripe = new Stripe(opts.secretKey, {
    timeout: TIMEOUT_MS,
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    configured: true,
    createAccount: ({ email, userId }) =>
      call(async () => {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            email,
            capabilities: { transfers: { requested: true } },
            metadata: { userId },
          },
          // One account per user, even when the first answer was lost and the call is made again.
          { idempotencyKey: `affiliate-account-${userId}` },
        );
        return { accountId: account.id };
      }),
    accountStatus: (accountId) =>
      call(async () => {
        const account = await stripe.accounts.retrieve(accountId);
        return { payoutsEnabled: account.payouts_enabled === true };
      }),
    onboardingLink: ({ accountId, returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return link.url;
      }),
    transfer: ({ accountId, amountCents, reference, description }) =>
      call(async () => {
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            currency: 'usd',
            destination: accountId,
            description,
            transfer_group: reference,
            metadata: { reference },
          },
          { idempotencyKey: reference },
        );
        return { transferId: transfer.id };
      }),
  };
}
