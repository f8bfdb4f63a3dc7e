// Local dates (YYYY-MM-DD): whole days between two, as plan days and calendar
// weeks count them, and a date in words, in the person's own language (the
// browser's), never as YYYY-MM-DD on screen.

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A local date in words ('Tuesday, November 24' unless `options` say
 *  otherwise), read at its noon so no time zone moves it to another day. */
export function dayLabel(iso: string, options: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' }): string {
  return new Date(`${iso.slice(0, 10)}T12:00:00`).toLocaleDateString(undefined, options);
}

/** A record's date in words, the same on every page: 'November 24, 2026'. */
export const recordDate = (iso: string) => dayLabel(iso, { month: 'long', day: 'numeric', year: 'numeric' });
