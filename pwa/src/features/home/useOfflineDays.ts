// Keeps the next week's content saved for offline use, and says until when.

import { useEffect, useState } from 'react';
import { lastStoredDate } from '../../db/days';
import { whenIdle } from '../../lib/idle';

/** The longest the saves wait for the browser to be idle. */
const SAVE_WAIT_MS = 3000;

export function useOfflineDays(today: string, yesterday: string, refreshKey: number): string | undefined {
  const [savedThrough, setSavedThrough] = useState<string>();
  useEffect(() => {
    let live = true;
    const show = (last: string | undefined) => live && setSavedThrough(last);
    lastStoredDate(today).then(show, () => undefined);
    // Work for the days ahead: it waits until the first screen is up and the
    // browser is idle.
    const save = () =>
      void import('../../content/prefetch').then((m) => m.prefetchDays(today, yesterday)).then(show, (error: unknown) => {
        console.warn('Saving the coming days for offline use failed', error);
      });
    const cancel = whenIdle(save, SAVE_WAIT_MS);
    window.addEventListener('online', save);
    return () => {
      live = false;
      cancel();
      window.removeEventListener('online', save);
    };
  }, [today, yesterday, refreshKey]);
  return savedThrough;
}
