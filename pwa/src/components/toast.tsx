// Toasts: `toast()` from anywhere; the newest replaces the visible one. The
// view (Radix) loads with the first toast of the session.

import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ToastMessage } from './toastMessage';

export type { ToastMessage };

const ToastView = lazy(() => import('./ToastView'));

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ }; // a new toast replaces the visible one
  emit();
}

function dismiss(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster({ children }: { children?: ReactNode }) {
  const message = useSyncExternalStore(subscribe, () => current);
  // Once shown, the view stays, so its region keeps its F8 shortcut.
  const [used, setUsed] = useState(false);
  if (message && !used) setUsed(true);
  return (
    <>
      {children}
      {(used || message) && (
        <Suspense fallback={null}>
          <ToastView message={message} onDone={dismiss} />
        </Suspense>
      )}
    </>
  );
}
