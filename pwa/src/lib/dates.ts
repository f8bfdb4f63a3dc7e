// Local dates (YYYY-MM-DD): whole days between two, as plan days and calendar
// weeks count them, and a date in words.

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A local date in words ('Tuesday, November 24' unless `options` say
 *  otherwise), read at its noon so no time zone moves it to another day. */
export function dayLabel(iso: string, options: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' }): string {
  return new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', options);
}
