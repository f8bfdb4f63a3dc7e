// Content lists kept on the device as the server last gave them.

import { db } from './index';

/** Stores a content list as the server gave it (replacing the last copy). */
export async function saveList(key: string, items: unknown[]): Promise<void> {
  const d = await db();
  // Answers once the transaction has committed (not only once the write was queued).
  await d.transaction('rw', d.lists, () => d.lists.put({ key, items, savedAt: Date.now() }));
}

/** The last stored copy of a content list. */
export async function storedList(key: string): Promise<unknown[] | undefined> {
  return (await (await db()).lists.get(key))?.items;
}
