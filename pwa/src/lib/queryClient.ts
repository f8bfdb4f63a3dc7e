// The app's cache of what it reads from the server: one entry per query key
// (two keys are the same when their JSON is), holding the answer or the error
// and whether a fetch is under way. A key asked for twice at once is fetched
// once. A failed fetch is tried again as the query's `retry` says, after 1 s,
// 2 s, 4 s… (at most 30 s). While the browser says it is offline, a fetch
// waits for the network, unless its query says otherwise (networkMode
// 'always'). An entry no page has shown for its gcTime is forgotten. The
// hooks that show entries, and say when to fetch them, are in query.tsx.

export type QueryKey = readonly unknown[];

/** Whether a failed fetch is tried again: not at all, a number of times, or
 *  as a rule given the failures so far (0 after the first) and the error says. */
export type Retry = false | number | ((failures: number, error: unknown) => boolean);

/** A query's rules: the client's defaults, unless the query says otherwise. */
export interface QueryRules {
  /** Whether the query fetches at all. */
  enabled: boolean;
  /** How long an answer stays fresh (ms): a fresh answer is not fetched again on its own. */
  staleTime: number;
  /** How long an entry no page shows is kept (ms). */
  gcTime: number;
  retry: Retry;
  /** 'online' waits for the network while the browser is offline; 'always' does not. */
  networkMode: 'online' | 'always';
  /** Whether a page that opens fetches again the stale answer it finds. */
  refetchOnMount: boolean;
  /** Whether the network coming back fetches again the stale answer a page shows. */
  refetchOnReconnect: boolean;
  /** While a page shows the query and is itself shown, it is fetched again this often (ms), or never. */
  refetchInterval: number | false;
}

export interface QueryOptions<T> extends Partial<QueryRules> {
  queryKey: QueryKey;
  queryFn: () => T | Promise<T>;
  /** What the entry holds before its first answer (or a function that says, undefined for nothing). */
  initialData?: T | (() => T | undefined);
  /** When that was fetched (ms); now when not said. */
  initialDataUpdatedAt?: number;
}

/** A query's options with the defaults filled in. */
export type Rules<T> = QueryOptions<T> & QueryRules;

export interface QueryState<T = unknown> {
  data: T | undefined;
  /** When the data was fetched or set (ms); 0 when there is none. */
  dataUpdatedAt: number;
  /** What the last fetch failed with; null once one succeeds (or, with no data, once another starts). */
  error: unknown;
  /** 'paused': a fetch is waiting for the network. */
  fetchStatus: 'fetching' | 'paused' | 'idle';
  /** The data should be fetched again (invalidateQueries, or the last fetch failed). */
  isInvalidated: boolean;
}

// Whether the browser is online, as its online and offline events have said:
// online until told otherwise, so that a page opened offline still runs its
// queries (they answer from what the device saved).
let online = true;
window.addEventListener('online', () => (online = true));
window.addEventListener('offline', () => (online = false));

export const noop = () => {};
/** What a fetch that another took the place of (or whose entry was dropped) fails with. */
const CANCELLED = new Error('Cancelled');
export const pageShown = () => document.visibilityState !== 'hidden';
const networkAllows = (rules: Pick<QueryRules, 'networkMode'>) => rules.networkMode === 'always' || online;

/** Resolves when the browser says it is online again. */
const backOnline = () => new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));

/** A key's identity: its JSON. */
const hashKey = (key: QueryKey): string => JSON.stringify(key);

export function isStale(state: QueryState, staleTime: number): boolean {
  return state.data === undefined || state.isInvalidated || Date.now() >= state.dataUpdatedAt + staleTime;
}

/** The state of an entry a fetch is starting in. */
export function startingState<T>(state: QueryState<T>, rules: QueryRules): QueryState<T> {
  return {
    ...state,
    fetchStatus: networkAllows(rules) ? 'fetching' : 'paused',
    // With nothing to show yet, the query is pending again rather than failed.
    ...(state.data === undefined && { error: null }),
  };
}

const answered = <T>(data: T, at = Date.now()) => ({ data, dataUpdatedAt: at, error: null, isInvalidated: false });

function initialData<T>({ initialData }: Pick<QueryOptions<T>, 'initialData'>): T | undefined {
  return typeof initialData === 'function' ? (initialData as () => T | undefined)() : initialData;
}

/** The query function's answer, tried again as `rules.retry` says; each attempt waits for the network first. */
async function attempts<T>({ retry, queryFn, ...rules }: Rules<T>, current: () => boolean, pause: (paused: boolean) => void): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    if (!networkAllows(rules)) {
      pause(true);
      await backOnline();
      pause(false);
    }
    if (!current()) throw CANCELLED;
    try {
      const data = await queryFn();
      // Undefined would read as "no answer yet".
      if (data === undefined) throw new Error('The query answered undefined');
      return data;
    } catch (error) {
      const again = typeof retry === 'function' ? retry(failures, error) : failures < Number(retry);
      if (!current() || !again) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failures, 30_000)));
    }
  }
}

/** One key's entry. Its state is replaced, never changed in place, so that a
 *  render can tell a new state from the one it showed. */
export class Entry<T = unknown> {
  /** The fetch under way. */
  declare fetching?: Promise<T>;
  /** Fetches started: an answer counts only if no fetch started after it and the entry was not dropped. */
  runs = 0;
  /** The rules it was last shown or fetched with, by which invalidateQueries and refetchQueries fetch it. */
  declare rules?: Rules<T>;
  /** The hooks showing it, each with whether it is enabled. */
  readonly shownBy = new Map<object, boolean>();
  /** Since when no page has shown it (ms). */
  hiddenAt = Date.now();
  readonly #listeners = new Set<() => void>();

  constructor(
    readonly key: QueryKey,
    public state: QueryState<T>,
    public gcTime: number,
  ) {}

  /** For useSyncExternalStore. */
  readonly subscribe = (onChange: () => void) => {
    this.#listeners.add(onChange);
    return () => void this.#listeners.delete(onChange);
  };

  readonly read = () => this.state;

  set(change: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...change };
    this.#listeners.forEach((onChange) => onChange());
  }

  /** Whether a hook that wants it fetched shows it. */
  get active(): boolean {
    return [...this.shownBy.values()].includes(true);
  }

  /** Whether it is still kept: shown, being fetched, or hidden for less than its gcTime. */
  get kept(): boolean {
    return this.shownBy.size > 0 || !!this.fetching || Date.now() < this.hiddenAt + this.gcTime;
  }
}

export class QueryClient {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly defaults: QueryRules) {}

  /** `options` with the client's defaults filled in. */
  rulesOf<T>(options: QueryOptions<T>): Rules<T> {
    return { ...this.defaults, ...options };
  }

  /** The entry of `rules.queryKey`, made (with its initialData) when there is none. */
  entry<T>(rules: Pick<Rules<T>, 'queryKey' | 'gcTime' | 'initialData' | 'initialDataUpdatedAt'>): Entry<T> {
    const hash = hashKey(rules.queryKey);
    let entry = this.#entries.get(hash) as Entry<T> | undefined;
    if (!entry?.kept) {
      const data = initialData(rules);
      entry = new Entry(rules.queryKey, { ...answered(data, data === undefined ? 0 : rules.initialDataUpdatedAt), fetchStatus: 'idle' }, rules.gcTime);
      this.#entries.set(hash, entry as Entry);
    }
    // Kept as long as the longest-kept query that uses it asks.
    entry.gcTime = Math.max(entry.gcTime, rules.gcTime);
    return entry;
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    const entry = this.#entries.get(hashKey(queryKey));
    return entry?.kept ? (entry.state.data as T | undefined) : undefined;
  }

  /** Puts `data` in the key's entry as if fetched at `updatedAt` (now when not said). */
  setQueryData<T>(queryKey: QueryKey, data: T, options: { updatedAt?: number } = {}): void {
    if (data !== undefined) this.entry<T>({ queryKey, gcTime: this.defaults.gcTime }).set(answered(data, options.updatedAt));
  }

  /** Fetches the query unless its entry holds a fresh answer; never fails. */
  async prefetchQuery<T>(options: QueryOptions<T>): Promise<void> {
    const rules = this.rulesOf(options);
    const entry = this.entry(rules);
    if (!isStale(entry.state, rules.staleTime)) return;
    entry.rules = rules;
    await this.fetch(entry, rules).catch(noop);
  }

  /** Marks the entries of `queryKey` (a key or its start; all when not said)
   *  as to be fetched again, and fetches those a page shows now. */
  invalidateQueries({ queryKey }: { queryKey?: QueryKey } = {}): Promise<void> {
    const found = this.#find(queryKey);
    for (const entry of found) if (!entry.state.isInvalidated) entry.set({ isInvalidated: true });
    return this.#fetchAgain(found.filter((entry) => entry.active));
  }

  /** Fetches again the entries of `queryKey` (all when not said) that a page
   *  shows, or that no page shows but were fetched before. */
  refetchQueries({ queryKey }: { queryKey?: QueryKey } = {}): Promise<void> {
    return this.#fetchAgain(this.#find(queryKey).filter((entry) => !entry.shownBy.size || entry.active));
  }

  /** Forgets every entry (an answer still on its way counts for nothing); a
   *  page showing one fetches it again when it next renders. */
  clear(): void {
    const gone = [...this.#entries.values()];
    this.#entries.clear();
    for (const entry of gone) {
      entry.runs += 1;
      entry.fetching = undefined;
      // A page still showing it renders again, and so finds the key's new
      // entry: nothing of what was forgotten stays on screen (a logout).
      entry.set({});
    }
  }

  /**
   * The answer of the fetch under way in `entry`, or of a new one. With
   * `replace`, an entry that already holds data starts a new fetch, whose
   * answer counts instead of the one under way.
   */
  fetch<T>(entry: Entry<T>, rules: Rules<T>, replace = false): Promise<T> {
    if (entry.fetching && !(replace && entry.state.data !== undefined)) return entry.fetching;
    const run = ++entry.runs;
    const current = () => entry.runs === run;
    entry.set(startingState(entry.state, rules));
    /** Ends the fetch with `change`, unless another took its place. */
    const settle = (change: Partial<QueryState<T>>) => {
      if (!current()) return false;
      entry.fetching = undefined;
      entry.set({ ...change, fetchStatus: 'idle' });
      return true;
    };
    // A fetch whose place another took answers what that one answers.
    const replaced = () => entry.fetching ?? Promise.reject(CANCELLED);
    return (entry.fetching = attempts(rules, current, (paused) => current() && entry.set({ fetchStatus: paused ? 'paused' : 'fetching' })).then(
      (data) => (settle(answered(data)) ? data : replaced()),
      (error: unknown) => {
        if (settle({ error, isInvalidated: true })) throw error;
        return replaced();
      },
    ));
  }

  /** `by` (a hook) shows `entry` by `rules`: the entry is kept meanwhile. */
  show<T>(entry: Entry<T>, by: object, rules: Rules<T>): void {
    entry.shownBy.set(by, rules.enabled);
    entry.rules = rules;
    // A query shown later may bring the initialData the first one could not give.
    const data = entry.state.data === undefined ? initialData(rules) : undefined;
    if (data !== undefined) entry.set(answered(data, rules.initialDataUpdatedAt));
  }

  hide(entry: Entry, by: object): void {
    entry.shownBy.delete(by);
    entry.hiddenAt = Date.now();
  }

  #find(queryKey?: QueryKey): Entry[] {
    const start = queryKey && hashKey(queryKey);
    return [...this.#entries.values()].filter((entry) => entry.kept && (!start || hashKey(entry.key.slice(0, queryKey.length)) === start));
  }

  /** Fetches `entries` again; resolves when done, at once for a fetch waiting for the network. */
  async #fetchAgain(entries: Entry[]): Promise<void> {
    await Promise.all(
      entries.map((entry) => {
        if (!entry.rules) return;
        const done = this.fetch(entry, entry.rules, true).catch(noop);
        return entry.state.fetchStatus === 'paused' ? undefined : done;
      }),
    );
  }
}
