// Toasts (Radix): one visible at a time, 5000 ms, swipe 50 px to dismiss, F8
// focuses the notifications region.

import * as Toast from '@radix-ui/react-toast';
import { useSyncExternalStore, type ReactNode } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
  durationMs?: number;
}

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
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {children}
      {message && (
        <Toast.Root
          key={message.id}
          className={`toast ${message.variant === 'destructive' ? 'toast-destructive' : ''}`}
          duration={message.durationMs}
          onOpenChange={(open) => !open && dismiss(message.id)}
        >
          <Toast.Title className="toast-title">{message.title}</Toast.Title>
          {message.description && (
            <Toast.Description className="toast-description">{message.description}</Toast.Description>
          )}
          {message.action && (
            <Toast.Action altText={message.action.label} asChild>
              <button type="button" className="btn btn-primary btn-small" onClick={message.action.onClick}>
                {message.action.label}
              </button>
            </Toast.Action>
          )}
          <Toast.Close className="toast-close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
    </Toast.Provider>
  );
}
