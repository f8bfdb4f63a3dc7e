// Words the plan pages show for the rules' values.

/** 'anti-inflammatory' → 'Anti-Inflammatory'. */
export function categoryLabel(category: string): string {
  return category
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('-')
    .replace('Digestive-Healing', 'Digestive Healing');
}

/** Cents as dollars with two decimals (spec section 9). */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
