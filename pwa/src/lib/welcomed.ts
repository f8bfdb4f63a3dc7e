// Whether this device has met the welcome: the synced preference says it for
// every device of the account; a copy here says it from the first frame,
// before the records load (the premium notice waits for it).

import { useSyncExternalStore } from 'react';
import { storage } from './storage';

export const WELCOME_KEY = 'manna.welcome';

const listeners = new Set<() => void>();

/** Whether the welcome was gone through or skipped here (or on another device, once synced). */
export function welcomedHere(): boolean {
  return storage.get(WELCOME_KEY) !== null;
}

/** Notes how the welcome ended here; every page reading `useWelcomed` follows. */
export function noteWelcomed(how: 'done' | 'skipped'): void {
  if (storage.get(WELCOME_KEY) === how) return;
  storage.set(WELCOME_KEY, how);
  listeners.forEach((changed) => changed());
}

/** Whether the welcome is behind this device, kept current. */
export function useWelcomed(): boolean {
  return useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => void listeners.delete(changed);
    },
    welcomedHere,
    () => false,
  );
}
