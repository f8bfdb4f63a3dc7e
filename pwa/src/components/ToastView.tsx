// The toast as Radix draws it: one visible at a time, 5000 ms, swipe 50 px to
// dismiss, F8 focuses the notifications region. Loaded with the first toast,
// so it never weighs on the first screen.

import * as Toast from '@radix-ui/react-toast';
import type { ToastMessage } from './toastMessage';

export default function ToastView({ message, onDone }: { message: ToastMessage | null; onDone: (id: number) => void }) {
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {message && (
        <Toast.Root
          key={message.id}
          className={`toast ${message.variant === 'destructive' ? 'toast-destructive' : ''}`}
          duration={message.durationMs}
          onOpenChange={(open) => !open && onDone(message.id)}
        >
          <Toast.Title className="toast-title">{message.title}</Toast.Title>
          {message.description && <Toast.Description className="toast-description">{message.description}</Toast.Description>}
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
