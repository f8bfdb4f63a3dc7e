// Whole days between two local dates (YYYY-MM-DD), as plan days and calendar
// weeks count them.

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
