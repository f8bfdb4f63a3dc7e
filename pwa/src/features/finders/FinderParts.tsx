// What the farm and trail finders share: the credit under every list, the
// notes on saved and older results, the panel shown where no place data is
// set up, saving an area for offline, the areas saved, and directions.

import { lazy, Suspense, use, useState, type ReactNode } from 'react';
import { useDaily } from '../../content/useDaily';
import { Link } from '../../lib/router';
import { loadCore, todayIn } from '../../wasm/core';
import { useQuery, useQueryClient } from '../../lib/query';
import { forgetPlaceSearch, keepPlaceSearch, placeSearches, type PlaceSearchRow } from '../../db/places';
import type { Attribution as Credit, MapTiles, PlaceData, ZipPlace } from '../../generated/api';
import type { MapPlace } from './PlaceMap';
import { CardSkeleton } from '../../components/CardSkeleton';
import type { Found, PlaceKind, Search, useFinder } from './useFinder';

const dateOf = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function Attribution({ credit }: { credit: Credit }) {
  return (
    <p className="meta attribution">
      <a href={credit.url} target="_blank" rel="noopener noreferrer">
        {credit.text}
      </a>
    </p>
  );
}

/** Where the results came from when not fresh from the server. */
export function ResultNotes({ found, data }: { found: Found<unknown>; data: PlaceData }) {
  if (found.savedAt !== null) {
    return (
      <p className="card notice" role="status">
        Saved results from {dateOf(found.savedAt)}. You are offline or the server could not be reached; these are the places this device kept.
      </p>
    );
  }
  if (data.stale && data.updatedAt) {
    return (
      <p className="card notice" role="status">
        The map data service did not answer, so these are the places it gave on {dateOf(Date.parse(data.updatedAt))}.
      </p>
    );
  }
  return null;
}

/** Shown instead of "nothing found" where the server has no place data: what
 *  still helps today (the day's food and its recipes, or the day's movement). */
export function NoPlaceData({ kind }: { kind: PlaceKind }) {
  const core = use(loadCore());
  const date = todayIn(core);
  const food = useDaily('foodSpotlight', date);
  const exercise = useDaily('exerciseSuggestion', date);
  const farms = kind === 'farm';
  return (
    <section className="card" aria-labelledby="no-data-title">
      <h2 id="no-data-title" className="card-title">
        {farms ? 'Farm search is not available here yet' : 'Trail search is not available here yet'}
      </h2>
      <p>
        {farms ? 'Farms and markets' : 'Trails'} near you cannot be looked up on this server yet. Nothing is wrong with your ZIP code or
        your phone; please look again another day.
      </p>
      {farms ? (
        <p>
          Meanwhile, today&apos;s food is {food.data ? <strong>{food.data.name}</strong> : 'ready'}, with recipes to cook it.{' '}
          <Link className="btn btn-outline" to="/food-recipes">
            Today&apos;s food and recipes
          </Link>
        </p>
      ) : (
        <p>
          Meanwhile, today&apos;s movement is {exercise.data ? <strong>{exercise.data.title}</strong> : 'ready'}, with a timer to do it
          anywhere.{' '}
          <Link className="btn btn-outline" to="/exercise-timer">
            Today&apos;s movement
          </Link>
        </p>
      )}
    </section>
  );
}

/** Keeps (or lets go of) a search's places on the device for offline use. */
export function SaveArea({ kind, found, label }: { kind: PlaceKind; found: Found<unknown>; label: string }) {
  const client = useQueryClient();
  const [kept, setKept] = useState(found.kept);
  const [failed, setFailed] = useState(false);
  const toggle = async () => {
    try {
      await keepPlaceSearch(found.key, !kept);
      setKept(!kept);
      setFailed(false);
      await client.invalidateQueries({ queryKey: ['saved-areas', kind] });
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="save-area">
      <button type="button" className="btn btn-outline" aria-pressed={kept} onClick={() => void toggle()}>
        {kept ? `Saved for offline ✓ (remove)` : 'Save this area for offline'}
      </button>
      <p className="meta" role="status">
        {failed ? 'This device could not save the area: its storage may be full.' : kept ? `${label} stays on this device for the trail with no signal.` : ''}
      </p>
    </div>
  );
}

/** The areas saved on this device, to open without a connection. */
export function SavedAreas({ kind, onOpen }: { kind: PlaceKind; onOpen: (row: PlaceSearchRow) => void }) {
  const client = useQueryClient();
  const rows = useQuery({ queryKey: ['saved-areas', kind], queryFn: () => placeSearches(kind) });
  const kept = (rows.data ?? []).filter((r) => r.kept);
  if (kept.length === 0) return null;
  const remove = async (key: string) => {
    await forgetPlaceSearch(key);
    await client.invalidateQueries({ queryKey: ['saved-areas', kind] });
  };
  return (
    <section className="card" aria-labelledby={`saved-${kind}-title`}>
      <h2 id={`saved-${kind}-title`} className="card-title">
        Saved for offline
      </h2>
      <ul className="saved-areas">
        {kept.map((r) => (
          <li key={r.key}>
            <span>
              Near {r.zip}, within {r.radius} miles <span className="meta">· saved {dateOf(r.savedAt)}</span>
            </span>
            <span className="row-actions">
              <button type="button" className="btn btn-small btn-primary" onClick={() => onOpen(r)}>
                Open
              </button>
              <button type="button" className="btn btn-small btn-outline" aria-label={`Remove the saved area near ${r.zip}`} onClick={() => void remove(r.key)}>
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Directions: an OpenStreetMap search of the address, else the place on the map. */
export function Directions({ address, latitude, longitude }: { address: string | null; latitude: number; longitude: number }) {
  const href = address
    ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`
    : `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
  return (
    <a className="btn btn-small btn-outline" href={href} target="_blank" rel="noopener noreferrer">
      Directions
    </a>
  );
}

/** The full address of a place from its parts, if it has any. */
export function fullAddress(p: { address: string | null; city: string | null; state: string | null; zipCode: string | null }): string | null {
  const parts = [p.address, p.city, [p.state, p.zipCode].filter(Boolean).join(' ')].filter((x) => x && x.trim());
  return parts.length ? parts.join(', ') : null;
}

/** The ZIP code box, with the server's refusal of the ZIP searched beside it
 *  (gone once the box holds another). */
export function ZipField({ id, value, onChange, refusal }: {
  id: string;
  value: string;
  onChange: (zip: string) => void;
  refusal: { zip: string; message: string } | null;
}) {
  const shown = refusal !== null && refusal.zip === value.trim() ? refusal.message : null;
  return (
    <>
      <label className="field" htmlFor={id}>
        <span>ZIP code</span>
        <input id={id} name="zip" inputMode="numeric" autoComplete="postal-code" maxLength={5} value={value} placeholder="e.g. 43215"
          aria-invalid={shown !== null} aria-describedby={shown !== null ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)} />
      </label>
      {shown !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shown}
        </p>
      )}
    </>
  );
}

/** The panel of a search the server could not answer. */
export function SearchFailure({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <section className="card" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

/** A place's phone, website, email and directions, where it has them. */
export function PlaceActions({ place, address, websiteLabel, email = null }: {
  place: { phone: string | null; website: string | null; latitude: number; longitude: number };
  address: string | null;
  websiteLabel: string;
  email?: string | null;
}) {
  return (
    <p className="row-actions">
      {place.phone && (
        <a className="btn btn-small btn-outline" href={`tel:${place.phone.replace(/[^\d+]/g, '')}`}>
          {place.phone}
        </a>
      )}
      {place.website && (
        <a className="btn btn-small btn-outline" href={place.website} target="_blank" rel="noopener noreferrer">
          {websiteLabel}
        </a>
      )}
      {email && (
        <a className="btn btn-small btn-outline" href={`mailto:${email}`}>
          Email Farm
        </a>
      )}
      <Directions address={address} latitude={place.latitude} longitude={place.longitude} />
    </p>
  );
}

const PlaceMap = lazy(() => import('./PlaceMap'));

/** The map of the results, when online (the list holds all it shows). */
export function ResultsMap({ center, places, tiles, label }: { center: ZipPlace | null; places: MapPlace[]; tiles: MapTiles; label: string }) {
  if (!center || places.length === 0 || (typeof navigator !== 'undefined' && !navigator.onLine)) return null;
  return (
    <Suspense fallback={<div className="place-map" aria-hidden="true" />}>
      <PlaceMap center={center} places={places} tiles={tiles} label={label} />
    </Suspense>
  );
}

/** A search's results: where they came from, the list (or what the empty
 *  search offers), the area's save button and the credit. The heading and
 *  the empty state's title carry the id `{kind}s-found`. */
export function PlaceResults({ kind, found, data, credit, places, center, tiles, heading, empty, saveLabel, children }: {
  kind: PlaceKind;
  found: Found<unknown>;
  data: PlaceData;
  credit: Credit;
  places: MapPlace[];
  center: ZipPlace | null;
  tiles: MapTiles;
  heading: ReactNode;
  empty: ReactNode;
  saveLabel: string;
  children: ReactNode;
}) {
  const count = places.length;
  if (!data.configured) return <NoPlaceData kind={kind} />;
  return (
    <section aria-labelledby={`${kind}s-found`}>
      <ResultNotes found={found} data={data} />
      {count === 0 ? (
        <div className="card empty-state">{empty}</div>
      ) : (
        <>
          {heading}
          <SaveArea kind={kind} found={found} label={saveLabel} />
          <ResultsMap center={center} places={places} tiles={tiles} label={`Map of the ${kind}s found`} />
          {children}
        </>
      )}
      <Attribution credit={credit} />
    </section>
  );
}

/** What the page shows under its form: the intro before any search, then
 *  the search's progress, its failure or its results. */
export function FinderOutcome<T>({ search, found, refused, intro, failure, children }: {
  search: Search | null;
  found: ReturnType<typeof useFinder<T>>;
  refused: boolean;
  intro: ReactNode;
  failure: string;
  children: (found: Found<T>) => ReactNode;
}) {
  let body: ReactNode = null;
  if (search === null) body = intro;
  else if (found.isFetching) body = <CardSkeleton label="Searching..." count={3} />;
  else if (found.isError) body = refused ? null : <SearchFailure text={failure} onRetry={() => void found.refetch()} />;
  else if (found.data) body = children(found.data);
  // A screen reader hears that the search ended, not every card read out.
  const status = search !== null && !found.isFetching && found.data ? 'The search has finished: its results follow.' : '';
  return (
    <>
      <p className="sr-only" role="status">
        {status}
      </p>
      {body}
    </>
  );
}
