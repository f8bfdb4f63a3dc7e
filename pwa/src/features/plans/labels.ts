// Words the plan pages show for the rules' values.

/** 'anti-inflammatory' → 'Anti-Inflammatory'. */
export function categoryLabel(category: string): string {
  return category
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('-')
    .replace('Digestive-Healing', 'Digestive Healing');
}
