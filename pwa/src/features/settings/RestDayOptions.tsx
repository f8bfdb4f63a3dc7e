// The choices of a day of rest, for the settings and the welcome alike.

import { WEEKDAY_VALUES } from '../../generated/records';

/** The choices of a day of rest: none, or a day of the week. */
export function RestDayOptions() {
  return (
    <>
      <option value="">No day of rest</option>
      {WEEKDAY_VALUES.map((d) => (
        <option key={d} value={d}>
          {d.charAt(0).toUpperCase() + d.slice(1)}
        </option>
      ))}
    </>
  );
}
