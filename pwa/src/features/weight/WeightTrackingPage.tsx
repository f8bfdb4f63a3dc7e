// /weight-tracking: log today's weight (kept on this device, synced later) or
// a day missed, fix or delete an entry, progress figures from manna-core, a
// milestone banner, the chart with its goal, and recent entries.
// The record rules are the Rust ones: checked before saving, shown beside the
// field they concern; a change the server refused is shown with Fix and Discard.

import { Suspense, use, useState, type FormEvent } from 'react';
import { DateInput, EnumSelect, NumberInput, RefusalNote, TextArea, useFixFocus } from '../../components/form';
import { LiveList, type Refused } from '../../components/LiveList';
import { CardSkeleton } from '../../components/CardSkeleton';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { MAX_WEIGHT_TENTHS, MOOD_VALUES, NOTES_MAX, type FieldError, type Mood, type WeightEntry } from '../../generated/records';
import { useRecords } from '../../sync/useRecords';
import { useRefused } from '../../sync/useRefused';
import { discardRefused, newRecordId, RecordRefused, saveRecord, saveRecords } from '../../sync/saveRecords';
import { recordDate } from '../../lib/dates';
import { loadCore, todayIn } from '../../wasm/core';
import { loadTools } from '../../wasm/tools';
import { WeightChart } from './WeightChart';

const RECENT = 7;

const lbs = (tenths: number) => `${(tenths / 10).toFixed(1)} lbs`;

/** How the form names an entry's fields (also for its refusals). */
const FIELD_LABELS = { weight: 'Weight', date: 'Date', mood: 'Mood', notes: 'Notes' };

interface Form {
  weight: string;
  date: string;
  mood: Mood | '';
  notes: string;
}

/** The header at once; the log once the tools module (its rules and figures) is in. */
export default function WeightTrackingPage() {
  return (
    <>
      <PageHeader title="Weight Tracking" />
      <Suspense
        fallback={
          <main className="page">
            <CardSkeleton label="Loading your weight log" count={2} />
          </main>
        }
      >
        <WeightLog />
      </Suspense>
    </>
  );
}

function WeightLog() {
  const core = use(loadCore());
  const tools = use(loadTools());
  const today = todayIn(core);
  const records = useRecords('weightEntries');
  const refused = useRefused('weightEntries');
  const blank: Form = { weight: '', date: today, mood: '', notes: '' };
  const [form, setForm] = useState<Form>(blank);
  const [error, setError] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);
  /** A refused entry is being fixed: the form shows even if the day is logged. */
  const [fixing, setFixing] = useState(false);
  /** The entry being edited (its id), or a past day being logged. */
  const [editing, setEditing] = useState<string | null>(null);
  const [pastDay, setPastDay] = useState(false);
  const { ref: formRef, focusAfterFix } = useFixFocus();

  const entries = (records.value ?? []).map((r) => ({ id: r.id, ...r.fields })).sort((a, b) => b.date.localeCompare(a.date));
  const progress = tools.weightProgress(entries.map((e) => e.date), entries.map((e) => e.weight), today);
  const chart = tools.weightChart(entries.map((e) => e.date), entries.map((e) => e.weight));
  const loggedToday = entries.some((e) => e.date === today) && !fixing && editing === null && !pastDay;
  const errorOf = (field: keyof WeightEntry) => (error?.field === field ? error.message : undefined);

  /** A field typed into: its refusal, if shown, no longer holds. */
  function change(patch: Partial<Form>) {
    setForm({ ...form, ...patch });
    if (error && error.field in patch) setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const tenths = tools.weightTenths(form.weight);
    if (typeof tenths !== 'number') {
      setError(tenths);
      return;
    }
    const pounds = tenths / 10;
    setSaving(true);
    try {
      const entry: WeightEntry = {
        weight: tenths,
        date: form.date,
        notes: form.notes.trim() || null,
        mood: form.mood || null,
      };
      const id = await newRecordId('weightEntries', { date: form.date });
      // An entry is named by its day: a new day is a new record, the old one goes.
      const moved = editing !== null && editing !== id ? [{ table: 'weightEntries' as const, id: editing, op: 'delete' as const }] : [];
      await saveRecords([...moved, { table: 'weightEntries', id, op: 'put', fields: { ...entry } }]);
      toast({
        title: editing ? 'Entry Updated' : 'Weight Logged!',
        description: `${pounds.toFixed(1)} lbs saved for ${recordDate(form.date)}.`,
      });
      setForm(blank);
      setError(null);
      setFixing(false);
      setEditing(null);
      setPastDay(false);
    } catch (e) {
      if (e instanceof RecordRefused) setError(e.refusal);
      else toast({ title: 'Error', description: 'Failed to log weight. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  function edit(e: WeightEntry & { id: string }) {
    setForm({ weight: String(e.weight / 10), date: e.date, mood: e.mood ?? '', notes: e.notes ?? '' });
    setError(null);
    setEditing(e.id);
    setPastDay(false);
    focusAfterFix();
  }

  function logPastDay() {
    setForm({ ...blank, date: core.addDays(today, -1) });
    setError(null);
    setPastDay(true);
    focusAfterFix();
  }

  function cancel() {
    setForm(blank);
    setError(null);
    setEditing(null);
    setPastDay(false);
  }

  async function remove(e: WeightEntry & { id: string }) {
    if (!window.confirm(`Delete the entry of ${recordDate(e.date)} (${lbs(e.weight)})?`)) return;
    try {
      await saveRecord('weightEntries', e.id, 'delete');
      if (editing === e.id) cancel();
      toast({ title: 'Entry Deleted', description: `The entry of ${recordDate(e.date)} is gone from this device and will be from the others.` });
    } catch {
      toast({ title: 'Error', description: 'The entry could not be deleted. Please try again.', variant: 'destructive' });
    }
  }

  function fix(change: Refused<WeightEntry>) {
    const f = change.fields;
    setForm({ weight: String(f.weight / 10), date: f.date, mood: f.mood ?? '', notes: f.notes ?? '' });
    setError(change.refusal);
    setFixing(true);
    focusAfterFix();
  }

  return (
    <main className="page">
      {loggedToday ? (
        <section className="card done-card" aria-live="polite">
          <h2 className="card-title">Already Logged Today!</h2>
          <p>You have recorded today&apos;s weight. Come back tomorrow to keep your streak going.</p>
          <button type="button" className="btn btn-outline" onClick={logPastDay}>
            Log a past day
          </button>
        </section>
      ) : (
        <form ref={formRef} className="card form" onSubmit={submit} noValidate aria-labelledby="log-title">
          <h2 id="log-title" className="card-title">
            {editing ? 'Edit Entry' : pastDay ? 'Log a Past Day' : 'Log Your Weight'}
          </h2>
          <RefusalNote refusal={error} controls={Object.keys(FIELD_LABELS)} fieldLabels={FIELD_LABELS} />
          <NumberInput
            label="Weight (lbs)"
            name="weight"
            step="0.1"
            min={0.1}
            max={MAX_WEIGHT_TENTHS / 10}
            value={form.weight}
            error={errorOf('weight')}
            onChange={(weight) => change({ weight })}
          />
          <DateInput
            label="Date"
            name="date"
            value={form.date}
            max={today}
            error={errorOf('date')}
            onChange={(date) => change({ date: date || today })}
          />
          <EnumSelect
            label="Mood (optional)"
            name="mood"
            values={MOOD_VALUES}
            value={form.mood}
            placeholder="Choose a mood"
            error={errorOf('mood')}
            onChange={(mood) => change({ mood })}
          />
          <TextArea
            label="Notes (optional)"
            name="notes"
            value={form.notes}
            maxLength={NOTES_MAX}
            error={errorOf('notes')}
            onChange={(notes) => change({ notes })}
          />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Saving…' : editing ? 'Save Changes' : 'Log Weight'}
            </button>
            {(editing || pastDay) && (
              <button type="button" className="btn btn-outline" onClick={cancel}>
                Cancel
              </button>
            )}
          </div>
          {!editing && !pastDay && (
            <button type="button" className="link-btn" onClick={logPastDay}>
              Missed a day? Log a past day
            </button>
          )}
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

      <WeightChart points={chart} today={today} />

      <section className="card" aria-labelledby="recent-title">
        <h2 id="recent-title" className="card-title">
          Recent Entries
        </h2>
        <LiveList
          live={records}
          what="weight entries"
          loading="Loading entries..."
          refused={refused}
          describe={(f) => `${lbs(f.weight)} on ${recordDate(f.date)}`}
          fieldLabels={FIELD_LABELS}
          onFix={fix}
          onDiscard={(c) => void discardRefused(c.seq)}
          empty={<p className="muted">No entries yet. Log your first weight above.</p>}
        >
          {() => (
            <>
              <ul className="entry-list">
                {entries.slice(0, RECENT).map((e) => (
                  <li key={e.id} className="entry">
                    <time className="entry-date" dateTime={e.date}>
                      {recordDate(e.date)}
                    </time>
                    <strong>{lbs(e.weight)}</strong>
                    {e.mood && <span className="tag">{e.mood}</span>}
                    {e.notes && <span className="muted small">{e.notes}</span>}
                    <span className="entry-actions">
                      <button type="button" className="btn btn-small btn-outline" onClick={() => edit(e)} aria-label={`Edit the entry of ${recordDate(e.date)}`}>
                        Edit
                      </button>
                      <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(e)} aria-label={`Delete the entry of ${recordDate(e.date)}`}>
                        Delete
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
              {entries.length > RECENT && <p className="muted">And {entries.length - RECENT} more entries...</p>}
            </>
          )}
        </LiveList>
      </section>
    </main>
  );
}
