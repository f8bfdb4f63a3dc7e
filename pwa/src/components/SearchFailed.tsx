// What a search that runs on the server shows when it failed: offline, or the
// server could not answer; Try again asks once more.

export function SearchFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <section className="card" role="alert">
      <p>{offline ? `${what} needs a connection. You are offline right now.` : `${what} couldn't be done. Please try again.`}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
