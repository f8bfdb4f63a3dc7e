// /wellness-score: the Daily Wellness Check. Rate five statements, get a score
// and grade (rules in manna-core), saved once per day and synced later. A
// check the server refused shows here; Fix puts its ratings back to be saved
// again under its own day.

import { use, useState } from 'react';
import { Link } from '../../lib/router';
import { RefusalNote, useFixFocus } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { WELLNESS_HIGHEST_RATING, WELLNESS_LOWEST_RATING, type FieldError, type Grade } from '../../generated/records';
import { counted } from '../../lib/words';
import { useRecords } from '../../sync/useRecords';
import { type RefusedOf } from '../../sync/useRefused';
import { newRecordId, RecordRefused, saveRecord } from '../../sync/saveRecords';
import { TableRefusals } from '../refusals';
import { loadCore, todayIn } from '../../wasm/core';
import { loadTools } from '../../wasm/tools';
import { STATEMENTS } from './statements';
import { dayLabel, recordDate } from '../../lib/dates';

/** The choices of each statement. */
const SCALE = Array.from({ length: WELLNESS_HIGHEST_RATING - WELLNESS_LOWEST_RATING + 1 }, (_, i) => WELLNESS_LOWEST_RATING + i);

const FIELD_LABELS = { responses: 'Your ratings', score: 'Score', grade: 'Grade', date: 'Day' };

/** A refused check being fixed: saved again as the check of its own day.
 *  `local`: why this device's rules refused it too (the server's reason shows
 *  above the form). */
interface Fixing {
  id: string;
  date: string;
  local?: FieldError;
}

export default function WellnessScorePage() {
  const core = use(loadCore());
  const [ratings, setRatings] = useState<(number | null)[]>(STATEMENTS.map(() => null));
  const [result, setResult] = useState<{ score: number; grade: Grade } | null>(null);
  const [saving, setSaving] = useState(false);
  const [fixing, setFixing] = useState<Fixing | null>(null);
  const { ref, focusAfterFix } = useFixFocus<HTMLDivElement>();
  const complete = ratings.every((r) => r !== null);

  async function score() {
    const values = ratings as number[];
    const scored = core.wellnessScore(values);
    setSaving(true);
    try {
      const date = fixing?.date ?? todayIn(core);
      await saveRecord('wellnessScores', fixing?.id ?? (await newRecordId('wellnessScores', { date })), 'put', {
        date,
        score: scored.score,
        grade: scored.grade,
        responses: Object.fromEntries(values.map((v, i) => [String(i + 1), v])),
      });
      setResult(scored);
      setFixing(null);
      toast({ title: 'Wellness score saved!', description: `${scored.score} of 25: ${scored.grade}` });
    } catch (error) {
      if (error instanceof RecordRefused && fixing) setFixing({ ...fixing, local: error.refusal });
      toast({
        title: 'Error saving score',
        description: error instanceof Error && error.message ? error.message : 'There was a problem saving your wellness score. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  function fix(change: RefusedOf<'wellnessScores'>) {
    const responses = change.fields.responses ?? {};
    setRatings(STATEMENTS.map((_, i) => SCALE.find((n) => n === responses[String(i + 1)]) ?? null));
    setFixing({ id: change.id, date: change.fields.date });
    setResult(null);
    focusAfterFix();
  }

  const refusals = (
    <TableRefusals
      table="wellnessScores"
      what="wellness checks"
      describe={(f) => `your wellness check of ${dayLabel(f.date)}`}
      fieldLabels={FIELD_LABELS}
      fix={fix}
      onDiscarded={(c) => {
        if (fixing?.id === c.id) setFixing(null);
      }}
    />
  );

  if (result) {
    return (
      <>
        <PageHeader title="Daily Wellness Check" />
        <main className="page">
          {refusals}
          <section className="card result" aria-live="polite">
            <h2 className="card-title">Your Wellness Score</h2>
            <p className="score">
              <strong>{result.score}</strong> / 25
            </p>
            <p className="grade">{result.grade}</p>
            <div className="row">
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setResult(null);
                  setRatings(STATEMENTS.map(() => null));
                }}
              >
                Take Test Again
              </button>
              <Link className="btn btn-primary" to="/">
                Continue Journey
              </Link>
            </div>
          </section>
          <ScoreHistoryView today={todayIn(core)} />
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Daily Wellness Check" />
      <main className="page">
        {refusals}
        <div ref={ref} className="page-part" tabIndex={-1}>
          {fixing ? (
            <p>
              Fixing your check of <strong>{dayLabel(fixing.date)}</strong>: your ratings are back. Rate any statement left empty, then get
              your score to save it again.
            </p>
          ) : (
            <p>Rate each statement from 1 (not at all) to 5 (completely) for today.</p>
          )}
          {fixing?.local && <RefusalNote refusal={fixing.local} controls={[]} fieldLabels={FIELD_LABELS} />}
          {STATEMENTS.map((statement, i) => {
            const unrated = fixing !== null && ratings[i] === null;
            return (
              <fieldset
                key={statement}
                className={`card rating ${unrated ? 'field-invalid' : ''}`}
                aria-invalid={unrated || undefined}
                aria-describedby={unrated ? `statement-${i + 1}-error` : undefined}
              >
                <legend>{statement}</legend>
                <div className="rating-scale">
                  {SCALE.map((n) => (
                    <label key={n} className={`rating-choice ${ratings[i] === n ? 'chosen' : ''}`}>
                      <input
                        type="radio"
                        name={`statement-${i + 1}`}
                        value={n}
                        checked={ratings[i] === n}
                        onChange={() => setRatings((r) => r.map((x, j) => (j === i ? n : x)))}
                      />
                      {n}
                    </label>
                  ))}
                </div>
                {unrated && (
                  <p id={`statement-${i + 1}-error`} className="field-error">
                    Please rate this statement from {WELLNESS_LOWEST_RATING} to {WELLNESS_HIGHEST_RATING}.
                  </p>
                )}
              </fieldset>
            );
          })}
          {complete ? (
            <button type="button" className="btn btn-primary" onClick={() => void score()} disabled={saving}>
              Get My Score
            </button>
          ) : (
            <p className="muted" role="status">
              {counted(ratings.filter((r) => r === null).length, 'statement', 'statements')} left to rate.
            </p>
          )}
        </div>
        <ScoreHistoryView today={todayIn(core)} />
      </main>
    </>
  );
}

/** The last 30 checks, newest first, and this week against the week before
 *  (rules in manna-core). */
function ScoreHistoryView({ today }: { today: string }) {
  const tools = use(loadTools());
  const records = useRecords('wellnessScores');
  const checks = (records.value ?? []).map((r) => r.fields);
  if (!records.value || checks.length === 0) return null;
  const history = tools.scoreHistory(
    checks.map((c) => c.date),
    checks.map((c) => c.score),
    today,
  );
  const grades = new Map(checks.map((c) => [c.date, c.grade]));
  const week = history.thisWeek.average;
  const before = history.weekBefore.average;
  const change = history.change ?? 0;
  const trend =
    week === null
      ? 'No check in the last 7 days.'
      : before === null
        ? `This week's average: ${week.toFixed(1)} of 25.`
        : `This week's average: ${week.toFixed(1)} of 25, ${
            history.trend === 'up' ? `up ${change.toFixed(1)}` : history.trend === 'down' ? `down ${Math.abs(change).toFixed(1)}` : 'about the same as'
          }${history.trend === 'steady' ? '' : ' from'} the week before (${before.toFixed(1)}).`;
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="card-title">
        Your Last Checks
      </h2>
      <p className={`trend trend-${history.trend}`}>{trend}</p>
      <ol className="plain-list score-history">
        {history.checks.map((c) => (
          <li key={c.date} className="entry">
            <time className="entry-date" dateTime={c.date}>
              {recordDate(c.date)}
            </time>
            <strong>{c.score} / 25</strong>
            <span className="muted small">{grades.get(c.date)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
