/** A price in dollars as the buttons show it: '$0.06', '$0.0075'. */
export function formatPrice(amount: number): string {
  const cents = Math.round(amount * 100) / 100;
  return cents === amount ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`;
}
