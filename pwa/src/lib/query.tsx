// The hooks that show the query cache (queryClient.ts) to pages; the one for a
// list read a page at a time is in infiniteQuery.ts. A page re-renders when
// its key's entry changes. When a hook fetches:
//   - a page that opens fetches what its entry lacks, and (with refetchOnMount)
//     a stale answer it finds;
//   - another key, or a query just enabled, fetches a stale answer;
//   - with refetchOnReconnect, the network coming back fetches a stale answer;
//   - with refetchInterval, every so often while the page is shown.
// A fresh answer shows at once and is not fetched again on its own.

import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isStale, noop, pageShown, startingState, type Entry, type QueryClient, type QueryOptions, type Rules } from './queryClient';

export { QueryClient, type QueryKey, type QueryOptions } from './queryClient';

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <ClientContext value={client}>{children}</ClientContext>;
}

/** The client of the <QueryClientProvider> around. */
export function useQueryClient(): QueryClient {
  return useContext(ClientContext) as QueryClient;
}

/** What a page reads of a query: its data, and how its fetching stands. */
export type QueryResult<T> = {
  /** A fetch is under way (not one waiting for the network). */
  isFetching: boolean;
  /** Fetches again now, in place of any fetch under way; never fails. */
  refetch: () => Promise<void>;
} & (
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: T | undefined; error: Error }
  | { isPending: false; isError: false; data: T; error: null }
);

/** One hook's hold on the cache: the entry it shows and the rules it shows it
 *  by, as of the last render the page committed, and its timer and listener. */
class Holder<T> {
  declare entry?: Entry<T>;
  declare rules?: Rules<T>;
  #timer?: ReturnType<typeof setInterval>;

  constructor(readonly client: QueryClient) {}

  /** Whether showing `entry` by `rules` now starts a fetch. */
  due(entry: Entry<T>, rules: Rules<T>): boolean {
    const { state } = entry;
    // A page that opens fetches what is missing, and what is stale with
    // refetchOnMount; another key, or the query just enabled, what is stale.
    const occasion = this.entry ? entry !== this.entry || !this.rules?.enabled : state.data === undefined || rules.refetchOnMount;
    return rules.enabled && state.fetchStatus === 'idle' && occasion && isStale(state, rules.staleTime);
  }

  /** After each render: shows `entry`, and fetches it when due. */
  show(entry: Entry<T>, rules: Rules<T>): void {
    const { entry: was, rules: before } = this;
    if (was && was !== entry) this.client.hide(was, this);
    this.client.show(entry, this, rules);
    const due = this.due(entry, rules);
    [this.entry, this.rules] = [entry, rules];
    if (due) this.#fetch();
    const every = rules.enabled && rules.refetchInterval;
    if (entry !== was || every !== (before?.enabled && before.refetchInterval)) {
      clearInterval(this.#timer);
      if (every) this.#timer = setInterval(() => pageShown() && this.#fetch(), every);
    }
    if (rules.refetchOnReconnect) window.addEventListener('online', this.#reconnected);
  }

  /** The page is gone (or, in development, pretends to be). */
  hide(): void {
    clearInterval(this.#timer);
    window.removeEventListener('online', this.#reconnected);
    if (this.entry) this.client.hide(this.entry, this);
    this.entry = undefined;
  }

  /** (Only while the page is shown: `entry` and `rules` are then set.) */
  readonly #fetch = () => void this.client.fetch(this.entry as Entry<T>, this.rules as Rules<T>).catch(noop);

  readonly #reconnected = () => {
    const { entry, rules } = this;
    if (entry && rules?.enabled && isStale(entry.state, rules.staleTime)) this.#fetch();
  };
}

/** The entry of `options` as this render shows it (a fetch it is about to start shown as started),
 *  and the result a page reads of it (useQuery's, and useInfiniteQuery's in infiniteQuery.ts). */
export function useEntry<T, R = T>(options: QueryOptions<T>, select?: (data: T) => R) {
  const client = useQueryClient();
  const rules = client.rulesOf(options);
  const entry = client.entry(rules);
  const [holder] = useState(() => new Holder<T>(client));
  const shown = useSyncExternalStore(entry.subscribe, entry.read);
  useEffect(() => holder.show(entry, rules));
  useEffect(() => () => holder.hide(), [holder]);
  const state = holder.due(entry, rules) ? startingState(shown, rules) : shown;
  const { data, error, fetchStatus } = state;
  const result = {
    data: data === undefined || !select ? data : select(data),
    error,
    isPending: error == null && data === undefined,
    isError: error != null,
    isFetching: fetchStatus === 'fetching',
    refetch: () => client.fetch(entry, rules, true).then(noop, noop),
  } as QueryResult<R>;
  return { entry, rules, state, result };
}

/** The answer to a query, kept in the cache under its key; `select` picks what the page shows of it. */
export function useQuery<T, R = T>({ select, ...options }: QueryOptions<T> & { select?: (data: T) => R }): QueryResult<R> {
  return useEntry(options, select).result;
}
