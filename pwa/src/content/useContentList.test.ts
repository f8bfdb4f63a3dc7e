import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchList, ListNotSavedOffline } from './useContentList';

afterEach(() => vi.unstubAllGlobals());

const answer = (items: unknown) => new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json' } });

describe('content lists', () => {
  it('come from the server when it answers and from the saved copy when it does not', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer([{ id: 'tip-1', date: '2026-11-22' }]))));
    expect(await fetchList('/api/health-tips')).toEqual([{ id: 'tip-1', date: '2026-11-22' }]);

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await fetchList('/api/health-tips')).toEqual([{ id: 'tip-1', date: '2026-11-22' }]);
  });

  it('say plainly when a list was never saved and there is no network', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchList('/api/food-spotlights')).rejects.toBeInstanceOf(ListNotSavedOffline);
  });

  it('pass on what the server refused', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"message":"no archive list"}', { status: 404 }))));
    await expect(fetchList('/api/nothing-here')).rejects.toMatchObject({ status: 404 });
  });
});
