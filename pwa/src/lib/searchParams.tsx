// What some pages need of the router besides links: the address's query as
// a setting of the page, and a page that only forwards to another.

import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from './router';

/**
 * The address's query, and a setter that goes to this page with a new query
 * (a new step of Back unless `{ replace: true }`). Like a link to it, the new
 * address has no #fragment and no state.
 */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}

/** Goes to `to` once rendered: a page that is only ever a way to another. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
