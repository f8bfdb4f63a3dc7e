// The account's chosen theme, followed on every device: the choice is the
// synced settings record APPEARANCE_ID.

import { useEffect } from 'react';
import { APPEARANCE_ID, type Theme } from '../../generated/records';
import { applyTheme, shownTheme, themeOf } from '../../lib/theme';
import { useRecords } from '../../sync/useRecords';

/** The account's saved choice once the records load: null when it never chose. */
function useSavedTheme(): Theme | null | undefined {
  const { value: settings } = useRecords('userSettings');
  if (!settings) return undefined;
  const record = settings.find((r) => r.id === APPEARANCE_ID);
  return record ? themeOf(record.fields.theme) : null;
}

/** The theme to show as chosen: the account's, else what this device shows. */
export function useChosenTheme(): Theme | undefined {
  const saved = useSavedTheme();
  return saved === undefined ? undefined : (saved ?? shownTheme());
}

/** Keeps the page's colours on the account's choice when it changes (on
 *  another device too); with no choice saved, the device keeps its own. */
export function FollowTheme(): null {
  const saved = useSavedTheme();
  useEffect(() => {
    if (saved) applyTheme(saved);
  }, [saved]);
  return null;
}
