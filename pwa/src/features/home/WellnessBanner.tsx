interface Props {
  now: Date;
  dayOfYear: number;
  refreshing: boolean;
  onRefresh: () => void;
}

export function WellnessBanner({ now, dayOfYear, refreshing, onRefresh }: Props) {
  const date = now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = now.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return (
    <section className="banner" aria-labelledby="banner-title">
      <div>
        <h2 id="banner-title">Today&apos;s Wellness Inspiration</h2>
        <p className="banner-date">{date}</p>
      </div>
      <div className="banner-side">
        <span className="day-badge">Day {dayOfYear}</span>
        <time className="banner-time" dateTime={now.toISOString()}>
          {time}
        </time>
        <button
          type="button"
          className="icon-btn"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={refreshing ? 'Refreshing content' : 'Refresh content'}
          title="Refresh content"
        >
          <span aria-hidden="true" className={refreshing ? 'spin' : undefined}>
            ↻
          </span>
        </button>
      </div>
    </section>
  );
}
