// This Week's Journey: Monday to Sunday, the days the app was opened, what
// was done on each (the synced daily completions, so every device shows the
// same), the streak of such days this week before today, and the running
// streak with its grace: a missed day a week kept, the day of rest passed
// over (rules in manna-core).

import { useEffect, useState } from 'react';
import { recordVisit, visitsBetween } from '../../db/days';
import type { Core, WeekStrip } from '../../wasm/core';
import { PRACTICE_VALUES as PRACTICES } from '../../generated/records';
import { useRecords } from '../../sync/useRecords';
import { dayLabel } from '../../lib/dates';
import { useRestDay } from '../settings';

export function WeekJourney({ core, today }: { core: Core; today: string }) {
  const [visited, setVisited] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    // A year and more back: the running streak can be that long.
    recordVisit(today)
      .then(() => visitsBetween(core.addDays(today, -400), today))
      .then((dates) => live && setVisited(dates))
      .catch((error: unknown) => console.warn('Reading visits failed', error));
    return () => {
      live = false;
    };
  }, [core, today]);
  // Read here: the week needs only the records (features/progress's hooks
  // keep a map per day that Home has no use for).
  const completions = useRecords('dailyCompletions').value ?? [];
  const doneOn = new Map(completions.map(({ fields }) => [fields.date, PRACTICES.filter((p) => fields[p] === true).length]));
  const active = [...visited, ...doneOn.keys()];
  const restDay = useRestDay();
  const strip: WeekStrip = core.weekStrip(today, active, restDay);
  const run = strip.run;
  // This week's kept day, by name (earlier weeks' are on no strip).
  const keptNames = run.kept.filter((d) => strip.days.some((x) => x.date === d)).map((d) => dayLabel(d, { weekday: 'long' }));
  return (
    <section className="card journey" aria-labelledby="journey-title">
      <h2 id="journey-title" className="card-title">
        This Week&apos;s Journey
      </h2>
      <ol className="week-strip">
        {strip.days.map((day) => {
          const state = day.isToday ? 'today' : day.visited ? 'visited' : day.kept ? 'kept' : day.rest ? 'rest' : day.isPast ? 'missed' : 'ahead';
          const words = {
            today: 'today',
            visited: 'opened',
            kept: 'not opened, kept by grace',
            rest: 'your day of rest',
            missed: 'not opened',
            ahead: 'still ahead',
          }[state];
          const done = doneOn.get(day.date) ?? 0;
          const practices = done > 0 ? `, ${done} of ${PRACTICES.length} practices done` : '';
          return (
            <li key={day.date} className={`week-day week-day-${state}`} aria-label={`${dayLabel(day.date)}: ${words}${practices}`}>
              <span className="week-label">{day.label}</span>
              <span className="week-dot" aria-hidden="true">
                {state === 'visited' ? '✓' : state === 'kept' ? '❄' : Number(day.date.slice(8))}
              </span>
              <span className="week-done" aria-hidden="true">
                {done > 0 ? `${done}/${PRACTICES.length}` : '\u00a0'}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="streak">
        <strong>{strip.streak}</strong> {strip.streak === 1 ? 'day' : 'days'} this week before today
      </p>
      {run.days > 1 && (
        <p className="streak run">
          <strong>{run.days}-day streak</strong>
          {keptNames.length > 0 && <> · {keptNames.join(' and ')} kept by grace</>}
        </p>
      )}
      {restDay !== undefined && <p className="muted small">Your day of rest never breaks the streak.</p>}
    </section>
  );
}
