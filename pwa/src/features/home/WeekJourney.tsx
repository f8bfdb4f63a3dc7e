// This Week's Journey: Monday to Sunday, the days the app was opened, what
// was done on each (the synced daily completions, so every device shows the
// same), and the streak of such days this week before today (rules in
// manna-core).

import { useEffect, useState } from 'react';
import { recordVisit, visitsBetween } from '../../db';
import type { Core, WeekStrip } from '../../wasm/core';
import { PRACTICE_VALUES as PRACTICES } from '../../generated/records';
import { useRecords } from '../../sync/useRecords';

export function WeekJourney({ core, today }: { core: Core; today: string }) {
  const [visited, setVisited] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const monday = core.weekStrip(today, []).days[0].date;
    recordVisit(today)
      .then(() => visitsBetween(monday, core.addDays(monday, 6)))
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
  const strip: WeekStrip = core.weekStrip(today, active);
  return (
    <section className="card journey" aria-labelledby="journey-title">
      <h2 id="journey-title" className="card-title">
        This Week&apos;s Journey
      </h2>
      <ol className="week-strip">
        {strip.days.map((day) => {
          const state = day.isToday ? 'today' : day.visited ? 'visited' : day.isPast ? 'missed' : 'ahead';
          const words = { today: 'today', visited: 'opened', missed: 'not opened', ahead: 'still ahead' }[state];
          const done = doneOn.get(day.date) ?? 0;
          const practices = done > 0 ? `, ${done} of ${PRACTICES.length} practices done` : '';
          return (
            <li key={day.date} className={`week-day week-day-${state}`} aria-label={`${day.label} ${day.date}: ${words}${practices}`}>
              <span className="week-label">{day.label}</span>
              <span className="week-dot" aria-hidden="true">
                {state === 'visited' ? '✓' : Number(day.date.slice(8))}
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
    </section>
  );
}
