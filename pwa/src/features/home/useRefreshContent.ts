// Manual refresh (spec part 1 §4): ask the server to refresh, then clear cached
// data and local storage except the kept keys, and fetch again. If the server
// cannot be asked, reload the page. The work loads on the press
// (refreshContent.ts).

import { useCallback, useState } from 'react';
import { useQueryClient } from '../../lib/query';

export function useRefreshContent(onRefreshed: () => void) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    const refreshed = await import('./refreshContent').then((m) => m.refreshContent(queryClient)).catch(() => false);
    if (!refreshed) {
      window.location.reload();
      return;
    }
    onRefreshed();
    await queryClient.refetchQueries();
    setRefreshing(false);
  }, [queryClient, onRefreshed]);
  return { refresh, refreshing };
}
