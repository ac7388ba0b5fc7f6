/**
 * Spec part 2 §9: a single skip trace costs 0.06 per hit. Skip tracing is charged through billing,
 * which is not built yet, so its buttons show the price but stay off.
 */
export const SKIPTRACE_PRICE_PER_HIT = 0.06;
export const SKIPTRACE_UNAVAILABLE = 'Skip tracing comes with billing';

export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
