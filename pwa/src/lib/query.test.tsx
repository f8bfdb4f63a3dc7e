import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteQuery } from './infiniteQuery';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from './query';
import type { QueryRules } from './queryClient';

/** Rules in which nothing is fresh, nothing is retried and nothing is forgotten, unless a test says. */
const RULES: QueryRules = {
  enabled: true,
  staleTime: 0,
  gcTime: Infinity,
  retry: false,
  networkMode: 'online',
  refetchOnMount: true,
  refetchOnReconnect: false,
  refetchInterval: false,
};

const newClient = (rules: Partial<QueryRules> = {}) => new QueryClient({ ...RULES, ...rules });

function inside(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A promise the test settles. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.useRealTimers();
  window.dispatchEvent(new Event('online'));
});

describe('useQuery', () => {
  it('fetches a key once for two pages that ask at the same time, and shows both the answer', async () => {
    const answer = later<string>();
    const queryFn = vi.fn(() => answer.promise);
    function Page({ name }: { name: string }) {
      const q = useQuery({ queryKey: ['verse'], queryFn });
      return <p>{`${name}: ${q.isPending ? 'loading' : q.data}`}</p>;
    }
    render(
      <QueryClientProvider client={newClient()}>
        <Page name="one" />
        <Page name="two" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('one: loading')).toBeInTheDocument();
    await act(async () => answer.resolve('John 3:16'));
    expect(screen.getByText('one: John 3:16')).toBeInTheDocument();
    expect(screen.getByText('two: John 3:16')).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('joins a fetch under way: a prefetch, a page and a refetch on an entry with nothing yet', async () => {
    const client = newClient();
    const answer = later<string>();
    const queryFn = vi.fn(() => answer.promise);
    const first = client.prefetchQuery({ queryKey: ['day'], queryFn });
    const second = client.prefetchQuery({ queryKey: ['day'], queryFn });
    const { result } = renderHook(() => useQuery({ queryKey: ['day'], queryFn }), { wrapper: inside(client) });
    expect(result.current.isFetching).toBe(true);
    const third = result.current.refetch();
    await act(async () => answer.resolve('today'));
    await Promise.all([first, second, third]);
    expect(result.current.data).toBe('today');
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('starts one fetch in strict mode, and shows it as started from the first render', async () => {
    const queryFn = vi.fn(async () => 'day');
    const { result } = renderHook(() => useQuery({ queryKey: ['day'], queryFn }), { wrapper: inside(newClient()), reactStrictMode: true });
    expect(result.current).toMatchObject({ isPending: true, isFetching: true });
    await waitFor(() => expect(result.current.data).toBe('day'));
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('shows a fresh answer at once without fetching it again; a page opening on a stale one fetches it (refetchOnMount)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = newClient();
    let n = 0;
    const queryFn = vi.fn(async () => `answer ${++n}`);
    const use = () => useQuery({ queryKey: ['tips'], queryFn, staleTime: 60_000 });
    const first = renderHook(use, { wrapper: inside(client) });
    await waitFor(() => expect(first.result.current.data).toBe('answer 1'));
    first.unmount();

    vi.advanceTimersByTime(59_000);
    const fresh = renderHook(use, { wrapper: inside(client) });
    expect(fresh.result.current).toMatchObject({ data: 'answer 1', isFetching: false });
    fresh.unmount();
    expect(queryFn).toHaveBeenCalledOnce();

    vi.advanceTimersByTime(1000);
    const stale = renderHook(use, { wrapper: inside(client) });
    // The stale answer shows while the new one is fetched.
    expect(stale.result.current).toMatchObject({ data: 'answer 1', isFetching: true });
    await waitFor(() => expect(stale.result.current.data).toBe('answer 2'));
  });

  it('with refetchOnMount off, a page opening on a stale answer keeps it; another key turned to does fetch a stale one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = newClient({ refetchOnMount: false, staleTime: 1000 });
    const queryFn = vi.fn(async (key: string) => `${key} at ${Date.now()}`);
    client.setQueryData(['chapter', 'Gen 1'], 'Gen 1 kept');
    client.setQueryData(['chapter', 'Gen 2'], 'Gen 2 kept');
    vi.advanceTimersByTime(5000);
    const { result, rerender } = renderHook(({ key }) => useQuery({ queryKey: ['chapter', key], queryFn: () => queryFn(key) }), {
      wrapper: inside(client),
      initialProps: { key: 'Gen 1' },
    });
    expect(result.current.data).toBe('Gen 1 kept');
    rerender({ key: 'Gen 2' });
    expect(result.current).toMatchObject({ data: 'Gen 2 kept', isFetching: true });
    await waitFor(() => expect(result.current.data).toBe(`Gen 2 at ${Date.now()}`));
    expect(queryFn).toHaveBeenCalledExactlyOnceWith('Gen 2');
  });

  it('picks what the page shows with select, from one shared answer', async () => {
    const queryFn = vi.fn(async () => ({ healthTip: 'Walk', snack: 'Figs' }));
    const client = newClient();
    const tip = renderHook(() => useQuery({ queryKey: ['day'], queryFn, select: (day) => day.healthTip }), { wrapper: inside(client) });
    const snack = renderHook(() => useQuery({ queryKey: ['day'], queryFn, select: (day) => day.snack }), { wrapper: inside(client) });
    await waitFor(() => expect(tip.result.current.data).toBe('Walk'));
    expect(snack.result.current.data).toBe('Figs');
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('fetches nothing while not enabled, and fetches once enabled', async () => {
    const queryFn = vi.fn(async () => ['remedy']);
    const { result, rerender } = renderHook(({ enabled }) => useQuery({ queryKey: ['remedies', 'cough'], queryFn, enabled }), {
      wrapper: inside(newClient()),
      initialProps: { enabled: false },
    });
    expect(result.current).toMatchObject({ isPending: true, isFetching: false, data: undefined });
    expect(queryFn).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(result.current.isFetching).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual(['remedy']));
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('shows a failure as an error, and a refetch is pending again until it answers', async () => {
    let fail = true;
    const queryFn = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 'account';
    });
    const { result } = renderHook(() => useQuery({ queryKey: ['me'], queryFn }), { wrapper: inside(newClient()) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toEqual(new Error('offline'));
    fail = false;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.refetch();
    });
    expect(result.current).toMatchObject({ isPending: true, isError: false, error: null, isFetching: true });
    await act(() => done);
    expect(result.current).toMatchObject({ isPending: false, isError: false, data: 'account' });
  });

  it('counts an undefined answer as a failure', async () => {
    const { result } = renderHook(() => useQuery({ queryKey: ['day', '2026-01-01'], queryFn: async () => undefined }), { wrapper: inside(newClient()) });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('re-renders the pages of a key when setQueryData changes it, and counts its time as when it was fetched', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = newClient({ staleTime: 60_000 });
    client.setQueryData(['premium'], { isPremium: true });
    const queryFn = vi.fn(async () => ({ isPremium: false }));
    const { result } = renderHook(() => useQuery({ queryKey: ['premium'], queryFn }), { wrapper: inside(client) });
    expect(result.current.data).toEqual({ isPremium: true });
    act(() => client.setQueryData(['premium'], { isPremium: false }, { updatedAt: Date.now() - 60_000 }));
    expect(result.current.data).toEqual({ isPremium: false });
    expect(queryFn).not.toHaveBeenCalled();
    // Set a minute ago, so stale: a page opening with refetchOnMount fetches it.
    renderHook(() => useQuery({ queryKey: ['premium'], queryFn }), { wrapper: inside(client) });
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('shows initialData at once, and fetches it again when it is stale from the start', async () => {
    const queryFn = vi.fn(async () => 'from the server');
    const { result } = renderHook(
      () => useQuery({ queryKey: ['premium'], queryFn, initialData: () => 'kept on the device', initialDataUpdatedAt: 0, staleTime: 60_000 }),
      { wrapper: inside(newClient()) },
    );
    expect(result.current).toMatchObject({ isPending: false, data: 'kept on the device', isFetching: true });
    await waitFor(() => expect(result.current.data).toBe('from the server'));
  });

  it('a refetch takes the place of a fetch under way: its answer is the one shown', async () => {
    const answers = [later<string>(), later<string>()];
    let n = 0;
    const client = newClient();
    client.setQueryData(['feed'], 'old');
    const { result } = renderHook(() => useQuery({ queryKey: ['feed'], queryFn: () => answers[n++].promise }), { wrapper: inside(client) });
    expect(n).toBe(1);
    act(() => void result.current.refetch());
    expect(n).toBe(2);
    await act(async () => answers[1].resolve('newer'));
    await act(async () => answers[0].resolve('older'));
    expect(result.current.data).toBe('newer');
  });
});

describe('retry', () => {
  it('tries a failed fetch again as often as `retry` says, after 1 s, then 2 s', async () => {
    vi.useFakeTimers();
    const client = newClient();
    const queryFn = vi.fn(async () => {
      if (queryFn.mock.calls.length < 3) throw new Error('busy');
      return 'plan';
    });
    const done = client.prefetchQuery({ queryKey: ['plan'], queryFn, retry: 2 });
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(client.getQueryData(['plan'])).toBe('plan');
  });

  it('asks a retry rule, which may refuse by the error', async () => {
    vi.useFakeTimers();
    const client = newClient();
    const retry = vi.fn((failures: number, error: unknown) => failures < 2 && !/^404:/.test((error as Error).message));
    const queryFn = vi.fn(async () => {
      throw new Error('404: no such plan');
    });
    await client.prefetchQuery({ queryKey: ['plan', 'x'], queryFn, retry });
    expect(queryFn).toHaveBeenCalledOnce();
    expect(retry).toHaveBeenCalledExactlyOnceWith(0, new Error('404: no such plan'));
  });

  it('does not try again when retry is false (the app’s rule)', async () => {
    const queryFn = vi.fn(async () => {
      throw new Error('down');
    });
    const client = newClient();
    const { result } = renderHook(() => useQuery({ queryKey: ['x'], queryFn }), { wrapper: inside(client) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryFn).toHaveBeenCalledOnce();
  });
});

describe('the client', () => {
  it('invalidateQueries fetches again the shown queries whose key starts with the one given, and no other', async () => {
    const client = newClient({ staleTime: Infinity });
    const calls: string[] = [];
    const use = (key: unknown[], enabled = true) =>
      function useShown() {
        return useQuery({ queryKey: key, queryFn: async () => calls.push(JSON.stringify(key)), enabled });
      };
    renderHook(use(['saved-areas', 'farm']), { wrapper: inside(client) });
    renderHook(use(['saved-areas', 'trail']), { wrapper: inside(client) });
    renderHook(use(['saved-areas-elsewhere']), { wrapper: inside(client) });
    renderHook(use(['saved-areas', 'off'], false), { wrapper: inside(client) });
    await waitFor(() => expect(calls).toHaveLength(3));
    calls.length = 0;
    await act(() => client.invalidateQueries({ queryKey: ['saved-areas'] }));
    expect(calls.sort()).toEqual(['["saved-areas","farm"]', '["saved-areas","trail"]']);
    calls.length = 0;
    await act(() => client.invalidateQueries());
    expect(calls).toHaveLength(3);
  });

  it('invalidateQueries marks a query no page shows, which the next page to turn to it fetches', async () => {
    const client = newClient({ staleTime: Infinity, refetchOnMount: false });
    client.setQueryData(['bible', 'Gen 2'], 'kept');
    const queryFn = vi.fn(async (key: string) => `${key} fetched`);
    const { result, rerender } = renderHook(({ key }) => useQuery({ queryKey: ['bible', key], queryFn: () => queryFn(key) }), {
      wrapper: inside(client),
      initialProps: { key: 'Gen 1' },
    });
    await waitFor(() => expect(result.current.data).toBe('Gen 1 fetched'));
    await act(() => client.invalidateQueries({ queryKey: ['bible', 'Gen 2'] }));
    expect(queryFn).toHaveBeenCalledTimes(1);
    rerender({ key: 'Gen 2' });
    await waitFor(() => expect(result.current.data).toBe('Gen 2 fetched'));
  });

  it('prefetchQuery fills the cache, which a page then shows at once; it fetches nothing fresh and never fails', async () => {
    const client = newClient({ staleTime: 60_000 });
    const queryFn = vi.fn(async () => 'today');
    await client.prefetchQuery({ queryKey: ['day', '2026-05-01'], queryFn });
    expect(client.getQueryData(['day', '2026-05-01'])).toBe('today');
    await client.prefetchQuery({ queryKey: ['day', '2026-05-01'], queryFn });
    const { result } = renderHook(() => useQuery({ queryKey: ['day', '2026-05-01'], queryFn }), { wrapper: inside(client) });
    expect(result.current).toMatchObject({ data: 'today', isFetching: false });
    expect(queryFn).toHaveBeenCalledOnce();
    await expect(client.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('no')) })).resolves.toBeUndefined();
  });

  it('clear forgets every entry: a page fetches its query again when it next renders', async () => {
    const client = newClient({ staleTime: Infinity });
    let version = 1;
    const { result, rerender } = renderHook(() => useQuery({ queryKey: ['tip'], queryFn: async () => `tip v${version}` }), { wrapper: inside(client) });
    await waitFor(() => expect(result.current.data).toBe('tip v1'));
    version = 2;
    client.clear();
    expect(client.getQueryData(['tip'])).toBeUndefined();
    await act(() => client.refetchQueries());
    rerender();
    await waitFor(() => expect(result.current.data).toBe('tip v2'));
  });

  it('clear reaches a page that shows the query and renders nothing else: what was set after shows at once (a logout)', async () => {
    const client = newClient({ staleTime: Infinity });
    const queryFn = vi.fn(async () => 'PREMIUM MEMBER');
    const { result } = renderHook(() => useQuery({ queryKey: ['premium'], queryFn }), { wrapper: inside(client) });
    await waitFor(() => expect(result.current.data).toBe('PREMIUM MEMBER'));
    act(() => {
      client.clear();
      client.setQueryData(['premium'], 'free');
    });
    // No rerender by the test: the page itself renders again with the new entry.
    await waitFor(() => expect(result.current.data).toBe('free'));
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('forgets an entry no page has shown for its gcTime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = newClient({ staleTime: Infinity, gcTime: 60_000 });
    const queryFn = vi.fn(async () => 'list');
    const page = renderHook(() => useQuery({ queryKey: ['list'], queryFn }), { wrapper: inside(client) });
    await waitFor(() => expect(page.result.current.data).toBe('list'));
    page.unmount();
    vi.advanceTimersByTime(59_000);
    const seen = renderHook(() => useQuery({ queryKey: ['list'], queryFn }), { wrapper: inside(client) });
    expect(seen.result.current.data).toBe('list');
    seen.unmount();
    vi.advanceTimersByTime(60_000);
    const again = renderHook(() => useQuery({ queryKey: ['list'], queryFn }), { wrapper: inside(client) });
    expect(again.result.current.isPending).toBe(true);
    await waitFor(() => expect(again.result.current.data).toBe('list'));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('useQueryClient gives the provider’s client', () => {
    const client = newClient();
    expect(renderHook(() => useQueryClient(), { wrapper: inside(client) }).result.current).toBe(client);
  });
});

describe('the network and the clock', () => {
  it('while the browser is offline, a query waits for the network (unless its networkMode is always)', async () => {
    window.dispatchEvent(new Event('offline'));
    const client = newClient();
    const waits = vi.fn(async () => 'chapter');
    const runs = vi.fn(async () => 'saved search');
    const waiting = renderHook(() => useQuery({ queryKey: ['chapter'], queryFn: waits }), { wrapper: inside(client) });
    const running = renderHook(() => useQuery({ queryKey: ['finder'], queryFn: runs, networkMode: 'always' }), { wrapper: inside(client) });
    await waitFor(() => expect(running.result.current.data).toBe('saved search'));
    expect(waiting.result.current).toMatchObject({ isPending: true, isFetching: false });
    expect(waits).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(waiting.result.current.data).toBe('chapter'));
  });

  it('a page opened offline still runs its queries (the browser has not said it went offline since)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderHook(() => useQuery({ queryKey: ['stored'], queryFn: async () => 'from the device' }), { wrapper: inside(newClient()) });
    await waitFor(() => expect(result.current.data).toBe('from the device'));
    onLine.mockRestore();
  });

  it('refetchInterval fetches again while the page is shown; refetchOnReconnect when the network comes back and the answer is stale', async () => {
    vi.useFakeTimers();
    let n = 0;
    const queryFn = vi.fn(async () => ++n);
    const { result } = renderHook(
      () => useQuery({ queryKey: ['premium'], queryFn, staleTime: 300_000, refetchInterval: 300_000, refetchOnReconnect: true }),
      { wrapper: inside(newClient()) },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toBe(1);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(result.current.data).toBe(2);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(queryFn).toHaveBeenCalledTimes(2);
    hidden.mockRestore();
    // Stale now (fetched 600 s ago): the network coming back fetches it.
    act(() => void window.dispatchEvent(new Event('online')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toBe(3);
  });
});

describe('useInfiniteQuery, as the archive uses it', () => {
  interface Page {
    items: string[];
    page: number;
    hasMore: boolean;
  }
  const archive = (pages: number) =>
    vi.fn(async ({ pageParam }: { pageParam: number }): Promise<Page> => ({ items: [`item ${pageParam}`], page: pageParam, hasMore: pageParam < pages }));
  const use = (queryFn: ReturnType<typeof archive>, text = '') =>
    function useArchive() {
      return useInfiniteQuery({
        queryKey: ['archive', text],
        queryFn,
        initialPageParam: 1,
        getNextPageParam: (last: Page) => (last.hasMore ? last.page + 1 : undefined),
      });
    };

  it('reads the first page, adds the next on asking, and says when there are no more', async () => {
    const queryFn = archive(2);
    const { result } = renderHook(use(queryFn), { wrapper: inside(newClient({ staleTime: Infinity })) });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current).toMatchObject({ hasNextPage: true, isFetchingNextPage: false });
    let more: Promise<void> = Promise.resolve();
    act(() => {
      more = result.current.fetchNextPage();
    });
    expect(result.current.isFetchingNextPage).toBe(true);
    await act(() => more);
    expect(result.current.data?.pages.flatMap((p) => p.items)).toEqual(['item 1', 'item 2']);
    expect(result.current).toMatchObject({ hasNextPage: false, isFetchingNextPage: false });
    expect(queryFn.mock.calls.map(([c]) => c.pageParam)).toEqual([1, 2]);
  });

  it('a refetch fetches as many pages again, from the first, and is not a next page', async () => {
    const queryFn = archive(3);
    const { result } = renderHook(use(queryFn), { wrapper: inside(newClient({ staleTime: Infinity })) });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    await act(() => result.current.fetchNextPage());
    queryFn.mockClear();
    let again: Promise<void> = Promise.resolve();
    act(() => {
      again = result.current.refetch();
    });
    expect(result.current).toMatchObject({ isFetching: true, isFetchingNextPage: false });
    await act(() => again);
    expect(queryFn.mock.calls.map(([c]) => c.pageParam)).toEqual([1, 2]);
    expect(result.current.data?.pageParams).toEqual([1, 2]);
  });

  it('a new search is a new key: pending until its first page is in', async () => {
    const queryFn = archive(1);
    const { result, rerender } = renderHook(({ text }) => use(queryFn, text)(), {
      wrapper: inside(newClient({ staleTime: Infinity })),
      initialProps: { text: '' },
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    rerender({ text: 'psalm' });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
  });

  it('a failed search is an error its refetch can recover from', async () => {
    let fail = true;
    const queryFn = vi.fn(async ({ pageParam }: { pageParam: number }): Promise<Page> => {
      if (fail) throw new Error('500: down');
      return { items: ['found'], page: pageParam, hasMore: false };
    });
    const { result } = renderHook(use(queryFn as ReturnType<typeof archive>), { wrapper: inside(newClient()) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    fail = false;
    await act(() => result.current.refetch());
    expect(result.current.data?.pages[0].items).toEqual(['found']);
  });
});
