// What a page shows in place of a content list it could not get: offline with
// no saved copy, the server failing, or an empty list. Try again asks once more.

export function ListUnavailable(props: {
  what: string;
  /** No network and no copy saved on the device. */
  offline: boolean;
  failed: boolean;
  onRetry: () => void;
  emptyText?: string;
}) {
  const { what } = props;
  return (
    <section className="card empty" role="status">
      <p>
        {props.offline
          ? `You are offline, and ${what} are not saved on this device yet. Open this page once with a connection.`
          : props.failed
            ? `${what[0].toUpperCase()}${what.slice(1)} couldn't be loaded.`
            : (props.emptyText ?? `No ${what.replace(/^the /, '')} are available right now.`)}
      </p>
      <button type="button" className="btn btn-outline" onClick={props.onRetry}>
        Try again
      </button>
    </section>
  );
}
