import { useEffect, useState } from 'react';
import { onSeriousError } from '../lib/errors';

export function CriticalErrorOverlay() {
  const [open, setOpen] = useState(false);
  useEffect(() => onSeriousError(() => setOpen(true)), []);
  if (!open) return null;
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-labelledby="critical-error-text">
      <div className="overlay-panel">
        <p id="critical-error-text">
          We&apos;re experiencing a technical issue that prevents the app from loading properly. This usually
          resolves with a refresh.
        </p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Refresh App
          </button>
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            Try Continue
          </button>
        </div>
      </div>
    </div>
  );
}
