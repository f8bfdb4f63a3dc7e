// A quick look at one stored day with the browser's own IndexedDB API, before
// Dexie is loaded: Home's first render uses it, so a returning visitor sees
// today's content at once and a first visit pays nothing for it. Read only;
// it never creates the database (Dexie does, with its schema).

import type { DayContent } from '../generated/content';
import { DB_NAME } from './name';

export interface StoredDay {
  content: DayContent;
  savedAt: number;
}

/** The stored content of `date`, or undefined (nothing stored, or no IndexedDB). */
export function peekDay(date: string): Promise<StoredDay | undefined> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(DB_NAME);
    } catch {
      resolve(undefined);
      return;
    }
    // No database yet: abort, so none is created here.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(undefined);
    open.onblocked = () => resolve(undefined);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const get = db.transaction('days', 'readonly').objectStore('days').get(date);
        get.onsuccess = () => resolve(get.result as StoredDay | undefined);
        get.onerror = () => resolve(undefined);
      } catch {
        resolve(undefined);
      } finally {
        db.close();
      }
    };
  });
}
