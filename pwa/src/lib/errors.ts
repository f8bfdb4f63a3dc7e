// Global window errors and unhandled rejections: the last 10 are kept and
// logged; a serious one (the UI framework failing, or "Cannot find variable")
// asks the app to show the refresh overlay, once. Errors React recovered from
// on its own (it rendered again and the page is fine) are only logged.

const MAX_KEPT = 10;
const SERIOUS = /react|cannot find variable/i;

export const errorQueue: string[] = [];
type Listener = () => void;
let onSerious: Listener | null = null;
let overlayShown = false;

export function recordError(message: string): void {
  errorQueue.push(message);
  if (errorQueue.length > MAX_KEPT) errorQueue.shift();
  console.error('Manna caught an error:', message);
  if (!overlayShown && SERIOUS.test(message) && onSerious) {
    overlayShown = true;
    onSerious();
  }
}

export function onSeriousError(listener: Listener): () => void {
  onSerious = listener;
  return () => {
    if (onSerious === listener) onSerious = null;
  };
}

export function installGlobalErrorHandlers(target: Window = window): void {
  target.addEventListener('error', (event) => recordError(event.message || String(event.error)));
  target.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    recordError(reason instanceof Error ? reason.message : String(reason));
  });
}

/** React's `onRecoverableError`: React hit an error, rendered again without
 *  it, and the page is whole. Logged with its cause, never the overlay: the
 *  person has nothing to refresh. */
export function logRecoverableError(error: unknown, info?: { componentStack?: string }): void {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  console.warn('React recovered from an error:', cause, info?.componentStack ?? '');
}
