import { QueryClientProvider, useQuery } from '../../lib/query';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { coreFromBytes } from '../../wasm/core';
import { useRefreshContent } from './useRefreshContent';
import { useToday } from './useToday';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function RefreshProbe({ onRefreshed }: { onRefreshed: () => void }) {
  const { refresh, refreshing } = useRefreshContent(onRefreshed);
  const tip = useQuery({ queryKey: ['/api/health-tips/today'], queryFn: () => fetch('/api/health-tips/today').then((r) => r.json()) });
  return (
    <>
      <p>{tip.data?.title ?? 'none'}</p>
      <button type="button" disabled={refreshing} onClick={() => void refresh()}>
        refresh
      </button>
    </>
  );
}

describe('manual refresh', () => {
  it('asks the server, keeps only the listed keys and fetches again', async () => {
    let version = 1;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/refresh-content') {
        expect(init?.method).toBe('POST');
        version = 2;
        return new Response('{"ok":true}');
      }
      return new Response(JSON.stringify({ title: `tip v${version}` }));
    });
    vi.stubGlobal('fetch', fetch);
    for (const key of ['subscriptionId', 'isPremium', 'manna-user-id', 'lastContentDate', 'somethingOld']) localStorage.setItem(key, 'x');
    const onRefreshed = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RefreshProbe onRefreshed={onRefreshed} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('tip v1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(await screen.findByText('tip v2')).toBeInTheDocument();
    expect(Object.keys(localStorage).sort()).toEqual(['isPremium', 'manna-user-id', 'subscriptionId']);
    expect(onRefreshed).toHaveBeenCalledOnce();
  });

  it('reloads the page when the server cannot be asked', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/refresh-content' ? Promise.reject(new TypeError('offline')) : new Response('{}'))));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const client = createQueryClient();
    const { result } = renderHook(() => useRefreshContent(() => {}), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await act(() => result.current.refresh());
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('date change', () => {
  it('moves to the new day after midnight and remembers the content date', async () => {
    const core = await coreFromBytes(readFileSync(join(process.cwd(), 'src/wasm/pkg/manna_core_bg.wasm')));
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 11, 31, 23, 59, 50));
    const { result } = renderHook(() => useToday(core));
    expect(result.current.date).toBe('2026-12-31');
    expect(result.current.dayOfYear).toBe(365);
    expect(localStorage.getItem('lastContentDate')).toBe('2026-12-31');
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(result.current.date).toBe('2027-01-01');
    expect(result.current.dayOfYear).toBe(1);
    expect(result.current.yesterday).toBe('2026-12-31');
    expect(localStorage.getItem('lastContentDate')).toBe('2027-01-01');
  });
});
