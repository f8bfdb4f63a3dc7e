// Local dates (YYYY-MM-DD) in words, in the person's own language (the
// browser's), never as YYYY-MM-DD on screen. Counting days between dates is
// the core's (wasm/core.ts, wasm/tools.ts), never done here.

/** A local date in words ('Tuesday, November 24' unless `options` say
 *  otherwise), read at its noon so no time zone moves it to another day. */
export function dayLabel(iso: string, options: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' }): string {
  return new Date(`${iso.slice(0, 10)}T12:00:00`).toLocaleDateString(undefined, options);
}

/** A record's date in words, the same on every page: 'November 24, 2026'. */
export const recordDate = (iso: string) => dayLabel(iso, { month: 'long', day: 'numeric', year: 'numeric' });
