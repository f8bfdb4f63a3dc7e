// Money as the app shows it: cents as dollars with two decimals (spec section 9).

export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
