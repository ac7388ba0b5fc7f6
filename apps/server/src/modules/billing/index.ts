import { defineModule } from '../../plugins/app-module.js';
import { billingPlugin } from './billing.plugin.js';
import { billingRoutes } from './billing.routes.js';
import { billingErrors } from './billing.errors.js';
export { createBillingService, type BillingService } from './billing.service.js';
export { billingRoutes, WEBHOOK_PATH } from './billing.routes.js';
export {
  createLedger,
  type Applied,
  type ChargeReason,
  type GrantReason,
  type LedgerService,
  type LoadReason,
} from './ledger.service.js';
export { createPlans, type PlansService, type PlanUsage } from './plans.service.js';
export type { PaymentListener, PaymentSucceeded } from './payment-records.js';
export type { PaymentsService } from './payments.service.js';
export type { BillingErrorCode } from './billing.errors.js';

import type { PaymentListener } from './payment-records.js';
import type { PaymentsService } from './payments.service.js';
import type { WebhookOutcome } from './webhooks.service.js';
import type { Result } from '../../lib/result.js';
import type { PlansService } from './plans.service.js';
import type { LedgerService } from './ledger.service.js';
import type { BillingService } from './billing.service.js';

/**
 * `app.services.payments`: Settings > Billing's payments, and the hook other modules (affiliates)
 * subscribe to: `onPaymentSucceeded(listener)` hears each succeeded payment once, after it is recorded.
 */
export type Payments = PaymentsService & {
  publishableKey: string | null;
  onPaymentSucceeded(listener: PaymentListener): () => void;
  receiveWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<Result<WebhookOutcome, 'WEBHOOK_INVALID' | 'PAYMENTS_NOT_CONFIGURED'>>;
  /** Waits for the autofills under way (tests; shutdown). */
  autofillSettled(): Promise<void>;
};

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    plans: PlansService;
    ledger: LedgerService;
    billing: BillingService;
    payments: Payments;
  }
}

/** Plans, credits, the ledger and card payments. */
export const billingModule = defineModule({
  name: 'billing',
  plugins: [billingPlugin],
  routes: [billingRoutes],
  errors: { billing: billingErrors },
  stop: async (app) => {
    await app.services.payments.autofillSettled();
  },
});
