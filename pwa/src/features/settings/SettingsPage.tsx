// /settings: the app's appearance (system, light or dark) and the day of rest
// that never breaks the streak, both synced to every device of the account;
// and the user's data. A calendar address for their phone's calendar
// (readings, reminders, plan and shopping days), every record of this device
// as a JSON file and weights as CSV, and importing such a file with a preview
// of what it adds and what it refuses, before anything is saved. Settings the
// server refused (an import brings them) show here, to try again or discard.

import { use, useState, type ChangeEvent } from 'react';
import { useQuery, useQueryClient } from '../../lib/query';
import { apiRequest } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { CardSkeleton } from '../../components/CardSkeleton';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import type { CalendarFeed } from '../../generated/api';
import type { Weekday } from '../../generated/records';
import type { Theme } from '../../generated/theme';
import { RestDayOptions } from './RestDayOptions';
import { recordDate } from '../../lib/dates';
import { chooseTheme, forgetThemeChoice, savePreferences, useChosenTheme, usePreferences } from './preferences';
import { checkRecord, saveRecord } from '../../sync/saveRecords';
import { TableRefusals } from '../refusals';
import { DeleteAccountSection } from './DeleteAccountSection';
import { exportAll, NotAnExport, preview, weightsCsv, type PortableTable, type Preview, type Store } from './portable';
import { loadCore, localDateOf, todayIn } from '../../wasm/core';

const LABELS: Record<PortableTable, string> = {
  prayerJournal: 'Prayer journal entries',
  weightEntries: 'Weight entries',
  prayerReminders: 'Prayer reminders',
  shoppingLists: 'Shopping lists',
  shoppingListItems: 'Shopping list items',
  wellnessGoals: 'Wellness goals',
  personalizedPlans: 'Personal plans',
  planProgress: 'Plan days done',
  wellnessScores: 'Wellness scores',
  mealPlanEnrollments: 'Meal plans started',
  userSettings: 'Settings',
  dailyCompletions: 'Daily practices',
  favoriteReadings: 'Favorite readings',
  highlights: 'Highlighted verses',
  verseNotes: 'Notes on verses',
};

const store: Store = {
  // A locked journal's entries in words (JournalClosed if this device has not opened it).
  records: async (table) => {
    const records = await (await import('../../db/synced')).recordsOf(table);
    return table === 'prayerJournal' ? (await import('../journal')).entriesInWords(records) : records;
  },
  exists: async (table, id) => (await (await import('../../db/synced')).currentFields(table, id)) !== undefined,
  check: (table, id, fields) => checkRecord(table, id, fields),
};

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Your Data" />
      <main className="page settings">
        <SettingsRefusals />
        <AppearanceSection />
        <RestDaySection />
        <CalendarSection />
        <section className="card" aria-labelledby="welcome-again-title">
          <h2 id="welcome-again-title" className="section-title">
            Welcome
          </h2>
          <p className="muted small">What Manna is, and the reminder, colours and day of rest that shape your mornings.</p>
          <Link className="btn btn-outline" to="/welcome">
            Show the welcome again
          </Link>
        </section>
        <ExportSection />
        <ImportSection />
        <DeleteAccountSection />
      </main>
    </>
  );
}

/** Settings have no form to correct them in: Fix tries them again as they were meant. */
function SettingsRefusals() {
  return <TableRefusals table="userSettings" what="settings" describe={() => 'your settings'} />;
}

const THEMES: { theme: Theme; label: string; hint: string }[] = [
  { theme: 'system', label: 'Same as this device', hint: 'Light by day, dark at night, as your phone is set' },
  { theme: 'light', label: 'Light', hint: 'Always light' },
  { theme: 'dark', label: 'Dark', hint: 'Always dark: easier on the eyes at night and in church' },
];

function AppearanceSection() {
  const saved = useChosenTheme();
  const preferences = usePreferences();
  // The press shows at once; the saved record follows a moment later.
  const [picked, setPicked] = useState<Theme | null>(null);
  const chosen = picked ?? saved;
  async function choose(theme: Theme) {
    setPicked(theme);
    chooseTheme(theme);
    try {
      if (preferences) await savePreferences(preferences, { theme });
    } catch (error) {
      forgetThemeChoice();
      toast({ title: 'Not saved', description: messageOf(error, 'The appearance could not be saved on this device.'), variant: 'destructive' });
    }
  }
  return (
    <section className="card" aria-labelledby="appearance-title">
      <h2 id="appearance-title" className="section-title">
        Appearance
      </h2>
      <fieldset className="theme-choices" disabled={chosen === undefined} aria-describedby="appearance-hint">
        <legend className="sr-only">Colours</legend>
        {THEMES.map((t) => (
          <label key={t.theme} className="theme-choice">
            <input type="radio" name="theme" value={t.theme} checked={chosen === t.theme} onChange={() => void choose(t.theme)} />
            <span>
              <strong>{t.label}</strong>
              <span className="muted small"> · {t.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p id="appearance-hint" className="muted small">
        Your choice is kept with your account, so your other devices follow it.
      </p>
    </section>
  );
}

function RestDaySection() {
  const preferences = usePreferences();
  const [picked, setPicked] = useState<Weekday | '' | null>(null);
  const shown = picked ?? preferences?.restDay ?? '';
  async function choose(day: Weekday | '') {
    setPicked(day);
    try {
      if (preferences) await savePreferences(preferences, { restDay: day || null });
    } catch (error) {
      toast({ title: 'Not saved', description: messageOf(error, 'The day of rest could not be saved on this device.'), variant: 'destructive' });
    }
  }
  return (
    <section className="card form" aria-labelledby="rest-title">
      <h2 id="rest-title" className="section-title">
        Streak and rest
      </h2>
      <p className="muted small">
        Your streak counts the days you open Manna. One missed day a week is kept by grace, and a day of rest never breaks it.
      </p>
      <div className="field">
        <label htmlFor="rest-day">Day of rest</label>
        <select id="rest-day" value={shown} disabled={!preferences} onChange={(e) => void choose(e.target.value as Weekday | '')}>
          <RestDayOptions />
        </select>
      </div>
    </section>
  );
}

function CalendarSection() {
  const core = use(loadCore());
  const client = useQueryClient();
  const status = useQuery({ queryKey: ['calendar-feed'], queryFn: () => apiRequest<CalendarFeed>('GET', '/api/calendar-feed'), retry: 1 });
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function make() {
    setBusy(true);
    try {
      const made = await apiRequest<CalendarFeed>('POST', '/api/calendar-feed', {});
      setUrl(made.url ?? null);
      client.setQueryData(['calendar-feed'], made);
      toast({ title: 'Calendar Address Ready', description: 'Add it to your phone’s calendar to see your readings, reminders and plan days there.' });
    } catch (e) {
      toast({ title: 'Error', description: messageOf(e, 'The calendar address could not be made. Check your connection and try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await apiRequest('DELETE', '/api/calendar-feed');
      setUrl(null);
      client.setQueryData(['calendar-feed'], { active: false, createdAt: null, url: null });
      toast({ title: 'Calendar Address Turned Off', description: 'Calendars using it will stop updating.' });
    } catch (e) {
      toast({ title: 'Error', description: messageOf(e, 'The address could not be turned off. Try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Your Calendar</h2>
      <p>
        One private address for your phone&apos;s calendar: the daily reading, your active prayer reminders (repeating on their days),
        the days of the plans you follow and your shopping days. Anyone with the address can read it; make a new one or turn it off
        at any time.
      </p>
      {status.isPending ? (
        <CardSkeleton label="Checking your calendar address" />
      ) : status.isError ? (
        <p role="status">Your calendar address needs a connection. Try again when you are online.</p>
      ) : (
        <>
          {url && (
            <div className="feed-url">
              <label htmlFor="feed-url">Your calendar address</label>
              <input id="feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <div className="row-actions">
                <a className="btn btn-primary btn-small" href={url.replace(/^https?:/, 'webcal:')}>
                  Open in Calendar
                </a>
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  onClick={() =>
                    void navigator.clipboard?.writeText(url).then(
                      () => toast({ title: 'Copied', description: 'The calendar address is on your clipboard.' }),
                      () => toast({ title: 'Copy it by hand', description: 'Select the address above and copy it.' }),
                    )
                  }
                >
                  Copy Address
                </button>
              </div>
            </div>
          )}
          {status.data?.active && !url && <p className="small muted">An address is active (made {status.data.createdAt ? recordDate(localDateOf(core, status.data.createdAt)) : 'earlier'}). For safety it is shown only when made.</p>}
          <div className="row-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void make()}>
              {status.data?.active ? 'Make a New Address' : 'Add to My Calendar'}
            </button>
            {status.data?.active && (
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void turnOff()}>
                Turn Off
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function ExportSection() {
  const [busy, setBusy] = useState(false);
  // The files are named by the person's own date of the download, not UTC's.
  const today = async () => todayIn(await loadCore());

  async function all() {
    setBusy(true);
    try {
      const file = await exportAll(store);
      download(`manna-export-${await today()}.json`, 'application/json', JSON.stringify(file, null, 2));
    } catch (e) {
      const closed = e instanceof Error && e.name === 'JournalClosed';
      toast({ title: 'Error', description: closed ? e.message : 'Your records could not be read on this device.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function weights() {
    const records = await store.records('weightEntries');
    download(`manna-weights-${await today()}.csv`, 'text/csv', weightsCsv(records));
  }

  return (
    <section className="card" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <p>Everything you have kept in Manna on this device (journal, weights, reminders, goals, plans, lists and more), including changes not yet synced.</p>
      <div className="row-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void all()}>
          {busy ? 'Preparing...' : 'Download All My Records (JSON)'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void weights()}>
          Download Weights (CSV)
        </button>
      </div>
    </section>
  );
}

function ImportSection() {
  const [problem, setProblem] = useState<string | null>(null);
  const [plan, setPlan] = useState<Preview | null>(null);
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const adding = plan?.tables.reduce((n, t) => n + t.add.length, 0) ?? 0;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setProblem(null);
    setPlan(null);
    if (!file) return;
    setReading(true);
    try {
      setPlan(await preview(await file.text(), store));
    } catch (e) {
      setProblem(e instanceof NotAnExport ? e.message : 'This file could not be read.');
    } finally {
      setReading(false);
    }
  }

  async function run() {
    if (!plan) return;
    const records = plan.tables.flatMap((t) => t.add.map((r) => ({ table: t.table, ...r })));
    setProgress({ done: 0, total: records.length });
    let saved = 0;
    try {
      const { sealedForImport } = await import('../journal');
      for (const r of records) {
        // Into a locked journal, an entry comes sealed.
        await saveRecord(r.table, r.id, 'put', r.table === 'prayerJournal' ? await sealedForImport(r.id, r.fields) : r.fields);
        saved += 1;
        setProgress({ done: saved, total: records.length });
      }
      toast({ title: 'Import Complete', description: `${saved} records added to this device. They will sync to your account.` });
      setPlan(null);
    } catch (e) {
      const closed = e instanceof Error && e.name === 'JournalClosed' ? ` ${e.message}` : '';
      toast({ title: 'Import Stopped', description: `${saved} of ${records.length} records were added; choose the file again to add the rest.${closed}`, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      <p>Bring back a Manna export. You will see what it adds first; records already on this device are kept as they are.</p>
      <div className="field">
        <label htmlFor="import-file">Export file (.json)</label>
        <input id="import-file" type="file" accept="application/json,.json" onChange={(e) => void choose(e)} aria-describedby={problem ? 'import-problem' : undefined} />
      </div>
      {reading && <p role="status">Checking the file...</p>}
      {problem && (
        <p id="import-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
      {plan && (
        <div className="import-preview" role="region" aria-label="What the import adds">
          <h3>What This File Adds</h3>
          {plan.exportedAt && <p className="small muted">Exported {new Date(plan.exportedAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}</p>}
          <table>
            <thead>
              <tr>
                <th scope="col">Records</th>
                <th scope="col">New</th>
                <th scope="col">Already here</th>
                <th scope="col">Refused</th>
              </tr>
            </thead>
            <tbody>
              {plan.tables.map((t) => (
                <tr key={t.table}>
                  <th scope="row">{LABELS[t.table]}</th>
                  <td>{t.add.length}</td>
                  <td>{t.present}</td>
                  <td>{t.refused.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {plan.tables.some((t) => t.refused.length > 0) && (
            <div role="alert">
              <p>These records break Manna&apos;s rules and will not be imported:</p>
              <ul className="small">
                {plan.tables.flatMap((t) => t.refused.map((r) => ({ t, r }))).slice(0, 5).map(({ t, r }) => (
                  <li key={`${t.table}-${r.id}`}>
                    {LABELS[t.table]} {r.id}: {r.refusal.field} {r.refusal.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {plan.unknown.length > 0 && <p className="small muted">Skipped, not known to this version: {plan.unknown.join(', ')}.</p>}
          <div className="row-actions">
            <button type="button" className="btn btn-primary" disabled={adding === 0 || progress !== null} onClick={() => void run()}>
              {progress ? `Importing ${progress.done} of ${progress.total}...` : adding === 0 ? 'Nothing New to Import' : `Import ${adding} Records`}
            </button>
            <button type="button" className="btn btn-outline" disabled={progress !== null} onClick={() => setPlan(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
