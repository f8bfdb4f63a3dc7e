// What other parts of the app may use of the settings.

export { FollowTheme, savePreferences, usePreferences, useRestDay } from './preferences';
export { RestDayOptions } from './RestDayOptions';
