// Home kept for the day: the page the server writes with today's reading
// (server/src/first_screen.rs), which the service worker keeps and opens Home
// on, with or without a signal, until the visitor's day ends or the app it was
// written for is replaced. The service worker keeps it when it starts and
// again each time it opens Home; the app forgets it when what the top of its
// pages shows changes (dayCookie.ts: the page shows the banner it had).

/** The cache the page is kept in, under `/`. */
export const KEPT_HOME_CACHE = 'manna-home';
/** Asked with this header (`day`), the server holds the time of day in its place. */
export const KEEP_HEADER = 'Manna-Keep';
/** The server's answer: when the visitor's day ends (ms since the epoch). */
export const DAY_ENDS_HEADER = 'Manna-Day-Ends';
/** Kept beside the page: the app's page (precache key) it was written from. */
export const BUILT_FOR_HEADER = 'Manna-Built-For';

/** The app's own files a page loads (`/assets/...`): all must be at hand
 *  offline for the page to work there. */
export function assetsOf(html: string): string[] {
  return [...html.matchAll(/"(\/assets\/[^"?#]+)"/g)].map((m) => m[1]);
}

/** Whether a page kept with `headers` may open Home at `now` (ms) in the app
 *  whose page is `build`: the visitor's day has not ended, and it was written
 *  for this app. */
export function keptFits(headers: Headers, now: number, build: string | undefined): boolean {
  const ends = Number(headers.get(DAY_ENDS_HEADER));
  return build !== undefined && headers.get(BUILT_FOR_HEADER) === build && Number.isFinite(ends) && now < ends;
}

/** Forgets the kept page (its banner no longer says what the app will show). */
export function forgetKeptHome(): void {
  void globalThis.caches?.delete(KEPT_HOME_CACHE).catch(() => undefined);
}
