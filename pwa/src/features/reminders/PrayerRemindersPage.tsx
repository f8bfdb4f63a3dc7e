// /prayer-reminders: create, activate/deactivate and delete reminders, and
// turn on their notifications on this device. Every
// change is saved on this device at once and synced when there is a network;
// the record rules are the Rust ones (checked before saving, messages shown in
// the dialog beside their fields), and a change the server refused is shown
// with Fix and Discard.

import { useRef, useState, type FormEvent } from 'react';
import { ChoiceGroup, EnumSelect, TextArea, TextInput, TimeInput, RefusalNote, useFixFocus } from '../../components/form';
import { LiveList, type Refused } from '../../components/LiveList';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import {
  NOTES_MAX,
  PRAYER_TYPE_VALUES,
  TITLE_MAX,
  WEEKDAY_VALUES,
  type FieldError,
  type PrayerReminder,
  type Weekday,
} from '../../generated/records';
import { useRecords } from '../../sync/useRecords';
import { useRefused } from '../../sync/useRefused';
import { discardRefused, newRecordId, RecordRefused, saveRecord } from '../../sync/saveRecords';
import { daysLabel, twelveHour } from './format';
import { RingSettings } from './RingSettings';
import { capitalize } from '../../lib/words';

const EMPTY: PrayerReminder = { title: '', description: '', reminderTime: '08:00', isActive: 1, days: [], prayerType: 'morning' };

/** How the form names a reminder's fields (also for its refusals). */
const FIELD_LABELS = { title: 'Title', description: 'Description', reminderTime: 'Time', prayerType: 'Prayer type', days: 'Days', isActive: 'Active' };

/** The spec's words for a reminder without a title or a day. */
const MISSING = { title: 'Missing information', description: 'Please provide a title and select at least one day.' };

export default function PrayerRemindersPage() {
  const records = useRecords('prayerReminders');
  const refused = useRefused('prayerReminders');
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<PrayerReminder>(EMPTY);
  /** The id being fixed after a refusal (a new reminder otherwise). */
  const [fixing, setFixing] = useState<string | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref: formRef, focusAfterFix } = useFixFocus();

  const open = () => {
    setError(null);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const errorOf = (field: keyof PrayerReminder) => (error?.field === field ? error.message : undefined);

  async function create(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const id = fixing ?? (await newRecordId('prayerReminders'));
      await saveRecord('prayerReminders', id, 'put', { ...form, title: form.title.trim(), description: form.description.trim() });
      toast({ title: 'Prayer reminder created', description: 'Your reminder has been set successfully.' });
      setForm(EMPTY);
      setFixing(null);
      setError(null);
      close();
    } catch (e) {
      if (e instanceof RecordRefused) setError(e.refusal);
      else toast({ title: 'Error', description: 'Failed to create prayer reminder.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  async function toggle(id: string, r: PrayerReminder) {
    await saveRecord('prayerReminders', id, 'patch', { isActive: r.isActive ? 0 : 1 });
    toast({ title: 'Reminder updated', description: 'Your prayer reminder has been updated.' });
  }

  async function remove(id: string) {
    await saveRecord('prayerReminders', id, 'delete');
    toast({ title: 'Reminder deleted', description: 'Your prayer reminder has been removed.' });
  }

  function fix(change: Refused<PrayerReminder>) {
    setForm({ ...EMPTY, ...change.fields });
    setFixing(change.id);
    open();
    setError(change.refusal);
    focusAfterFix();
  }

  const toggleDay = (day: Weekday) =>
    setForm((f) => ({ ...f, days: f.days.includes(day) ? f.days.filter((d) => d !== day) : [...f.days, day] }));
  const missing = error && (error.field === 'title' || error.field === 'days');

  return (
    <>
      <PageHeader title="Prayer Reminders" />
      <main className="page">
        <button type="button" className="btn btn-primary" onClick={open}>
          Create Prayer Reminder
        </button>
        <RingSettings />
        <LiveList
          live={records}
          what="prayer reminders"
          refused={refused}
          describe={(f) => f.title || 'a reminder'}
          fieldLabels={FIELD_LABELS}
          onFix={fix}
          onDiscard={(c) => void discardRefused(c.seq)}
          empty={
            <section className="card empty-state">
              <p>No prayer reminders yet.</p>
              <button type="button" className="btn btn-outline" onClick={open}>
                Add Your First Reminder
              </button>
            </section>
          }
        >
          {(items) => (
            <ul className="reminder-list">
              {[...items]
                .sort((a, b) => a.fields.reminderTime.localeCompare(b.fields.reminderTime))
                .map(({ id, fields: r }) => (
                  <li key={id} className={`card reminder ${r.isActive ? '' : 'reminder-inactive'}`} aria-label={r.title}>
                    <div className="reminder-head">
                      <h2 className="card-title">{r.title}</h2>
                      <span className="reminder-time">{twelveHour(r.reminderTime)}</span>
                    </div>
                    {r.description && <p>{r.description}</p>}
                    <p className="meta">
                      <span>{daysLabel(r.days)}</span> · <span>{capitalize(r.prayerType)}</span> ·{' '}
                      <span>{r.isActive ? 'Active' : 'Inactive'}</span>
                    </p>
                    <div className="row">
                      <button type="button" className="btn" onClick={() => void toggle(id, r)}>
                        {r.isActive ? 'Deactivate' : 'Activate'}
                      </button>
                      <button type="button" className="btn btn-danger" onClick={() => void remove(id)} aria-label={`Delete ${r.title}`}>
                        Delete
                      </button>
                    </div>
                  </li>
                ))}
            </ul>
          )}
        </LiveList>

        <dialog ref={dialog} className="dialog" aria-labelledby="create-title">
          <form ref={formRef} className="form" onSubmit={create} noValidate>
            <h2 id="create-title">Create Prayer Reminder</h2>
            <RefusalNote refusal={error} controls={Object.keys(FIELD_LABELS)} fieldLabels={FIELD_LABELS} />
            {missing && (
              <div className="form-alert" role="alert">
                <strong>{MISSING.title}</strong> {MISSING.description}
              </div>
            )}
            <TextInput
              label="Title"
              name="title"
              value={form.title}
              maxLength={TITLE_MAX}
              error={errorOf('title')}
              onChange={(title) => setForm({ ...form, title })}
            />
            <TextArea
              label="Description (optional)"
              name="description"
              value={form.description}
              maxLength={NOTES_MAX}
              error={errorOf('description')}
              onChange={(description) => setForm({ ...form, description })}
            />
            <TimeInput
              label="Time"
              name="time"
              value={form.reminderTime}
              error={errorOf('reminderTime')}
              onChange={(t) => setForm({ ...form, reminderTime: t || '08:00' })}
            />
            <EnumSelect
              label="Prayer type"
              name="prayerType"
              values={PRAYER_TYPE_VALUES}
              value={form.prayerType}
              error={errorOf('prayerType')}
              onChange={(t) => setForm({ ...form, prayerType: t || 'morning' })}
            />
            <ChoiceGroup
              legend="Days"
              values={WEEKDAY_VALUES}
              label={(d) => capitalize(d).slice(0, 3)}
              chosen={form.days}
              onToggle={toggleDay}
              error={errorOf('days')}
            />
            <label className="check">
              <input type="checkbox" checked={form.isActive === 1} onChange={(e) => setForm({ ...form, isActive: e.target.checked ? 1 : 0 })} />
              Active
            </label>
            <div className="row">
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? 'Saving…' : 'Create Reminder'}
              </button>
              <button type="button" className="btn" onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        </dialog>
      </main>
    </>
  );
}
