// /wellness-score: the Daily Wellness Check. Rate five statements, get a score
// and grade (rules in manna-core), saved once per day and synced later.

import { use, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import type { Grade } from '../../generated/records';
import { newRecordId, saveRecord } from '../../sync/useRecords';
import { loadCore, todayIn } from '../../wasm/core';
import { STATEMENTS } from './statements';

export default function WellnessScorePage() {
  const core = use(loadCore());
  const [ratings, setRatings] = useState<(number | null)[]>(STATEMENTS.map(() => null));
  const [result, setResult] = useState<{ score: number; grade: Grade } | null>(null);
  const [saving, setSaving] = useState(false);
  const complete = ratings.every((r) => r !== null);

  async function score() {
    const values = ratings as number[];
    const scored = core.wellnessScore(values);
    setSaving(true);
    try {
      const date = todayIn(core);
      await saveRecord('wellnessScores', await newRecordId('wellnessScores', { date }), 'put', {
        date,
        score: scored.score,
        grade: scored.grade,
        responses: Object.fromEntries(values.map((v, i) => [String(i + 1), v])),
      });
      setResult(scored);
      toast({ title: 'Wellness score saved!', description: `${scored.score} of 25: ${scored.grade}` });
    } catch (error) {
      toast({
        title: 'Error saving score',
        description: error instanceof Error && error.message ? error.message : 'There was a problem saving your wellness score. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  if (result) {
    return (
      <>
        <PageHeader title="Daily Wellness Check" />
        <main className="page">
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
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Daily Wellness Check" />
      <main className="page">
        <p>Rate each statement from 1 (not at all) to 5 (completely) for today.</p>
        {STATEMENTS.map((statement, i) => (
          <fieldset key={statement} className="card rating">
            <legend>{statement}</legend>
            <div className="rating-scale">
              {[1, 2, 3, 4, 5].map((n) => (
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
          </fieldset>
        ))}
        {complete ? (
          <button type="button" className="btn btn-primary" onClick={() => void score()} disabled={saving}>
            Get My Score
          </button>
        ) : (
          <p className="muted" role="status">
            {ratings.filter((r) => r === null).length} statements left to rate.
          </p>
        )}
      </main>
    </>
  );
}
