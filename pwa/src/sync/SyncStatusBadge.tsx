// Shows whether the user's records are saved to the server: offline, syncing,
// synced with the time of the last sync, blocked (the app and the server speak
// different versions), how many changes are waiting to be sent and how many
// the server refused; when a sync did not finish, why and when it tries again
// (in the engine's words, in its title and label). Tapping it syncs now and
// tells `onAnswer` what it did. Someone with no account is told that their
// data is on this phone only, and offered an account to keep it.

import { useState } from 'react';
import { maybeSignedIn } from '../identity/sessionHint';
import { useNavigate } from '../lib/router';
import { counted } from '../lib/words';
import type { SyncStatus } from './engine';
import type { SyncAnswer } from './syncByHand';
import { useLive } from './useRecords';
import { usePendingCount, useRefusedCount } from './useRefused';

/** What a guest's badge says of where their data is, and the way to keep it. */
const GUEST_WORDS = 'Your data is on this phone only: create an account to keep it on every device you use.';

function label(status: SyncStatus | undefined, waiting: number, guest: boolean): string {
  const time = status?.lastSyncedAt
    ? new Date(status.lastSyncedAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : null;
  const pending = counted(waiting, 'change', 'changes');
  switch (status?.state) {
    case 'syncing':
      return 'Syncing…';
    case 'synced':
      if (waiting > 0) return `${pending} waiting to sync`;
      if (guest) return 'On this phone';
      return time ? `Synced ${time}` : 'Synced';
    case 'offline':
      if (waiting > 0) return `Offline · ${pending} waiting`;
      return time ? `Offline · last synced ${time}` : 'Offline · saved on this device';
    case 'blocked':
      if (status.reason === 'clientTooOld') return 'Update Manna to sync';
      return waiting > 0 ? `Not syncing · ${pending} waiting` : 'Not syncing · saved on this device';
    case 'error':
      // Paused: the badge's title and label say why and when it resumes.
      return waiting > 0 ? `Sync paused · ${pending} waiting` : 'Sync paused · saved on this device';
    default:
      return waiting > 0 ? `${pending} waiting to sync` : 'Not synced yet';
  }
}

export function SyncStatusBadge({ onAnswer }: { onAnswer?: (answer: SyncAnswer) => void }) {
  const { value: status } = useLive((db) => db.liveMeta<SyncStatus>('status'), 'sync status');
  const { value: refused = 0 } = useRefusedCount();
  const { value: waiting = 0 } = usePendingCount();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const guest = !maybeSignedIn();
  /** A guest's answer says where the data is, and offers the account. */
  const told = (answer: SyncAnswer): SyncAnswer =>
    guest && answer.allSent
      ? {
          ...answer,
          description: [answer.description, GUEST_WORDS].filter(Boolean).join(' '),
          action: { label: 'Create account', onClick: () => void navigate('/register') },
        }
      : answer;
  const syncNow = () => {
    if (busy) return;
    setBusy(true);
    // The counts on the badge at the press, read before the module loads.
    const before = waiting;
    const refusedBefore = refused;
    void import('./syncByHand')
      .then((m) => m.syncByHand(before, refusedBefore))
      .then((answer) => onAnswer?.(told(answer)), (error: unknown) => {
        console.warn('Sync now failed', error);
        onAnswer?.({ title: 'Sync did not finish', description: 'Your changes are kept on this device.', variant: 'destructive' });
      })
      .finally(() => setBusy(false));
  };
  const text = label(status, waiting, guest);
  // Offline, the badge's own words are short enough for Home's header; its
  // label says the whole (the changes waiting, the time of the last sync).
  const shown = status?.state === 'offline' ? (waiting > 0 ? `Offline · ${waiting} waiting` : 'Offline') : text;
  const why = status?.message ?? (guest && status?.state === 'synced' ? GUEST_WORDS : undefined);
  const problems = refused > 0 ? ` · ${counted(refused, 'change', 'changes')} not saved` : '';
  return (
    <button
      type="button"
      className={`sync-badge sync-${status?.state ?? 'idle'} ${refused > 0 ? 'sync-refused' : ''}`}
      onClick={syncNow}
      aria-busy={busy}
      title={why ?? 'Sync now'}
      aria-live="polite"
      aria-label={`${shown}${problems}. ${shown !== text ? `${text}. ` : ''}${why ? `${why} ` : ''}Sync now`}
    >
      <span className="sync-dot" aria-hidden="true" />
      <span className="sync-label">
        {shown}
        {problems}
      </span>
    </button>
  );
}
