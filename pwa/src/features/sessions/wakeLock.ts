// Keeps the screen on while a session runs, where the browser can (Screen
// Wake Lock API); asked again when the page is shown after being hidden,
// since the browser lets the lock go then.

let sentinel: WakeLockSentinel | null = null;
let wanted = false;

async function acquire(): Promise<void> {
  if (!wanted || sentinel || !('wakeLock' in navigator) || document.visibilityState !== 'visible') return;
  try {
    sentinel = await navigator.wakeLock.request('screen');
    sentinel.addEventListener('release', () => {
      sentinel = null;
    });
  } catch {
    /* refused (battery saver, no permission): the session runs anyway */
  }
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => void acquire());
}

export function keepScreenOn(on: boolean): void {
  wanted = on;
  if (on) {
    void acquire();
  } else {
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  }
}
