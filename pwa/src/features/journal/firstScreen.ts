// The journal's first render over the page the server wrote
// (server/src/journal_screen.rs): what it draws is read first, so that it
// draws the tabs, today's prompts and the form in place at once, not a
// placeholder over them.

import { primeList } from '../../content/useContentList';
import type { QueryClient } from '../../lib/queryClient';
import { primeRecords } from '../../sync/primeRecords';
import { primeLockState } from './lock';
import { PROMPTS_PATH } from './Prompts';

export function primeJournal(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([primeList(queryClient, PROMPTS_PATH), primeLockState(), primeRecords('prayerJournal')]);
}
