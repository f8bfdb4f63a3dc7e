// The device's local date and time zone, kept in a cookie so the server can
// write the right day's reading into Home's first page (server/src/first_screen.rs),
// and whether the premium notice was shown, so that page has it or not as the
// app will. They hold nothing else and are read by no one but that page.

export const DAY_COOKIE = 'manna-day';

/** The cookie's text for `date` (YYYY-MM-DD) in this browser's zone. */
export function dayCookie(date: string, zone: string, secure: boolean): string {
  const value = /^[A-Za-z0-9_+\-/]+$/.test(zone) ? `${date}~${zone}` : `${date}~`;
  return `${DAY_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Notes today's date and zone for the next visit's first page. */
export function noteDay(date: string): void {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
    document.cookie = dayCookie(date, zone, location.protocol === 'https:');
  } catch {
    // A browser refusing cookies gets the server's zone: nothing is lost.
  }
}

export const PROMPT_COOKIE = 'manna-prompt';

/** Notes whether the premium notice is shown, for the next visit's first page. */
export function notePrompt(shown: boolean): void {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${PROMPT_COOKIE}=${shown ? 1 : 0}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } catch {
    // A browser refusing cookies may see the notice come in after the first page.
  }
}
