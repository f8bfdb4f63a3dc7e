// Shown in place of a list whose records could not be read from this device's
// storage (IndexedDB refused to open, e.g. in a private window that blocks it).

export function StorageUnavailable({ what }: { what: string }) {
  return (
    <div className="storage-unavailable" role="alert">
      <p>
        Your {what} could not be read from this device&apos;s storage. Reload the page to try again; if this keeps
        happening, check that this browser lets sites store data (some private windows do not).
      </p>
      <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
