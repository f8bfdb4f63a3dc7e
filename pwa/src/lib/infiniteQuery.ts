// useInfiniteQuery: a list read a page at a time, kept in the query cache as
// the pages fetched so far. Its own file, so that only the page that uses it
// (the archive) loads it.

import { useState } from 'react';
import { useEntry, useQueryClient, type QueryOptions, type QueryResult } from './query';
import { noop } from './queryClient';

export interface InfiniteData<P, Q> {
  pages: P[];
  pageParams: Q[];
}

export interface InfiniteQueryOptions<P, Q> extends Omit<QueryOptions<InfiniteData<P, Q>>, 'queryFn' | 'initialData'> {
  /** One page: the first is `initialPageParam`'s. */
  queryFn: (context: { pageParam: Q }) => Promise<P>;
  initialPageParam: Q;
  /** The param of the page after `lastPage`; undefined (or null) when it is the last. */
  getNextPageParam: (lastPage: P) => Q | undefined | null;
}

export type InfiniteQueryResult<P, Q> = QueryResult<InfiniteData<P, Q>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Adds the next page (in place of any fetch under way); never fails. */
  fetchNextPage: () => Promise<void>;
};

/**
 * A list read a page at a time. Its entry holds the pages fetched so far;
 * fetching it again (a refetch, or invalidateQueries) fetches as many pages
 * again, from the first.
 */
export function useInfiniteQuery<P, Q>({ queryFn, initialPageParam, getNextPageParam, ...options }: InfiniteQueryOptions<P, Q>): InfiniteQueryResult<P, Q> {
  const client = useQueryClient();
  const held = () => client.getQueryData<InfiniteData<P, Q>>(options.queryKey);
  const pagesAgain = async (): Promise<InfiniteData<P, Q>> => {
    const before = held();
    const count = before?.pages.length || 1;
    const again: InfiniteData<P, Q> = { pages: [], pageParams: [] };
    let param: Q | undefined | null = before?.pageParams[0] ?? initialPageParam;
    while (again.pages.length < count && param != null) {
      again.pages.push(await queryFn({ pageParam: param }));
      again.pageParams.push(param);
      param = getNextPageParam(again.pages[again.pages.length - 1]);
    }
    return again;
  };
  const nextPage = async (): Promise<InfiniteData<P, Q>> => {
    const pages = held();
    if (!pages?.pages.length) return pagesAgain();
    const param = getNextPageParam(pages.pages[pages.pages.length - 1]);
    if (param == null) return pages;
    const page = await queryFn({ pageParam: param });
    return { pages: [...pages.pages, page], pageParams: [...pages.pageParams, param] };
  };
  const { entry, rules, state, result } = useEntry<InfiniteData<P, Q>>({ ...options, queryFn: pagesAgain });
  // The fetch of the next page asked for last: it is the one under way until another takes its place.
  const [nextFetch, setNextFetch] = useState<Promise<unknown>>();
  const last = state.data?.pages[state.data.pages.length - 1];
  return {
    ...result,
    hasNextPage: last !== undefined && getNextPageParam(last) != null,
    isFetchingNextPage: state.fetchStatus === 'fetching' && entry.fetching === nextFetch,
    fetchNextPage: () => {
      const fetching = client.fetch(entry, { ...rules, queryFn: nextPage }, true);
      setNextFetch(fetching);
      return fetching.then(noop, noop);
    },
  };
}
