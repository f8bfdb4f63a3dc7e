// The welcome: what Manna is in a few lines, then the few choices that make
// the morning work (a reminder time and notifications, the colours, a day of
// rest), and straight to Today. An account is offered, never asked for. It is
// shown over Home on a device's first visit until it is gone through or
// skipped (a synced setting, so one device's answer holds for all), and it
// opens again from /settings. Everything in it works offline.

import { useEffect, useRef, useState, type RefObject } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { messageOf } from '../../api/messageOf';
import type { Weekday } from '../../generated/records';
import type { Theme } from '../../generated/theme';
import { Link, useNavigate } from '../../lib/router';
import { applyTheme, shownTheme } from '../../lib/theme';
import { stateWords, turnOn, useNotificationState, whyNotChanged } from '../reminders';
import { RestDayOptions, savePreferences, usePreferences } from '../settings';
import { noteWelcomed } from '../../lib/welcomed';

const THEMES: { theme: Theme; label: string }[] = [
  { theme: 'system', label: 'Same as this phone' },
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
];

/** The welcome over Home on a first visit; nothing once any device has met it. */
export function WelcomeOnFirstVisit() {
  const preferences = usePreferences();
  const [closed, setClosed] = useState(false);
  const met = preferences?.welcome ?? null;
  // Met on another device: this one follows, and shows nothing.
  useEffect(() => {
    if (met) noteWelcomed(met);
  }, [met]);
  if (!preferences || met || closed) return null;
  return (
    <div className="welcome-layer">
      <section className="welcome card" role="dialog" aria-modal="true" aria-labelledby="welcome-title">
        <Welcome onDone={() => setClosed(true)} />
      </section>
    </div>
  );
}

/** /welcome: the same welcome as a page, from /settings. */
export function WelcomePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Welcome" />
      <main className="page">
        <section className="welcome card" aria-labelledby="welcome-title">
          <Welcome onDone={() => void navigate('/')} again />
        </section>
      </main>
    </>
  );
}

function Welcome({ onDone, again = false }: { onDone: () => void; again?: boolean }) {
  const [step, setStep] = useState<'hello' | 'choices'>('hello');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);
  const preferences = usePreferences();

  async function end(how: 'done' | 'skipped', change: Parameters<typeof savePreferences>[1] = {}) {
    noteWelcomed(how);
    try {
      if (preferences) await savePreferences(preferences, { ...change, welcome: how });
    } catch (error) {
      toast({ title: 'Not saved', description: messageOf(error, 'Your choices could not be saved on this device.'), variant: 'destructive' });
    }
    onDone();
  }

  if (step === 'hello') {
    return (
      <>
        <h2 id="welcome-title" className="welcome-title" ref={heading} tabIndex={-1}>
          Welcome to Manna
        </h2>
        <ul className="welcome-points">
          <li>
            <strong>Each morning:</strong> a Bible reading with a reflection and a prayer, and the day&apos;s wellness: a health tip,
            a food and a movement.
          </li>
          <li>
            <strong>Works offline:</strong> in church or on a trail with no signal.
          </li>
          <li>
            <strong>Private:</strong> your prayers and your health stay yours, and are never sold.
          </li>
          <li>
            <strong>Free to start:</strong> nothing to sign up for.
          </li>
        </ul>
        <div className="row welcome-actions">
          <button type="button" className="btn btn-primary" onClick={() => setStep('choices')}>
            Set up my mornings
          </button>
          <button type="button" className="btn btn-outline" onClick={() => void end(again ? 'done' : 'skipped')}>
            {again ? 'Back to Today' : 'Skip for now'}
          </button>
        </div>
      </>
    );
  }
  return <Choices heading={heading} onFinish={(change) => void end('done', change)} />;
}

type Change = Parameters<typeof savePreferences>[1];

function Choices({ heading, onFinish }: { heading: RefObject<HTMLHeadingElement | null>; onFinish: (change: Change) => void }) {
  const preferences = usePreferences();
  const navigate = useNavigate();
  const [theme, setTheme] = useState<Theme>(() => preferences?.theme ?? shownTheme());
  const [restDay, setRestDay] = useState<Weekday | ''>(preferences?.restDay ?? '');
  const [remind, setRemind] = useState(preferences ? preferences.verseTime !== null : true);
  const [time, setTime] = useState(preferences?.verseTime ?? '07:00');
  const change = (): Change => ({ theme, restDay: restDay || null, verseTime: remind && time ? time : null });
  return (
    <form
      className="form welcome-choices"
      onSubmit={(e) => {
        e.preventDefault();
        onFinish(change());
      }}
    >
      <h2 id="welcome-title" className="welcome-title" ref={heading} tabIndex={-1}>
        Your mornings
      </h2>
      <fieldset className="welcome-group">
        <legend>A verse each morning</legend>
        <label className="choice">
          <input type="checkbox" checked={remind} onChange={(e) => setRemind(e.target.checked)} />
          Remind me at
          <input type="time" aria-label="Reminder time" value={time} disabled={!remind} onChange={(e) => setTime(e.target.value)} />
        </label>
        {remind && <AllowNotifications />}
      </fieldset>
      <fieldset className="welcome-group">
        <legend>Colours</legend>
        {THEMES.map((t) => (
          <label key={t.theme} className="choice">
            <input
              type="radio"
              name="welcome-theme"
              checked={theme === t.theme}
              onChange={() => {
                setTheme(t.theme);
                applyTheme(t.theme);
              }}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="welcome-rest">Day of rest (your streak never breaks on it)</label>
        <select id="welcome-rest" value={restDay} onChange={(e) => setRestDay(e.target.value as Weekday | '')}>
          <RestDayOptions />
        </select>
      </div>
      <div className="row welcome-actions">
        <button type="submit" className="btn btn-primary">
          Go to Today
        </button>
      </div>
      <p className="small muted">
        No account is needed. To keep your prayers and progress on every device,{' '}
        <Link
          to="/register"
          onClick={(e) => {
            e.preventDefault();
            onFinish(change());
            void navigate('/register');
          }}
        >
          create a free account
        </Link>
        .
      </p>
    </form>
  );
}

/** Notifications for the reminder, in the words this phone needs. */
function AllowNotifications() {
  const { state, refresh } = useNotificationState();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const words = stateWords(state);
  return (
    <div className="welcome-notify" aria-live="polite">
      {state === 'checking' && <p className="small muted">Checking this phone…</p>}
      {words && <p className="small">{words}</p>}
      {state === 'off' && (
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setProblem(null);
            turnOn()
              .catch((e: unknown) => setProblem(whyNotChanged(e)))
              .finally(() => {
                setBusy(false);
                refresh();
              });
          }}
        >
          {busy ? 'Asking…' : 'Allow notifications'}
        </button>
      )}
      {state === 'on' && <p className="small">Notifications are on for this phone.</p>}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
