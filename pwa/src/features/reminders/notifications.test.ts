import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotificationState } from './notifications';

/** A browser with the Push API whose service worker becomes ready when the test says. */
function browserWithLateWorker() {
  let ready!: (registration: ServiceWorkerRegistration) => void;
  const registration = { pushManager: { getSubscription: () => Promise.resolve(null) } } as unknown as ServiceWorkerRegistration;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: new Promise<ServiceWorkerRegistration>((resolve) => (ready = resolve)) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default' });
  return () => ready(registration);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('where this device stands', () => {
  it('a service worker still installing after ten seconds is not taken for none: once ready, notifications can be turned on', async () => {
    vi.useFakeTimers();
    const becomeReady = browserWithLateWorker();
    const { result } = renderHook(() => useNotificationState());
    expect(result.current.state).toBe('checking');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current.state).toBe('unsupported');

    await act(async () => becomeReady());
    expect(result.current.state).toBe('off');
  });

  it('a worker ready at once: off, with no wait', async () => {
    const becomeReady = browserWithLateWorker();
    becomeReady();
    const { result } = renderHook(() => useNotificationState());
    await act(async () => undefined);
    expect(result.current.state).toBe('off');
  });
});
