// Words as people write them: counted ("1 change", "3 changes") and a wire
// value capitalised ("weight_loss" → "Weight loss").

export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 'morning' → 'Morning', 'weight_loss' → 'Weight loss'. */
export function capitalize(word: string): string {
  const text = word.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
