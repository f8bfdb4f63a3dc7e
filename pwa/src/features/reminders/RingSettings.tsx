// How reminders reach this phone: notifications on this device (permission,
// a test, turning them off), and the verse of the day, rung at a chosen time
// on every device with notifications on.

import { useState } from 'react';
import { TimeInput } from '../../components/form';
import { toast } from '../../components/toast';
import { savePreferences, usePreferences } from '../settings';
import { deviceTimeZone, sendTest, stateWords, turnOff, turnOn, useNotificationState, whyNotChanged } from './notifications';
import { twelveHour } from './format';

/** The verse's time before one is chosen. */
const DEFAULT_VERSE_TIME = '07:00';

export function RingSettings() {
  return (
    <section className="card ring-settings" aria-labelledby="ring-title">
      <h2 id="ring-title" className="card-title">
        Notifications
      </h2>
      <DeviceNotifications />
      <VerseOfTheDay />
    </section>
  );
}

function DeviceNotifications() {
  const { state, refresh } = useNotificationState();
  const [busy, setBusy] = useState<null | 'on' | 'test' | 'off'>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function act(what: 'on' | 'test' | 'off') {
    setBusy(what);
    setProblem(null);
    try {
      if (what === 'on') {
        await turnOn();
        toast({ title: 'Notifications on', description: 'Your reminders will ring on this device.' });
      } else if (what === 'test') {
        await sendTest();
        toast({ title: 'Test sent', description: 'It should arrive in a few seconds.' });
      } else {
        await turnOff();
        toast({ title: 'Notifications off', description: 'Reminders no longer ring on this device.' });
      }
    } catch (e) {
      setProblem(whyNotChanged(e));
    } finally {
      setBusy(null);
      refresh();
    }
  }

  const zone = deviceTimeZone();
  return (
    <div className="ring-device" aria-live="polite">
      {state === 'checking' && <p className="muted">Checking this device…</p>}
      {stateWords(state) && <p>{stateWords(state)}</p>}
      {state === 'off' && (
        <>
          <p>Turn notifications on and each active reminder rings on this device at its time ({zone} time).</p>
          <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void act('on')}>
            {busy === 'on' ? 'Turning on…' : 'Turn on notifications'}
          </button>
        </>
      )}
      {state === 'on' && (
        <>
          <p>
            <strong>On for this device.</strong> Reminders ring at their times ({zone} time).
          </p>
          <div className="row">
            <button type="button" className="btn" disabled={busy !== null} onClick={() => void act('test')}>
              {busy === 'test' ? 'Sending…' : 'Send a test notification'}
            </button>
            <button type="button" className="btn btn-outline" disabled={busy !== null} onClick={() => void act('off')}>
              {busy === 'off' ? 'Turning off…' : 'Turn off'}
            </button>
          </div>
        </>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function VerseOfTheDay() {
  const preferences = usePreferences();
  // What was picked here, shown at once (the saved record follows a moment later).
  const [picked, setPicked] = useState<string | null>(null);
  const [ticked, setTicked] = useState<boolean | null>(null);
  // Until the preferences are read, the setting keeps its place, held.
  if (!preferences) return <VerseSetting held on={false} time="" onTick={() => undefined} onTime={() => undefined} />;
  const on = ticked ?? preferences.verseTime !== null;
  const time = picked ?? preferences.verseTime ?? DEFAULT_VERSE_TIME;

  async function save(verseTime: string | null, announce: boolean) {
    if (!preferences) return;
    await savePreferences(preferences, { verseTime });
    if (!announce) return;
    toast(
      verseTime
        ? { title: 'Verse of the day', description: `Rings at ${twelveHour(verseTime)} on devices with notifications on.` }
        : { title: 'Verse of the day off', description: 'It no longer rings.' },
    );
  }

  return (
    <VerseSetting
      held={false}
      on={on}
      time={time}
      onTick={(ticked) => {
        setTicked(ticked);
        void save(ticked ? time : null, true);
      }}
      onTime={(t) => {
        setPicked(t || DEFAULT_VERSE_TIME);
        if (on && t) void save(t, false);
      }}
    />
  );
}

/** The verse's setting; `held` (disabled, no time) until the preferences are
 *  read, as server/src/reminders_screen.rs writes it. */
function VerseSetting(props: { held: boolean; on: boolean; time: string; onTick: (on: boolean) => void; onTime: (time: string) => void }) {
  return (
    <fieldset className="ring-verse form" disabled={props.held}>
      <legend>Verse of the day</legend>
      <label className="check">
        <input type="checkbox" checked={props.on} onChange={(e) => props.onTick(e.target.checked)} />
        Ring the day&apos;s reference and first words, opening the reading
      </label>
      <TimeInput label="Time" name="verseTime" value={props.time} onChange={props.onTime} />
    </fieldset>
  );
}
