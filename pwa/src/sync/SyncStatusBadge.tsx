// Shows whether the user's records are saved to the server: offline, syncing,
// synced with the time of the last sync, blocked (the app and the server speak
// different versions), and how many changes the server refused. Tapping it
// syncs now.

import type { SyncStatus } from './engine';
import { useLive, useRefusedCount } from './useRecords';

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
    case 'blocked':
      return 'Not syncing · saved on this device';
    case 'error':
      return 'Sync problem · saved on this device';
    default:
      return 'Not synced yet';
  }
}

export function SyncStatusBadge() {
  const { value: status } = useLive((db) => db.liveMeta<SyncStatus>('status'), 'sync status');
  const { value: refused = 0 } = useRefusedCount();
  const syncNow = () => void import('./engine').then((m) => m.syncNow({ wait: true }));
  const problems = refused > 0 ? ` · ${refused} ${refused === 1 ? 'change' : 'changes'} not saved` : '';
  return (
    <button
      type="button"
      className={`sync-badge sync-${status?.state ?? 'idle'} ${refused > 0 ? 'sync-refused' : ''}`}
      onClick={syncNow}
      title={status?.message ?? 'Sync now'}
      aria-live="polite"
      aria-label={`${label(status)}${problems}. ${status?.message ? `${status.message} ` : ''}Sync now`}
    >
      <span className="sync-dot" aria-hidden="true" />
      <span className="sync-label">
        {label(status)}
        {problems}
      </span>
    </button>
  );
}
