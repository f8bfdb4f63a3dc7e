// How reminders read on their cards.

import { WEEKDAY_VALUES } from '../../generated/records';

/** 'Daily' for all seven days, 'No days selected' for none, else 'Mon, Wed'. */
export function daysLabel(days: readonly string[]): string {
  if (days.length === 7) return 'Daily';
  if (days.length === 0) return 'No days selected';
  return WEEKDAY_VALUES.filter((d) => days.includes(d))
    .map((d) => d[0].toUpperCase() + d.slice(1, 3))
    .join(', ');
}

/** '07:30' → '7:30 AM', '00:05' → '12:05 AM', '13:00' → '1:00 PM'. */
export function twelveHour(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}
