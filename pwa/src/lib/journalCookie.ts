// How the journal was last drawn, kept in a cookie so the server can write
// the journal's first page as the app will draw it (server/src/journal_screen.rs).

import { setCookie } from './dayCookie';

export const JOURNAL_COOKIE = 'manna-journal';

/** How the journal was drawn open for writing: locked (and open here) or
 *  not, and what its tabs count. Nothing of what the entries say. */
export interface JournalShown {
  sealed: boolean;
  entries: number;
  answered: number;
}

/** Notes how the journal was drawn, for the next visit's first page
 *  (`open.12.3`); `null` when it was not drawn open for writing (not a
 *  member, or locked here). */
export function noteJournal(shown: JournalShown | null): void {
  if (shown) setCookie(JOURNAL_COOKIE, `${shown.sealed ? 'sealed' : 'open'}.${shown.entries}.${shown.answered}`);
  else setCookie(JOURNAL_COOKIE, '', 0);
}
