// What the critical error overlay says, and its two ways out. Loaded once the
// page is idle (CriticalErrorOverlay.tsx), so it is at hand when needed and
// the first screen carries none of it.

export default function CriticalErrorPanel({ onClose }: { onClose: () => void }) {
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
          <button type="button" className="btn" onClick={onClose}>
            Try Continue
          </button>
        </div>
      </div>
    </div>
  );
}
