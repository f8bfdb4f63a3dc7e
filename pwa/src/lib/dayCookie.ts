// The device's local date and time zone, kept in a cookie so the server can
// write the right day's reading into Home's first page (server/src/first_screen.rs),
// and what the top of the pages shows (the premium notice, a member's
// banner), so that page has it as the app will; how the journal was last
// drawn is journalCookie.ts. They hold nothing else and are read by no one
// but those pages.

import { forgetKeptHome } from './keptHome';

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

export const BANNER_COOKIE = 'manna-prompt';

/** Notes what the top of the pages shows, for the next visit's first page:
 *  the premium notice (`1`), a member's banner with the plan it names
 *  (`monthly`, `annual`), or nothing (`0`). */
export function noteBanner(shown: 'prompt' | 'monthly' | 'annual' | null): void {
  const value = shown === 'prompt' ? '1' : (shown ?? '0');
  if (`; ${document.cookie};`.includes(`; ${BANNER_COOKIE}=${value};`)) return;
  setCookie(BANNER_COOKIE, value);
  // Home's page kept for the day shows the banner it had.
  forgetKeptHome();
}

/** Sets a first-page cookie for a year (`maxAge` 0 forgets it). */
export function setCookie(name: string, value: string, maxAge = 31536000): void {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  } catch {
    // A browser refusing cookies gets the app's own first page: nothing is lost.
  }
}
