// The browser database, and what the first screen reads of it: a day's
// stored content. The rest is beside: the days kept, until when, and the
// visits (days.ts), the content lists (lists.ts), the Bible's chapters (chapters.ts)
// and the finders' searches (places.ts). Dexie itself is loaded on first use,
// so it never delays the first screen.

import type { DayContent } from '../generated/content';
import type { AppDB } from './appDb';

let opening: Promise<AppDB> | null = null;

export function db(): Promise<AppDB> {
  opening ??= import('./appDb').then((m) => m.openAppDb());
  return opening;
}

export async function storedDay(date: string): Promise<DayContent | undefined> {
  return (await (await db()).days.get(date))?.content;
}
