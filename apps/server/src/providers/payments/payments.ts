import type { PaidPlanName } from '@prospector/core';

/** A card saved at the provider: the team's default payment method. */
export type SavedCard = {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** A one-off card payment (credits, autofill) as the provider reports it. */
export type CardPayment = {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed';
  amountCents: number;
};

/** A subscription as the provider holds it. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: string;
  /** The plan and period its price stands for; null for a price this product did not create. */
  plan: PaidPlanName | null;
  monthly: boolean;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  createdAt: Date;
  /** Its latest invoice when the provider sent it along (on creation): paid, and for how much. */
  latestInvoice: { id: string; paid: boolean; amountPaidCents: number } | null;
};

/** What a verified webhook tells, in the product's terms. `at`: when the provider created the event. */
export type PaymentsEvent = { eventId: string; type: string; at: Date } & (
  | {
      kind: 'paymentSucceeded';
      payment: { id: string; customerId: string | null; amountCents: number; purpose: string | null };
    }
  | {
      kind: 'invoicePaid';
      invoice: { id: string; customerId: string; subscriptionId: string | null; amountPaidCents: number };
    }
  | { kind: 'subscription'; subscription: ProviderSubscription }
  | { kind: 'ignored' }
);

/**
 * The payment provider behind Settings > Billing (issue 18 item 3, ADR 019). Every call that changes
 * something takes an idempotency key the caller derives from the operation, so a retry (ours, or the
 * library's after a lost answer) is the same operation at the provider, never a second one.
 */
export type PaymentsProvider = {
  /** False without keys: every call fails with PaymentsNotConfiguredError. */
  readonly configured: boolean;
  /** The key the browser's card form uses; null when not configured. */
  readonly publishableKey: string | null;
  createCustomer(input: { teamId: string; name: string; email: string }, key: string): Promise<string>;
  createSetupIntent(customerId: string, key: string): Promise<{ id: string; clientSecret: string }>;
  /** A SetupIntent's customer, state and the card it saved (once succeeded). */
  readSetupIntent(id: string): Promise<{ customerId: string | null; status: string; card: SavedCard | null }>;
  setDefaultCard(customerId: string, paymentMethodId: string, key: string): Promise<void>;
  /** Charges the saved card now, confirmed at once; `offSession`: the person is not there (autofill). */
  chargeCard(
    input: {
      customerId: string;
      paymentMethodId: string;
      amountCents: number;
      description: string;
      metadata: Record<string, string>;
      offSession: boolean;
    },
    key: string,
  ): Promise<CardPayment>;
  subscribe(
    input: {
      customerId: string;
      paymentMethodId: string;
      plan: PaidPlanName;
      monthly: boolean;
      teamId: string;
    },
    key: string,
  ): Promise<ProviderSubscription>;
  changeSubscription(
    id: string,
    plan: PaidPlanName,
    monthly: boolean,
    key: string,
  ): Promise<ProviderSubscription>;
  cancelAtPeriodEnd(id: string, key: string): Promise<ProviderSubscription>;
  /** Verifies a webhook's signature over its raw body (WebhookSignatureError) and reads it. */
  readWebhook(rawBody: Buffer, signature: string | undefined, receivedAt: Date): PaymentsEvent;
};

export class PaymentsNotConfiguredError extends Error {
  constructor() {
    super('payments not configured');
  }
}

/** The card was declined (or needs its holder, who is not there): `message` is the provider's, for people. */
export class CardDeclinedError extends Error {}

/** The provider refused the request or could not be reached: `message` says which, for people. */
export class PaymentsFailedError extends Error {}

/** A webhook whose signature is missing, wrong or too old. */
export class WebhookSignatureError extends Error {}
