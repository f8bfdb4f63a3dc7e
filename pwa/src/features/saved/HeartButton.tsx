// The heart on the day's reading: keeps the reading as a favorite, or lets it
// go. Pressed when the reading is kept (on this device or another, synced).
// Loaded just after the first render (LazyHeartButton.tsx holds its place).

import { useState } from 'react';
import { toast } from '../../components/toast';
import { useRecords } from '../../sync/useRecords';
import type { FavoriteRecord } from './marks';
import { HeartIcon } from './HeartIcon';

/** The favorite of the reading of `date`, live (undefined while it is read). */
function useFavorite(date: string): { favorite: FavoriteRecord | null | undefined; failed: boolean } {
  const live = useRecords('favoriteReadings');
  return { favorite: live.value && (live.value.find((f) => f.fields.date === date) ?? null), failed: live.failed };
}

export function HeartButton({ date, reference, verse }: { date: string; reference: string; verse: string }) {
  const { favorite, failed } = useFavorite(date);
  const [busy, setBusy] = useState(false);
  const kept = Boolean(favorite);

  async function toggle() {
    setBusy(true);
    try {
      // The writes load on the first press, not with the first screen.
      const { deleteRecord, keepFavorite } = await import('./markWrites');
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
      <HeartIcon filled={kept} />
      <span>Favorite</span>
    </button>
  );
}
