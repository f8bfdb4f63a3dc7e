import { describe, expect, it } from 'vitest';
import { chooseTheme, followSavedTheme, forgetThemeChoice } from './preferences';

const shown = () => document.documentElement.dataset.theme ?? 'system';

describe('the theme chosen in /settings', () => {
  it('stays shown while the saved record still holds the one before, then follows the record again', () => {
    followSavedTheme('light');
    expect(shown()).toBe('light');
    chooseTheme('dark');
    // The record, read again before the save reached it, still says light.
    followSavedTheme('light');
    expect(shown()).toBe('dark');
    followSavedTheme('dark');
    expect(shown()).toBe('dark');
    // Chosen later on another device.
    followSavedTheme('light');
    expect(shown()).toBe('light');
  });

  it('gives way to the saved record when its save failed', () => {
    followSavedTheme('system');
    chooseTheme('dark');
    forgetThemeChoice();
    followSavedTheme('system');
    expect(shown()).toBe('system');
  });
});
