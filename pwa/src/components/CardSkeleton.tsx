// Placeholder cards while something loads: grey lines where the text will be,
// announced once to screen readers by `label`.

export function CardSkeleton({ label, count = 1 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="stack">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-group">
          <div className="skeleton skeleton-line short" />
          <div className="skeleton skeleton-line wide" />
          <div className="skeleton skeleton-line" />
        </div>
      ))}
    </div>
  );
}
