// /archive and /premium-archive (premium): everything Manna has published up to
// today, searched by word, "a phrase" or a reference, filtered by type and
// sorted; 'Found N items', 120-character snippets and a badge on each card,
// six placeholders while loading, 'No content found' with 'Clear search'.
// The server searches its full-text index and sends a page at a time; with no
// connection the device searches what it saved, and says so.

import { use, useEffect, useState } from 'react';
import { useInfiniteQuery } from '../../lib/infiniteQuery';
import { ApiError, apiRequest } from '../../api/client';
import { CardSkeleton } from '../../components/CardSkeleton';
import { SearchFailed } from '../../components/SearchFailed';
import { ARCHIVE_QUERY_MAX, type ArchivePage as Answer } from '../../generated/content';
import { loadCore, todayIn } from '../../wasm/core';
import { loadSearch } from '../../wasm/search';
import { sentence } from '../../components/form/Field';
import { PremiumOnly } from '../upgrade';
import { searchOffline } from './offlineSearch';
import { dayLabel } from '../../lib/dates';

const TYPES = [
  ['all', 'All Content'],
  ['bible', 'Bible'],
  ['health', 'Health'],
  ['nutrition', 'Nutrition'],
  ['fitness', 'Fitness'],
] as const;
const SORTS = [
  ['recent', 'Most Recent'],
  ['oldest', 'Oldest First'],
  ['alphabetical', 'Alphabetical'],
] as const;
/** Typing pauses this long before the search runs. */
const TYPING_MS = 300;
const PAGE = 20;
const NETWORK_TIMEOUT_MS = 6000;
/** After the server could not be reached, search on the device for this long
 *  before asking the server again (each failed attempt costs a moment). */
const OFFLINE_FOR_MS = 15_000;
let serverUnreachableUntil = 0;

const dateLabel = (iso: string) => dayLabel(iso, { month: 'short', day: 'numeric', year: 'numeric' });

export default function ArchivePage() {
  return (
    <PremiumOnly title="Premium Archive" className="archive">
      {() => <Archive />}
    </PremiumOnly>
  );
}

function Archive() {
  const today = todayIn(use(loadCore()));
  const search = use(loadSearch());
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const [type, setType] = useState<(typeof TYPES)[number][0]>('all');
  const [sort, setSort] = useState<(typeof SORTS)[number][0]>('recent');
  useEffect(() => {
    const t = window.setTimeout(() => setText(typed.trim()), TYPING_MS);
    return () => window.clearTimeout(t);
  }, [typed]);

  // Emoji or symbols alone: a hint in place of the search (which would find everything).
  const hint = search.searchHint(text);
  const query = useInfiniteQuery({
    queryKey: ['archive', text, type, sort, today],
    enabled: hint === undefined,
    queryFn: async ({ pageParam }): Promise<Answer & { offline?: boolean }> => {
      try {
        if ((typeof navigator !== 'undefined' && !navigator.onLine) || Date.now() < serverUnreachableUntil) throw new Error('offline');
        return await apiRequest<Answer>(
          'GET',
          `/api/archive/search?q=${encodeURIComponent(text)}&type=${type}&sort=${sort}&page=${pageParam}&limit=${PAGE}&date=${today}`,
          undefined,
          { signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS) },
        );
      } catch (error) {
        // The server answered: its answer stands. No answer: search what this device saved.
        if (error instanceof ApiError) throw error;
        serverUnreachableUntil = Math.max(serverUnreachableUntil, Date.now() + OFFLINE_FOR_MS);
        return { ...(await searchOffline({ text, type, sort, today })), offline: true };
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    retry: false,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;
  const clear = () => {
    setTyped('');
    setText('');
    setType('all');
  };

  return (
    <>
      <form className="card form" role="search" onSubmit={(e) => (e.preventDefault(), setText(typed.trim()))}>
        <label className="field" htmlFor="archive-search">
          <span className="sr-only">Search the archive</span>
          <input id="archive-search" type="search" placeholder="Search all content..." value={typed} maxLength={ARCHIVE_QUERY_MAX} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <div className="row archive-filters">
          <label className="field level-filter">
            <span>Type</span>
            <select value={type} onChange={(e) => setType(e.target.value as typeof type)}>
              {TYPES.map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="field level-filter">
            <span>Sort</span>
            <select value={sort} onChange={(e) => setSort(e.target.value as typeof sort)}>
              {SORTS.map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>
      <div aria-live="polite" data-results-for={query.isPending && !hint ? undefined : text}>
        {hint ? (
          <section className="card empty-state">
            <p>{sentence(hint)}</p>
            <button type="button" className="btn btn-outline" onClick={clear}>
              Clear search
            </button>
          </section>
        ) : query.isPending ? (
          <CardSkeleton label="Searching the archive" count={6} />
        ) : query.isError ? (
          <SearchFailed what="Archive search" onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <section className="card empty-state">
            <p>No content found</p>
            {query.data?.pages[0]?.offline && <p className="meta">You are offline: only content saved on this device was searched.</p>}
            <button type="button" className="btn btn-outline" onClick={clear}>
              Clear search
            </button>
          </section>
        ) : (
          <>
            {query.data?.pages[0]?.offline && (
              <p className="card notice">You are offline: results are limited to content saved on this device.</p>
            )}
            <p className="meta" role="status">
              Found {total} {total === 1 ? 'item' : 'items'}
            </p>
            <ul className="plain-list">
              {items.map((item) => (
                <li key={`${item.type}-${item.id}`} className="card archive-card" data-key={`${item.type}-${item.id}`}>
                  <p className="meta">
                    <span className="tag capitalize">{item.type}</span> {dateLabel(item.date)}
                  </p>
                  <h2 className="card-title">{item.title}</h2>
                  <p>{item.snippet}</p>
                  <span className="tag">{item.badge}</span>
                </li>
              ))}
            </ul>
            {query.hasNextPage && (
              <button type="button" className="btn btn-outline btn-block" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading…' : 'Show More'}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
