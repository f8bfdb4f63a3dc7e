// The account's preferences, followed on every device: one synced settings
// record (PREFERENCES_ID) holding the theme, the day of rest and the time the
// verse of the day rings and the quiet hours of group notifications (the
// server reads those too), the goal weight, and whether the welcome was gone
// through.

import { useEffect } from 'react';
import { PREFERENCES_ID, QUIET_FROM, QUIET_TO, VERSE_TIME, WEIGHT_GOAL, WEEKDAY_VALUES, WELCOME, WELCOME_VALUES, type Weekday, type Welcome } from '../../generated/records';
import { type Theme } from '../../generated/theme';
import { applyTheme, shownTheme, themeOf } from '../../lib/theme';
import { useRecords } from '../../sync/useRecords';
import { saveRecord } from '../../sync/saveRecords';

export interface Preferences {
  /** Null when the account never chose one. */
  theme: Theme | null;
  restDay: Weekday | null;
  /** Local `HH:MM` the verse of the day rings at; null: it does not ring. */
  verseTime: string | null;
  /** Tenths of a pound; null: no goal set. */
  weightGoal: number | null;
  /** How the welcome ended on any device; null: not yet. */
  welcome: Welcome | null;
  /** Local `HH:MM` times between which no group notification comes; null: none. */
  quietFrom: string | null;
  quietTo: string | null;
}

/** The account's saved preferences, once the records load. */
export function usePreferences(): Preferences | undefined {
  const { value: settings } = useRecords('userSettings');
  if (!settings) return undefined;
  const fields = settings.find((r) => r.id === PREFERENCES_ID)?.fields ?? {};
  return {
    theme: 'theme' in fields ? themeOf(fields.theme) : null,
    restDay: WEEKDAY_VALUES.find((d) => d === fields.restDay) ?? null,
    verseTime: typeof fields[VERSE_TIME] === 'string' ? fields[VERSE_TIME] : null,
    weightGoal: typeof fields[WEIGHT_GOAL] === 'number' ? fields[WEIGHT_GOAL] : null,
    welcome: WELCOME_VALUES.find((w) => w === fields[WELCOME]) ?? null,
    quietFrom: typeof fields[QUIET_FROM] === 'string' ? fields[QUIET_FROM] : null,
    quietTo: typeof fields[QUIET_TO] === 'string' ? fields[QUIET_TO] : null,
  };
}

/** Saves a change to the preferences, keeping the others as they are. */
export async function savePreferences(current: Preferences, change: Partial<Preferences>): Promise<void> {
  const next = { ...current, ...change };
  const fields: Record<string, unknown> = {};
  if (next.theme) fields.theme = next.theme;
  if (next.restDay) fields.restDay = next.restDay;
  if (next.verseTime) fields[VERSE_TIME] = next.verseTime;
  if (next.weightGoal) fields[WEIGHT_GOAL] = next.weightGoal;
  if (next.welcome) fields[WELCOME] = next.welcome;
  if (next.quietFrom) fields[QUIET_FROM] = next.quietFrom;
  if (next.quietTo) fields[QUIET_TO] = next.quietTo;
  await saveRecord('userSettings', PREFERENCES_ID, 'put', fields);
}

/** The theme to show as chosen: the account's, else what this device shows. */
export function useChosenTheme(): Theme | undefined {
  const saved = usePreferences();
  return saved === undefined ? undefined : (saved.theme ?? shownTheme());
}

/** The day of rest as the core counts weekdays (0 = Monday … 6 = Sunday). */
export function useRestDay(): number | undefined {
  const day = usePreferences()?.restDay;
  return day ? WEEKDAY_VALUES.indexOf(day) : undefined;
}

// A choice made on this device whose save has not yet reached the saved
// record: until it does, the record's older theme must not undo it.
let choiceInFlight: Theme | null = null;

/** A person's choice in /settings: shown at once, ahead of its save. */
export function chooseTheme(theme: Theme): void {
  choiceInFlight = theme;
  applyTheme(theme);
}

/** The choice's save failed: the saved record leads again. */
export function forgetThemeChoice(): void {
  choiceInFlight = null;
}

/** The account's saved theme, read again (it may have changed on another
 *  device); ignored while it still holds what came before this device's choice. */
export function followSavedTheme(saved: Theme): void {
  if (choiceInFlight !== null && saved !== choiceInFlight) return;
  choiceInFlight = null;
  applyTheme(saved);
}

/** Keeps the page's colours on the account's choice when it changes (on
 *  another device too); with no choice saved, the device keeps its own. */
export function FollowTheme(): null {
  const theme = usePreferences()?.theme;
  useEffect(() => {
    if (theme) followSavedTheme(theme);
  }, [theme]);
  return null;
}
