// This Week's Journey: Monday to Sunday, the days the app was opened, and the
// streak of such days this week before today (rules in manna-core).

import { useEffect, useState } from 'react';
import { recordVisit, visitsBetween } from '../../db';
import type { Core, WeekStrip } from '../../wasm/core';

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
  const strip: WeekStrip = core.weekStrip(today, visited);
  return (
    <section className="card journey" aria-labelledby="journey-title">
      <h2 id="journey-title" className="card-title">
        This Week&apos;s Journey
      </h2>
      <ol className="week-strip">
        {strip.days.map((day) => {
          const state = day.isToday ? 'today' : day.visited ? 'visited' : day.isPast ? 'missed' : 'ahead';
          const words = { today: 'today', visited: 'opened', missed: 'not opened', ahead: 'still ahead' }[state];
          return (
            <li key={day.date} className={`week-day week-day-${state}`} aria-label={`${day.label} ${day.date}: ${words}`}>
              <span className="week-label">{day.label}</span>
              <span className="week-dot" aria-hidden="true">
                {state === 'visited' ? '✓' : Number(day.date.slice(8))}
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
