// The heart on the day's reading: keeps the reading as a favorite, or lets it
// go. Pressed when the reading is kept (on this device or another, synced).

import { useState } from 'react';
import { toast } from '../../components/toast';
import { deleteRecord, keepFavorite, useFavorite } from './marks';

export function HeartButton({ date, reference, verse }: { date: string; reference: string; verse: string }) {
  const { favorite, failed } = useFavorite(date);
  const [busy, setBusy] = useState(false);
  const kept = Boolean(favorite);

  async function toggle() {
    setBusy(true);
    try {
      if (favorite) await deleteRecord('favoriteReadings', favorite.id);
      else await keepFavorite(date, { reference, verse });
      toast(
        favorite
          ? { title: 'Removed from favorites', description: `${reference} is no longer on your Saved page.` }
          : { title: 'Kept as a favorite', description: `${reference} is on your Saved page.` },
      );
    } catch {
      toast({ title: 'Not saved', description: 'The favorite could not be kept on this device. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`btn btn-outline heart ${kept ? 'heart-kept' : ''}`}
      aria-pressed={kept}
      aria-label={`Favorite: ${reference}`}
      title={kept ? 'Kept as a favorite: press to remove' : 'Keep as a favorite'}
      disabled={busy || failed || favorite === undefined}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.8.8.8-.8a4.9 4.9 0 0 1 7 0 4.9 4.9 0 0 1 0 7Z"
          fill={kept ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span>Favorite</span>
    </button>
  );
}
