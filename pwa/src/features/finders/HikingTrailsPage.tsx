// /hiking-trails: hiking routes and named paths near a ZIP code, from
// OpenStreetMap. The search runs once Find Trails has been pressed with a
// ZIP; each press searches again. The radius is 1 to 100 miles (25 when it
// is not a number). Each trail shows only what the data says. The last
// searches and the areas saved for offline stay on the device.

import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import type { Trail, TrailSearch } from '../../generated/api';
import { FinderOutcome, PlaceActions, PlaceResults, SavedAreas, ZipField, fullAddress } from './FinderParts';
import { useFinderSearch, type Found } from './useFinder';

const MAX_RADIUS = 100;

/** The radius typed: 1 to 100, 25 when it is not a number. */
function radiusOf(typed: string): number {
  const n = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(n)) return 25;
  return Math.min(MAX_RADIUS, Math.max(1, n));
}

export default function HikingTrailsPage() {
  const [zip, setZip] = useState('');
  const [radius, setRadius] = useState('25');
  const { search, found, refused, refusal, run } = useFinderSearch<TrailSearch>('trail', 'Failed to search for trails. Please try again.');
  const busy = found.isFetching;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(zip, radiusOf(radius));
  };

  return (
    <main className="page finders">
      <PageHeader title="Hiking Trails" />
      {/* The radius is read as the spec says (1 to 100, else 25), not refused by the browser. */}
      <form className="card form" role="search" aria-label="Find trails" onSubmit={submit} noValidate>
        <ZipField id="trail-zip" value={zip} onChange={setZip} refusal={refusal} />
        <label className="field" htmlFor="trail-radius">
          <span>Radius (miles)</span>
          <input id="trail-radius" type="number" min={1} max={MAX_RADIUS} value={radius} onChange={(e) => setRadius(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!zip.trim() || busy}>
          {busy ? 'Searching...' : 'Find Trails'}
        </button>
      </form>

      <SavedAreas kind="trail" onOpen={(row) => { setZip(row.zip); setRadius(String(row.radius)); run(row.zip, row.radius); }} />

      <FinderOutcome search={search} found={found} refused={refused} failure="Failed to search for trails. Please try again." intro={<section className="card" aria-labelledby="trail-intro-title">
            <h2 id="trail-intro-title" className="card-title">
              Nature Meditation Paths
            </h2>
            <p>
              Find hiking routes and paths near you, with how hard they are, what they are made of and whether dogs and bikes are
              welcome, where the map says so. Save an area for offline before you lose your signal.
            </p>
          </section>}>
        {(data) => <Results found={data} onWider={(z, wider) => { setRadius(String(wider)); run(z, wider); }} />}
      </FinderOutcome>
    </main>
  );
}

function Results({ found, onWider }: { found: Found<TrailSearch>; onWider: (zip: string, radius: number) => void }) {
  const { result } = found;
  return (
    <PlaceResults kind="trail" found={found} data={result.data} credit={result.attribution} places={result.trails} center={result.center} tiles={result.map}
      saveLabel={`The trails near ${result.zip} within ${result.radius} miles`}
      heading={
        <h2 id="trails-found" className="section-title">
          Found {result.trails.length} trails near {result.zip} <span className="tag">Within {result.radius} miles</span>
        </h2>
      }
      empty={
        <>
          <h2 id="trails-found" className="card-title">
            No trails found
          </h2>
          <p>Try expanding your search radius or search a different area.</p>
          {result.radius < MAX_RADIUS && (
            <button type="button" className="btn btn-primary" onClick={() => onWider(result.zip, Math.min(MAX_RADIUS, result.radius * 2))}>
              Search within {Math.min(MAX_RADIUS, result.radius * 2)} miles
            </button>
          )}
        </>
      }>
      {result.trails.map((t) => (
        <TrailCard key={t.id} trail={t} />
      ))}
    </PlaceResults>
  );
}

function TrailCard({ trail: t }: { trail: Trail }) {
  const address = fullAddress(t);
  const flags = [t.dogFriendly && 'Dog-friendly', t.wheelchairAccessible && 'Wheelchair accessible', t.bikingAllowed && 'Biking allowed'].filter(Boolean) as string[];
  const facts = [
    t.distanceLabel && `${t.distanceLabel} away`,
    t.surface && `Surface: ${t.surface}`,
    t.elevation !== null && `Elevation: ${t.elevation.toLocaleString('en-US')} ft`,
    t.hours && `Hours: ${t.hours}`,
  ].filter(Boolean) as string[];
  return (
    <article className="card place" aria-labelledby={`trail-${t.id}`}>
      <h3 id={`trail-${t.id}`}>
        {t.name} {t.difficultyLabel && <span className={`tag difficulty-${t.difficulty}`}>{t.difficultyLabel}</span>}
      </h3>
      {address && <p>{address}</p>}
      {t.rating !== null && (
        <p className="meta">
          Rated {t.rating} ({t.reviewCount ?? 0} reviews)
        </p>
      )}
      {facts.length > 0 && <p className="meta">{facts.join(' · ')}</p>}
      {t.description && <p>{t.description}</p>}
      {[...(t.facilities ?? []), ...(t.features ?? [])].length > 0 && (
        <ul className="tags" aria-label="Facilities and features">
          {[...(t.facilities ?? []), ...(t.features ?? [])].map((x) => (
            <li key={x} className="tag">
              {x}
            </li>
          ))}
        </ul>
      )}
      {flags.length > 0 && (
        <ul className="tags" aria-label="Allowed">
          {flags.map((x) => (
            <li key={x} className="tag payment">
              {x}
            </li>
          ))}
        </ul>
      )}
      <PlaceActions place={t} address={address} websiteLabel="Website" />
    </article>
  );
}
