// Shows whether the user's records are saved to the server: offline, syncing,
// or synced with the time of the last sync. Tapping it syncs now.

import type { SyncStatus } from './engine';
import { useLive } from './useRecords';

function label(status: SyncStatus | undefined): string {
  const time = status?.lastSyncedAt
    ? new Date(status.lastSyncedAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : null;
  switch (status?.state) {
    case 'syncing':
      return 'Syncing…';
    case 'synced':
      return time ? `Synced ${time}` : 'Synced';
    case 'offline':
      return time ? `Offline · last synced ${time}` : 'Offline · saved on this device';
    case 'error':
      return 'Sync problem · saved on this device';
    default:
      return 'Not synced yet';
  }
}

export function SyncStatusBadge() {
  const { value: status } = useLive((db) => db.liveMeta<SyncStatus>('status'), 'sync status');
  const syncNow = () => void import('./engine').then((m) => m.syncNow({ wait: true }));
  return (
    <button
      type="button"
      className={`sync-badge sync-${status?.state ?? 'idle'}`}
      onClick={syncNow}
      title={status?.message ?? 'Sync now'}
      aria-live="polite"
      aria-label={`${label(status)}. Sync now`}
    >
      <span className="sync-dot" aria-hidden="true" />
      {label(status)}
    </button>
  );
}
