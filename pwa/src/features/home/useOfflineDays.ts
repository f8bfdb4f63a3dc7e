// Keeps the next week's content saved for offline use, and says until when.

import { useEffect, useState } from 'react';
import { lastStoredDate } from '../../db';

export function useOfflineDays(today: string, yesterday: string, refreshKey: number): string | undefined {
  const [savedThrough, setSavedThrough] = useState<string>();
  useEffect(() => {
    let live = true;
    const show = (last: string | undefined) => live && setSavedThrough(last);
    lastStoredDate(today).then(show, () => undefined);
    // Loaded after the first screen: it is work for the days ahead.
    const save = () =>
      import('../../content/prefetch').then((m) => m.prefetchDays(today, yesterday)).then(show, (error: unknown) => {
        console.warn('Saving the coming days for offline use failed', error);
      });
    void save();
    window.addEventListener('online', save);
    return () => {
      live = false;
      window.removeEventListener('online', save);
    };
  }, [today, yesterday, refreshKey]);
  return savedThrough;
}
