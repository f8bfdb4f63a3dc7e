// /prayer-reminders: create, activate/deactivate and delete reminders. Every
// change is saved on this device at once and synced when there is a network.

import { useRef, useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { StorageUnavailable } from '../../components/StorageUnavailable';
import { toast } from '../../components/toast';
import { saveRecord, useRecords } from '../../sync/useRecords';
import { daysLabel, twelveHour, WEEKDAYS } from './format';

const PRAYER_TYPES = ['morning', 'mealtime', 'evening', 'custom'] as const;

interface Reminder {
  id: string;
  title: string;
  description: string;
  reminderTime: string;
  isActive: number;
  days: string[];
  prayerType: string;
}

const EMPTY = { title: '', description: '', reminderTime: '08:00', isActive: 1, days: [] as string[], prayerType: 'morning' };

function newId(): string {
  return `reminder-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

export default function PrayerRemindersPage() {
  const { value: records, failed } = useRecords('prayerReminders');
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState(EMPTY);
  const reminders: Reminder[] = (records ?? [])
    .map((r) => ({ id: r.id, ...(r.fields as Omit<Reminder, 'id'>) }))
    .sort((a, b) => a.reminderTime.localeCompare(b.reminderTime));

  const open = () => dialog.current?.showModal();
  const close = () => dialog.current?.close();

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!form.title.trim() || form.days.length === 0) {
      toast({ title: 'Missing information', description: 'Please provide a title and select at least one day.', variant: 'destructive' });
      return;
    }
    try {
      await saveRecord('prayerReminders', newId(), 'put', { ...form, title: form.title.trim(), description: form.description.trim() });
      toast({ title: 'Prayer reminder created', description: 'Your reminder has been set successfully.' });
      setForm(EMPTY);
      close();
    } catch {
      toast({ title: 'Error', description: 'Failed to create prayer reminder.', variant: 'destructive' });
    }
  }

  async function toggle(r: Reminder) {
    await saveRecord('prayerReminders', r.id, 'patch', { isActive: r.isActive ? 0 : 1 });
    toast({ title: 'Reminder updated', description: 'Your prayer reminder has been updated.' });
  }

  async function remove(r: Reminder) {
    await saveRecord('prayerReminders', r.id, 'delete');
    toast({ title: 'Reminder deleted', description: 'Your prayer reminder has been removed.' });
  }

  const toggleDay = (day: string) =>
    setForm((f) => ({ ...f, days: f.days.includes(day) ? f.days.filter((d) => d !== day) : [...f.days, day] }));

  return (
    <>
      <PageHeader title="Prayer Reminders" />
      <main className="page">
        <button type="button" className="btn btn-primary" onClick={open}>
          Create Prayer Reminder
        </button>
        {failed ? (
          <StorageUnavailable what="prayer reminders" />
        ) : records === undefined ? (
          <p role="status">Loading prayer reminders...</p>
        ) : reminders.length === 0 ? (
          <section className="card empty-state">
            <p>No prayer reminders yet.</p>
            <button type="button" className="btn btn-outline" onClick={open}>
              Add Your First Reminder
            </button>
          </section>
        ) : (
          <ul className="reminder-list">
            {reminders.map((r) => (
              <li key={r.id} className={`card reminder ${r.isActive ? '' : 'reminder-inactive'}`} aria-label={r.title}>
                <div className="reminder-head">
                  <h2 className="card-title">{r.title}</h2>
                  <span className="reminder-time">{twelveHour(r.reminderTime)}</span>
                </div>
                {r.description && <p>{r.description}</p>}
                <p className="meta">
                  <span>{daysLabel(r.days)}</span> · <span className="capitalize">{r.prayerType}</span> ·{' '}
                  <span>{r.isActive ? 'Active' : 'Inactive'}</span>
                </p>
                <div className="row">
                  <button type="button" className="btn" onClick={() => void toggle(r)}>
                    {r.isActive ? 'Deactivate' : 'Activate'}
                  </button>
                  <button type="button" className="btn btn-danger" onClick={() => void remove(r)} aria-label={`Delete ${r.title}`}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}

        <dialog ref={dialog} className="dialog" aria-labelledby="create-title">
          <form className="form" onSubmit={create} noValidate>
            <h2 id="create-title">Create Prayer Reminder</h2>
            <label>
              Title
              <input name="title" value={form.title} maxLength={200} onChange={(e) => setForm({ ...form, title: e.target.value })} />
            </label>
            <label>
              Description (optional)
              <textarea name="description" value={form.description} maxLength={2000} onChange={(e) => setForm({ ...form, description: e.target.value })} />
            </label>
            <label>
              Time
              <input name="time" type="time" value={form.reminderTime} onChange={(e) => setForm({ ...form, reminderTime: e.target.value || '08:00' })} />
            </label>
            <label>
              Prayer type
              <select name="prayerType" value={form.prayerType} onChange={(e) => setForm({ ...form, prayerType: e.target.value })}>
                {PRAYER_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t[0].toUpperCase() + t.slice(1)}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="days">
              <legend>Days</legend>
              {WEEKDAYS.map((d) => (
                <label key={d} className="day-choice">
                  <input type="checkbox" checked={form.days.includes(d)} onChange={() => toggleDay(d)} />
                  {d[0].toUpperCase() + d.slice(1, 3)}
                </label>
              ))}
            </fieldset>
            <label className="check">
              <input type="checkbox" checked={form.isActive === 1} onChange={(e) => setForm({ ...form, isActive: e.target.checked ? 1 : 0 })} />
              Active
            </label>
            <div className="row">
              <button type="submit" className="btn btn-primary">
                Create Reminder
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
