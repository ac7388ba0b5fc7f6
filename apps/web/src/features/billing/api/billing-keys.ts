/** One cache for the team's billing: Settings > Billing and the top bar's credits share it. */
export const billingKeys = {
  all: ['billing'] as const,
  summary: () => [...billingKeys.all, 'summary'] as const,
  usage: () => [...billingKeys.all, 'usage'] as const,
  /** Every page of the history. */
  histories: () => [...billingKeys.all, 'history'] as const,
  history: (skip: number) => [...billingKeys.histories(), skip] as const,
  stripeKey: () => [...billingKeys.all, 'stripe-key'] as const,
};
