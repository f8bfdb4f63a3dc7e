// The foot of Home: the coming days are being saved for offline use, or
// until when they are (useOfflineDays.ts saves them).

import { useOfflineDays } from './useOfflineDays';

export default function OfflineStatus({ today, yesterday, refreshKey }: { today: string; yesterday: string; refreshKey: number }) {
  const savedThrough = useOfflineDays(today, yesterday, refreshKey);
  return (
    <p className="offline-status small muted" role="status">
      {savedThrough ? `Saved for offline use through ${formatDate(savedThrough)}` : 'Saving the coming days for offline use…'}
    </p>
  );
}

function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
}
