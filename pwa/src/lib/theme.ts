// The app's colours: the device's own setting unless the person chose light
// or dark in /settings (a synced settings record). This device keeps a copy
// of the choice in local storage so that its first frame already has it.

import { THEME_VALUES, type Theme } from '../generated/theme';
import { storage } from './storage';

const KEY = 'manna.theme';

/** A stored value as a theme ("system" for anything else). */
export function themeOf(value: unknown): Theme {
  return THEME_VALUES.find((t) => t === value) ?? 'system';
}

/** Shows `theme` now and on this device's next start. */
export function applyTheme(theme: Theme): void {
  storage.set(KEY, theme);
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** The theme this device shows (its last choice). */
export function shownTheme(): Theme {
  return themeOf(storage.get(KEY));
}

/** At start, before the first frame: the theme this device last showed. */
export function applyStoredTheme(): void {
  applyTheme(shownTheme());
}
