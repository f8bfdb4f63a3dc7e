// "Download for offline" as the reader shows it: the progress of a whole
// translation kept on this device, with Cancel, Resume and Remove (download.ts).

import { useEffect, useSyncExternalStore } from 'react';
import { cancelDownload, countSaved, downloadState, removeDownload, startDownload, subscribe } from './download';
import { onChapterKept, TRANSLATIONS, type TranslationId } from './scripture';

/** `opened`: the chapter shown (once it is here, it is kept, and counted). */
export function OfflineDownload({ translation, opened }: { translation: TranslationId; opened: string | null }) {
  const state = useSyncExternalStore(subscribe, () => downloadState(translation));
  const name = TRANSLATIONS.find((t) => t.id === translation)!;
  useEffect(() => {
    void countSaved(translation).catch(() => undefined);
  }, [translation, opened]);
  // A chapter opened is kept a moment after it shows: counted then.
  useEffect(
    () =>
      onChapterKept((kept) => {
        if (kept === translation) void countSaved(kept).catch(() => undefined);
      }),
    [translation],
  );
  const percent = Math.floor((state.saved / state.total) * 100);
  const label = `${state.saved.toLocaleString()} of ${state.total.toLocaleString()} chapters`;
  return (
    <section className="card reader-download" aria-labelledby="download-title">
      <h2 id="download-title" className="section-title">
        Download for offline
      </h2>
      <p className="muted small">
        Keep the whole {name.name} on this device (about 4 MB) to read and search it with no signal. Chapters you open are kept
        anyway.
      </p>
      {state.phase !== 'idle' && (
        <>
          <div
            className="progress"
            role="progressbar"
            aria-label={`${name.short} on this device`}
            aria-valuemin={0}
            aria-valuemax={state.total}
            aria-valuenow={state.saved}
            aria-valuetext={label}
          >
            <div className="progress-fill download-fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="small" role="status">
            {state.phase === 'done'
              ? `The whole ${name.short} is on this device.`
              : state.phase === 'running'
                ? `Downloading${state.book ? ` ${state.book}` : ''}… ${label}`
                : `${label} on this device.`}
          </p>
        </>
      )}
      {state.message && (
        <p className={state.phase === 'failed' ? 'field-error' : 'small'} role="alert">
          {state.message}
        </p>
      )}
      <div className="row">
        {state.phase === 'running' ? (
          <button type="button" className="btn btn-outline" onClick={() => cancelDownload(translation)}>
            Cancel
          </button>
        ) : state.phase !== 'done' ? (
          <button type="button" className="btn btn-primary" onClick={() => void startDownload(translation)} disabled={state.phase === 'idle'}>
            {state.phase === 'failed' || state.message ? 'Resume download' : `Download the ${name.short}`}
          </button>
        ) : null}
        {state.phase !== 'running' && state.saved > 0 && (
          <button type="button" className="btn btn-danger" onClick={() => void removeDownload(translation)}>
            Remove from this device
          </button>
        )}
      </div>
    </section>
  );
}
