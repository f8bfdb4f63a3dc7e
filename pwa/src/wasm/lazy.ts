// Loading a WebAssembly module once, on first use, and remembering it: a
// failed load is forgotten so a later call can try again.

export interface Lazy<T> {
  /** The module's wrapper if it has finished loading (for renders that must not wait). */
  loaded(): T | null;
  load(): Promise<T>;
}

export function lazyModule<P extends { default: () => Promise<unknown> }, T>(importer: () => Promise<P>, wrap: (pkg: P) => T): Lazy<T> {
  let loading: Promise<T> | null = null;
  let done: T | null = null;
  return {
    loaded: () => done,
    load() {
      loading ??= importer().then(async (pkg) => {
        await pkg.default();
        done = wrap(pkg);
        return done;
      });
      loading.catch(() => {
        loading = null;
      });
      return loading;
    },
  };
}
