/** A payouts service: connected accounts that receive money, their onboarding, and transfers to them. */
export type Payouts = {
  /** False on the embedded default: every call then fails with PayoutsNotConfiguredError. */
  readonly configured: boolean;
  /** Opens a connected account for a person to receive payouts; its id (`acct_…`). */
  createAccount(input: { email: string; userId: string }): Promise<{ accountId: string }>;
  /** Whether the account can receive payouts yet (its onboarding is finished). */
  accountStatus(accountId: string): Promise<{ payoutsEnabled: boolean }>;
  /** A one-time URL of the provider's onboarding page for the account. */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  /**
   * Sends `amountCents` (USD) to the account. `reference` is the idempotency key: the same reference
   * sent again (a retry after a lost answer) pays once and answers the first transfer.
   */
  transfer(input: {
    accountId: string;
    amountCents: number;
    reference: string;
    description: string;
  }): Promise<{ transferId: string }>;
};

export class PayoutsNotConfiguredError extends Error {
  constructor() {
    super('payouts not configured');
  }
}

/** The provider answered that it will not do this (a 4xx): nothing happened on its side. */
export class PayoutRefusedError extends Error {}

/** The provider could not be reached or failed (a 5xx, a timeout): whether it acted is unknown. */
export class PayoutUnavailableError extends Error {}
