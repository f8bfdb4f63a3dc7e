// A promise React's `use()` can read at once once it has settled.
//
// `use(promise)` suspends the first time it meets a promise it has not seen
// settle, even one that already has; React reads `status` and `value` (or
// `reason`) on the promise to know better. Marking our memoised promises this
// way lets a page call `use()` on them unconditionally and still render at
// once when the thing is loaded. Calling `use()` only sometimes (such as
// `loaded() ?? use(load())`) is not an option: when React replays a
// component after the promise settles, the component must call `use()` again
// or its next hook throws ("Update hook called on initial render").

type Readable<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** Marks `promise` with its outcome as it settles (in place); answers it. */
export function readable<T>(promise: Promise<T>): Promise<T> {
  const p = promise as Readable<T>;
  p.then(
    (value) => {
      p.status = 'fulfilled';
      p.value = value;
    },
    (reason: unknown) => {
      p.status = 'rejected';
      p.reason = reason;
    },
  );
  return promise;
}
