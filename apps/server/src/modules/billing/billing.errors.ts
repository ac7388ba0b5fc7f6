import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/**
 * Expected failures of plans and credits, and how each answers over HTTP. A plan's limit and a
 * balance too low are 402 (Payment Required): an upgrade or a load lifts them; the service says which
 * limit in its own sentence (rules/billing.ts).
 */
export const billingErrors = {
  PLAN_SMS_LIMIT: { status: 402, message: messages.billing.smsLimit },
  PLAN_USER_LIMIT: { status: 402, message: messages.billing.userLimit },
  PLAN_NO_DNC: { status: 402, message: messages.billing.dncNotInPlan },
  INSUFFICIENT_CREDITS: { status: 402, message: serverMessages.billing.insufficientCredits },
  HOLD_NOT_FOUND: { status: 404, message: serverMessages.billing.holdNotFound },
  HOLD_SETTLED: { status: 409, message: serverMessages.billing.holdSettled },
  CHARGE_ABOVE_HOLD: { status: 400, message: serverMessages.billing.chargeAboveHold },
  EXTERNAL_ID_TAKEN: { status: 409, message: serverMessages.billing.externalIdTaken },
  /** The server's state, not a failure of it: without Stripe's keys payments are not offered (ADR 019). */
  PAYMENTS_NOT_CONFIGURED: { status: 409, message: messages.billing.paymentsNotConfigured },
  CARD_REQUIRED: { status: 400, message: messages.billing.addCardFirst },
  /** An amount or autofill setting the rules refuse; the rule's own sentence is the answer. */
  PAYMENT_INVALID: { status: 400, message: messages.billing.amountRequired },
  CARD_DECLINED: { status: 402, message: serverMessages.billing.cardDeclined },
  PAYMENTS_FAILED: { status: 503, message: serverMessages.billing.paymentsFailed },
  NO_SUBSCRIPTION: { status: 409, message: serverMessages.billing.noSubscription },
  WEBHOOK_INVALID: { status: 400, message: serverMessages.billing.webhookInvalid },
} satisfies Record<string, ErrorAnswer>;

export type BillingErrorCode = keyof typeof billingErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    billing: typeof billingErrors;
  }
}
