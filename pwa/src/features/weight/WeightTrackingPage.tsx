// /weight-tracking: log today's weight (kept on this device, synced later),
// progress figures from manna-core, a milestone banner and recent entries.

import { use, useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { StorageUnavailable } from '../../components/StorageUnavailable';
import { toast } from '../../components/toast';
import { saveRecord, useRecords } from '../../sync/useRecords';
import { dailyId } from '../../sync/protocol';
import { loadCore, todayIn } from '../../wasm/core';

const MOODS = ['great', 'good', 'okay', 'struggling'] as const;
const RECENT = 7;

const lbs = (tenths: number) => `${(tenths / 10).toFixed(1)} lbs`;

export default function WeightTrackingPage() {
  const core = use(loadCore());
  const today = todayIn(core);
  const { value: records, failed } = useRecords('weightEntries');
  const [weight, setWeight] = useState('');
  const [date, setDate] = useState(today);
  const [mood, setMood] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const entries = (records ?? [])
    .map((r) => ({ id: r.id, ...(r.fields as { weight: number; date: string; mood: string | null; notes: string | null }) }))
    .sort((a, b) => b.date.localeCompare(a.date));
  const progress = core.weightProgress(entries.map((e) => e.date), entries.map((e) => e.weight), today);
  const loggedToday = entries.some((e) => e.date === today);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(weight);
    if (!weight.trim() || !Number.isFinite(value) || value < 0.1 || value > 1500) {
      setError('Please enter your weight in pounds (0.1 to 1500).');
      return;
    }
    setError('');
    setSaving(true);
    try {
      await saveRecord('weightEntries', dailyId('weight', date), 'put', {
        weight: Math.round(value * 10),
        date,
        notes: notes.trim() || null,
        mood: mood || null,
      });
      toast({ title: 'Weight Logged!', description: `${value.toFixed(1)} lbs saved for ${date}.` });
      setWeight('');
      setNotes('');
      setMood('');
      setDate(today);
    } catch {
      toast({ title: 'Error', description: 'Failed to log weight. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageHeader title="Weight Tracking" />
      <main className="page">
        {loggedToday ? (
          <section className="card done-card" aria-live="polite">
            <h2 className="card-title">Already Logged Today!</h2>
            <p>You have recorded today&apos;s weight. Come back tomorrow to keep your streak going.</p>
          </section>
        ) : (
          <form className="card form" onSubmit={submit} noValidate aria-labelledby="log-title">
            <h2 id="log-title" className="card-title">Log Your Weight</h2>
            <label>
              Weight (lbs)
              <input
                name="weight"
                type="number"
                inputMode="decimal"
                step="0.1"
                min="0.1"
                max="1500"
                value={weight}
                onChange={(e) => setWeight(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'weight-error' : undefined}
                required
              />
            </label>
            {error && (
              <p id="weight-error" className="field-error" role="alert">
                {error}
              </p>
            )}
            <label>
              Date
              <input name="date" type="date" value={date} max={today} onChange={(e) => setDate(e.target.value || today)} />
            </label>
            <label>
              Mood (optional)
              <select name="mood" value={mood} onChange={(e) => setMood(e.target.value)}>
                <option value="">Choose a mood</option>
                {MOODS.map((m) => (
                  <option key={m} value={m}>
                    {m[0].toUpperCase() + m.slice(1)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Notes (optional)
              <textarea name="notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
            </label>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Log Weight'}
            </button>
          </form>
        )}

        {progress.milestoneReached && (
          <section className="milestone" role="status">
            <strong>Milestone reached:</strong> {progress.milestoneReached}
          </section>
        )}

        <section className="stats" aria-label="Your progress">
          <div className="stat">
            <span className="stat-label">Current</span>
            <span className="stat-value">{entries[0] ? lbs(entries[0].weight) : '—'}</span>
          </div>
          <div className="stat">
            <span className="stat-label">Total loss</span>
            <span className="stat-value">{lbs(progress.totalLoss)}</span>
          </div>
          <div className="stat">
            <span className="stat-label">Weekly average</span>
            <span className="stat-value">{progress.weeklyAverage ? lbs(progress.weeklyAverage) : '—'}</span>
          </div>
          <div className="stat">
            <span className="stat-label">Monthly average</span>
            <span className="stat-value">{progress.monthlyAverage ? lbs(progress.monthlyAverage) : '—'}</span>
          </div>
          <div className="stat">
            <span className="stat-label">Streak</span>
            <span className="stat-value">
              {progress.streakDays} {progress.streakDays === 1 ? 'day' : 'days'}
            </span>
          </div>
        </section>

        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title" className="card-title">Recent Entries</h2>
          {failed ? (
            <StorageUnavailable what="weight entries" />
          ) : records === undefined ? (
            <p role="status">Loading entries...</p>
          ) : entries.length === 0 ? (
            <p className="muted">No entries yet. Log your first weight above.</p>
          ) : (
            <>
              <ul className="entry-list">
                {entries.slice(0, RECENT).map((e) => (
                  <li key={e.id} className="entry">
                    <span className="entry-date">{e.date}</span>
                    <strong>{lbs(e.weight)}</strong>
                    {e.mood && <span className="tag">{e.mood}</span>}
                    {e.notes && <span className="muted small">{e.notes}</span>}
                  </li>
                ))}
              </ul>
              {entries.length > RECENT && <p className="muted">And {entries.length - RECENT} more entries...</p>}
            </>
          )}
        </section>
      </main>
    </>
  );
}
