import { PaymentsNotConfiguredError, WebhookSignatureError, type PaymentsProvider } from './payments.js';
import { createStripePayments } from './stripe-payments.js';

export type {
  CardPayment,
  PaymentsEvent,
  PaymentsProvider,
  ProviderSubscription,
  SavedCard,
} from './payments.js';
export {
  CardDeclinedError,
  PaymentsFailedError,
  PaymentsNotConfiguredError,
  WebhookSignatureError,
} from './payments.js';

const refuse = () => Promise.reject(new PaymentsNotConfiguredError());

/**
 * Without Stripe's keys there is no payment provider: the embedded default says so ('Payments are
 * not configured') rather than pretending to take money. Staff can still grant credits.
 */
const notConfigured: PaymentsProvider = {
  configured: false,
  publishableKey: null,
  createCustomer: refuse,
  createSetupIntent: refuse,
  readSetupIntent: refuse,
  setDefaultCard: refuse,
  chargeCard: refuse,
  subscribe: refuse,
  changeSubscription: refuse,
  cancelAtPeriodEnd: refuse,
  readWebhook: () => {
    throw new WebhookSignatureError('payments are not configured');
  },
};

export function createPayments(opts: {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  apiUrl: string;
  webhookToleranceSeconds: number;
}): PaymentsProvider {
  if (!opts.secretKey || !opts.publishableKey) return notConfigured;
  return createStripePayments({ ...opts, secretKey: opts.secretKey, publishableKey: opts.publishableKey });
}
