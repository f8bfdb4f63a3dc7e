// The address the app is at and the addresses behind it: the browser's own
// history in the app, a list in memory in tests. The router (router.tsx)
// reads and changes the address only through a History from here.

/** Where the app is, and what the navigation that brought it here passed along. */
export interface AppLocation {
  pathname: string;
  /** '' or '?…', as window.location gives it. */
  search: string;
  /** '' or '#…'. */
  hash: string;
  /** What `navigate(to, { state })` or `<Link state>` passed; null when nothing. */
  state: unknown;
  /** Tells one visit to an address from another; 'default' for the page first opened. */
  key: string;
}

export type HistoryAction = 'push' | 'replace' | 'pop';

export interface History {
  /** The current address: the same object until the address changes. */
  readonly location: AppLocation;
  /** Goes to `to` (a path from the site's root) as a new step of Back. */
  push(to: string, state?: unknown): void;
  /** Goes to `to` in place of the current step. */
  replace(to: string, state?: unknown): void;
  /** Back (-1) or forward (1) through the steps. */
  go(delta: number): void;
  /** Calls `onChange` after every change of address, Back and Forward
   *  included, with how it came: a new step, one taken in place, or a step
   *  back or forward through those already there. */
  listen(onChange: (how: HistoryAction) => void): () => void;
}

/** What the app keeps in each of the browser's history entries (it survives a reload). */
interface Entry {
  state: unknown;
  key: string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `/a?b#c` in its three parts; a lone '?' or '#' counts as none. */
export function parsePath(path: string): Pick<AppLocation, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.includes('#') ? path.indexOf('#') : path.length;
  const searchAt = path.slice(0, hashAt).includes('?') ? path.indexOf('?') : hashAt;
  const part = (text: string) => (text.length > 1 ? text : '');
  return { pathname: path.slice(0, searchAt) || '/', search: part(path.slice(searchAt, hashAt)), hash: part(path.slice(hashAt)) };
}

function listeners() {
  const all = new Set<(how: HistoryAction) => void>();
  return {
    notify: (how: HistoryAction) => all.forEach((onChange) => onChange(how)),
    add(onChange: (how: HistoryAction) => void) {
      all.add(onChange);
      return () => {
        all.delete(onChange);
      };
    },
    get size() {
      return all.size;
    },
  };
}

/** The browser's history: the address bar, Back and Forward. */
export function browserHistory(win: Window): History {
  const changes = listeners();
  let seen: { href: string; entry: unknown; location: AppLocation } | null = null;
  const current = (): AppLocation => {
    const { href, pathname, search, hash } = win.location;
    const entry: unknown = win.history.state;
    if (seen?.href !== href || seen.entry !== entry) {
      const kept = typeof entry === 'object' && entry !== null ? (entry as Partial<Entry>) : {};
      seen = { href, entry, location: { pathname, search, hash, state: kept.state ?? null, key: kept.key ?? 'default' } };
    }
    return seen.location;
  };
  const onPop = () => changes.notify('pop');
  return {
    get location() {
      return current();
    },
    push(to, state = null) {
      const entry: Entry = { state, key: newKey() };
      try {
        win.history.pushState(entry, '', to);
      } catch (error) {
        // A state the browser cannot keep is the caller's mistake. Any other
        // refusal (Safari limits how fast pages may add entries) loads the
        // address the ordinary way instead.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        win.location.assign(to);
        return;
      }
      changes.notify('push');
    },
    replace(to, state = null) {
      const entry: Entry = { state, key: newKey() };
      win.history.replaceState(entry, '', to);
      changes.notify('replace');
    },
    go(delta) {
      // The browser answers with a popstate event, which notifies.
      win.history.go(delta);
    },
    listen(onChange) {
      if (changes.size === 0) win.addEventListener('popstate', onPop);
      const stop = changes.add(onChange);
      return () => {
        stop();
        if (changes.size === 0) win.removeEventListener('popstate', onPop);
      };
    },
  };
}

/** A history in memory, for tests: it starts at the last of `paths`. */
export function memoryHistory(paths: string[] = ['/']): History {
  const changes = listeners();
  const at = (path: string, state: unknown, key = newKey()): AppLocation => ({ ...parsePath(path), state, key });
  const entries = paths.map((path, i) => at(path, null, i === 0 ? 'default' : undefined));
  let index = entries.length - 1;
  return {
    get location() {
      return entries[index];
    },
    push(to, state = null) {
      index += 1;
      entries.splice(index, entries.length, at(to, state));
      changes.notify('push');
    },
    replace(to, state = null) {
      entries[index] = at(to, state);
      changes.notify('replace');
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      changes.notify('pop');
    },
    listen: (onChange) => changes.add(onChange),
  };
}
