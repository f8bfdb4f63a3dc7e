// Home's 'Current Wellness Score': the latest check and this week's average,
// from the scores on this device (they sync in the background).

import { Link } from '../../lib/router';
import { StorageUnavailable } from '../../components/StorageUnavailable';
import { useRecords } from '../../sync/useRecords';
import type { Core } from '../../wasm/core';

export function WellnessSummary({ core, today }: { core: Core; today: string }) {
  const { value: records, failed } = useRecords('wellnessScores');
  const scores = (records ?? []).map((r) => r.fields).sort((a, b) => b.date.localeCompare(a.date));
  const { average } = core.weeklyAverage(scores.map((s) => s.date), scores.map((s) => s.score), today);
  const latest = scores[0];
  return (
    <section className="card" aria-labelledby="score-title" data-card="wellness-score">
      <h2 id="score-title" className="card-title">
        Current Wellness Score
      </h2>
      {failed ? (
        <StorageUnavailable what="wellness scores" />
      ) : records === undefined ? (
        <div className="skeleton skeleton-line" role="status" aria-label="Loading wellness score" />
      ) : latest ? (
        <>
          <p className="score">
            <strong>{latest.score}</strong> / 25 · {latest.grade}
          </p>
          <p className="muted small">Last check: {latest.date}</p>
          {average !== null && <p>This week&apos;s average: {average}</p>}
          <Link className="btn btn-outline" to="/wellness-score">
            Check In Again
          </Link>
        </>
      ) : (
        <>
          <p>Start your journey with a one-minute Daily Wellness Check.</p>
          <Link className="btn btn-primary" to="/wellness-score">
            Take the Wellness Check
          </Link>
        </>
      )}
    </section>
  );
}
