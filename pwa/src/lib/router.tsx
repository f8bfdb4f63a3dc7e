// The app's router: which page an address shows (<Routes>), the links and calls
// that change the address, and the hooks a page reads it with. The address
// itself lives in a History (history.ts). Paths are always written from the
// site's root ('/read/kjv/Gen/1'); a query alone is only ever changed through
// useSearchParams (searchParams.tsx, with Navigate).

import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useTransition,
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { browserHistory, memoryHistory, type AppLocation, type History, type HistoryAction } from './history';

export type { AppLocation } from './history';

/** A route's named parts (`:id` → `id`; a trailing `*` → `*`), decoded. */
export type Params = Readonly<Partial<Record<string, string>>>;

export interface NavigateOptions {
  /** Takes the current step of Back instead of adding one. */
  replace?: boolean;
  /** Handed to the next page as `useLocation().state`. */
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  /** -1 is Back, 1 is Forward. */
  (delta: number): void;
}

const HistoryContext = createContext<History | null>(null);
const LocationContext = createContext<AppLocation | null>(null);
const ParamsContext = createContext<Params>({});

/** How long a page that is still loading is waited for to grow tall enough
 *  to return to where the person was (Back), unless they scroll first. */
const RESTORE_FOR_MS = 5000;

/**
 * Where each page was left, and where the next opens: a new page at its
 * top (or at its #anchor), the same page with another query where it was,
 * and a page returned to with Back or Forward where the person left it.
 */
function useScrollKeeping(keep: boolean, history: History, location: AppLocation) {
  const positions = useRef(new Map<string, number>());
  const last = useRef<{ key: string; pathname: string; how: HistoryAction }>({ key: location.key, pathname: location.pathname, how: 'pop' });
  useLayoutEffect(() => {
    if (!keep) return;
    window.history.scrollRestoration = 'manual';
    // Noted as the address changes, before the next page is drawn.
    return history.listen((how) => {
      positions.current.set(last.current.key, window.scrollY);
      last.current = { ...last.current, how };
    });
  }, [keep, history]);
  useLayoutEffect(() => {
    const was = last.current;
    if (!keep || was.key === location.key) return;
    last.current = { key: location.key, pathname: location.pathname, how: was.how };
    if (was.how !== 'pop') {
      if (location.pathname !== was.pathname && !location.hash) window.scrollTo(0, 0);
      return;
    }
    const top = positions.current.get(location.key) ?? 0;
    const until = Date.now() + RESTORE_FOR_MS;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const event of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(event, stop);
    };
    const attempt = () => {
      window.scrollTo(0, top);
      if (Math.abs(window.scrollY - top) > 1 && Date.now() < until) frame = requestAnimationFrame(attempt);
      else stop();
    };
    for (const event of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(event, stop, { passive: true });
    attempt();
    return stop;
  }, [keep, location]);
}

/** `keepScroll`: the page is the browser's (a test's router in memory has none). */
function Router({ history, keepScroll = false, children }: { history: History; keepScroll?: boolean; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  const [moving, move] = useTransition();
  useLayoutEffect(
    () =>
      // In a transition, the page shown stays up until the next one (whose
      // code may still be loading) is ready, instead of giving way to a spinner.
      history.listen(() => move(() => setLocation(history.location))),
    [history],
  );
  useScrollKeeping(keepScroll, history, location);
  return (
    <HistoryContext value={history}>
      <LocationContext value={location}>{children}</LocationContext>
      {/* Meanwhile a bar across the top answers the tap at once. */}
      {moving && <div className="route-pending" aria-hidden="true" />}
    </HistoryContext>
  );
}

/** The app's router, on the browser's address bar and its Back and Forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => browserHistory(window));
  return (
    <Router history={history} keepScroll>
      {children}
    </Router>
  );
}

/** A router for tests: it starts at the last of `initialEntries` (default '/'). */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

const OUTSIDE = 'The router hooks and links work only inside <BrowserRouter> or <MemoryRouter>.';

function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error(OUTSIDE);
  return history;
}

/** The address shown, with what the navigation to it passed along. */
export function useLocation(): AppLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error(OUTSIDE);
  return location;
}

export function useNavigate(): NavigateFunction {
  const history = useHistory();
  return useCallback(
    (to: string | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    [history],
  );
}

export interface PathMatch {
  params: Params;
  /** The part of the address the pattern matched. */
  pathname: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `pathname` is an address of `pattern`: fixed segments, `:name` for
 * any one segment, and a trailing `*` for whatever follows. Letter case is
 * ignored and trailing slashes are allowed, so '/Settings/' is '/settings'.
 */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  const names: string[] = [];
  let source = '';
  for (const segment of pattern.replace(/\/?\*$/, '').split('/')) {
    if (!segment) continue;
    if (segment.startsWith(':')) names.push(segment.slice(1));
    source += segment.startsWith(':') ? '/([^/]+)' : `/${escapeRegExp(segment)}`;
  }
  const rest = pattern.endsWith('*');
  if (rest) names.push('*');
  const tail = !rest ? '/*' : source ? '(?:/(.+)|/*)' : '/(.*)';
  const found = new RegExp(`^${source}${tail}$`, 'i').exec(pathname);
  if (!found) return null;
  // Routes keeps a '/' inside a segment escaped (see decodeSegments) so that
  // it does not split the segment; the page gets it as a '/'.
  const params = Object.fromEntries(names.map((name, i) => [name, (found[i + 1] ?? '').replace(/%2F/g, '/')]));
  return { params, pathname: found[0] };
}

/** The address with its %-escapes decoded, a segment at a time. */
function decodeSegments(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    // A malformed escape: the address is matched as it is written.
    return pathname;
  }
}

export interface RouteProps {
  /** A pattern as matchPath reads it. */
  path: string;
  element: ReactNode;
}

/** One entry of <Routes>: `element` is the page at the addresses of `path`. It renders nothing itself. */
export const Route: (props: RouteProps) => null = () => null;

/**
 * The page of the first <Route> whose path matches the address, a catch-all
 * ('*') only when no other does; nothing when none matches. Two addresses of
 * the same page keep it mounted (its state too) from one to the other.
 */
export function Routes({ children }: { children: ReactNode }) {
  const pathname = decodeSegments(useLocation().pathname);
  const routes = Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement(child));
  const catchAll = (route: ReactElement<RouteProps>) => route.props.path.endsWith('*');
  for (const route of [...routes.filter((r) => !catchAll(r)), ...routes.filter(catchAll)]) {
    const match = matchPath(route.props.path, pathname);
    if (match) return <ParamsContext value={match.params}>{route.props.element}</ParamsContext>;
  }
  return null;
}

/** The named parts of the address, as the route that shows this page names them. */
export function useParams(): Params {
  return useContext(ParamsContext);
}

export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A path from the site's root, with any query and #fragment. */
  to: string;
  replace?: boolean;
  state?: unknown;
};

/**
 * A real link (<a href>), so it works from the keyboard, for screen readers
 * and in "open in a new tab". A plain left click changes the page in the app;
 * a click with a modifier key, another button, or on a link with its own
 * target is left to the browser.
 */
export function Link({ to, replace, state, onClick, ...props }: LinkProps) {
  const history = useHistory();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const leftToBrowser =
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (props.target !== undefined && props.target !== '_self');
    if (leftToBrowser) return;
    event.preventDefault();
    const { pathname, search, hash } = history.location;
    // A link to the page already shown adds no step to Back.
    if (replace ?? to === pathname + search + hash) history.replace(to, state);
    else history.push(to, state);
  };
  return <a {...props} href={to} onClick={follow} />;
}
