// Loading a WebAssembly module once, on first use, and remembering it: a
// failed load is forgotten so a later call can try again. Pages read it with
// `use(load())`, always (see lib/readable.ts).

import { readable } from '../lib/readable';

export interface Lazy<T> {
  /** The module's wrapper if it has finished loading (for code that must not
   *  wait; a render calls `use(load())`, which does not wait once loaded). */
  loaded(): T | null;
  load(): Promise<T>;
  /** For tests: the module initialised synchronously from its bytes (not
   *  fetched), wrapped; `loaded()` is left as it was. */
  fromBytes(bytes: BufferSource): Promise<T>;
}

export function lazyModule<P extends { default: () => Promise<unknown>; initSync: (init: { module: BufferSource }) => unknown }, T>(importer: () => Promise<P>, wrap: (pkg: P) => T): Lazy<T> {
  let loading: Promise<T> | null = null;
  let done: T | null = null;
  return {
    loaded: () => done,
    load() {
      loading ??= readable(
        importer().then(async (pkg) => {
          await pkg.default();
          done = wrap(pkg);
          return done;
        }),
      );
      loading.catch(() => {
        loading = null;
      });
      return loading;
    },
    async fromBytes(bytes) {
      const pkg = await importer();
      pkg.initSync({ module: bytes });
      return wrap(pkg);
    },
  };
}
