// /farm-finder: farm shops and farmers' markets near a ZIP code, from
// OpenStreetMap. The search is manual: pressing Find Farms searches the
// trimmed ZIP within the chosen radius (10, 25, 50 or 100 miles). Each farm
// shows only what the data says. The last searches and the areas saved for
// offline stay on the device.

import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import type { Farm, FarmSearch } from '../../generated/api';
import { FinderOutcome, PlaceActions, PlaceResults, SavedAreas, ZipField, fullAddress } from './FinderParts';
import { useFinderSearch, type Found } from './useFinder';

const RADII = [10, 25, 50, 100];

export default function FarmFinderPage() {
  const [zip, setZip] = useState('');
  const [radius, setRadius] = useState(25);
  const { search, found, refused, refusal, run } = useFinderSearch<FarmSearch>('farm', 'Failed to search farms');
  const busy = found.isFetching;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(zip, radius);
  };

  return (
    <main className="page finders">
      <PageHeader title="Find Organic Farms" />
      <form className="card form" role="search" aria-label="Find farms" onSubmit={submit}>
        <ZipField id="farm-zip" value={zip} onChange={setZip} refusal={refusal} />
        <label className="field" htmlFor="farm-radius">
          <span>Search radius</span>
          <select id="farm-radius" value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
            {(RADII.includes(radius) ? RADII : [...RADII, radius].sort((a, b) => a - b)).map((r) => (
              <option key={r} value={r}>
                {r} miles
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={!zip.trim() || busy}>
          {busy ? 'Searching...' : 'Find Farms'}
        </button>
      </form>

      <SavedAreas kind="farm" onOpen={(row) => { setZip(row.zip); setRadius(row.radius); run(row.zip, row.radius); }} />

      <FinderOutcome search={search} found={found} refused={refused} failure="Unable to search farms at this time. Please try again later." intro={<Intro />}>
        {(data) => <Results found={data} onWider={(z, wider) => { setRadius(wider); run(z, wider); }} />}
      </FinderOutcome>
    </main>
  );
}

function Intro() {
  return (
    <>
      <section className="card" aria-labelledby="farm-intro-title">
        <h2 id="farm-intro-title" className="card-title">
          Find Local Organic Farms
        </h2>
        <ul className="highlights">
          <li>
            <strong>Fresh from the field:</strong> farm shops and farmers' markets near you.
          </li>
          <li>
            <strong>Know your grower:</strong> hours, what they sell and how to reach them, where the map has it.
          </li>
          <li>
            <strong>Pay your way:</strong> cards, SNAP/EBT and WIC, where the farm has said so.
          </li>
        </ul>
      </section>
      <section className="card" aria-labelledby="why-local-title">
        <h2 id="why-local-title" className="card-title">
          Why Choose Organic &amp; Local?
        </h2>
        <p>
          Food picked close to home travels less and is often picked riper. Buying from the people who grow it lets you ask how it was
          grown, and keeps your money in your own community.
        </p>
      </section>
    </>
  );
}

function Results({ found, onWider }: { found: Found<FarmSearch>; onWider: (zip: string, radius: number) => void }) {
  const { result } = found;
  const radius = result.radius ?? 25;
  return (
    <PlaceResults kind="farm" found={found} data={result.data} credit={result.attribution} places={result.farms} center={result.center} tiles={result.map}
      saveLabel={`The farms near ${result.zip} within ${radius} miles`}
      heading={
        <h2 id="farms-found" className="section-title">
          Found {result.farms.length} organic farm{result.farms.length === 1 ? '' : 's'} near {result.zip}
        </h2>
      }
      empty={
        <>
          <h2 id="farms-found" className="card-title">
            No farms found in this area
          </h2>
          {radius < 200 && (
            <button type="button" className="btn btn-primary" onClick={() => onWider(result.zip ?? '', radius * 2)}>
              Search within {radius * 2} miles
            </button>
          )}
        </>
      }>
      {result.farms.map((f) => (
        <FarmCard key={f.id} farm={f} />
      ))}
    </PlaceResults>
  );
}

function FarmCard({ farm: f }: { farm: Farm }) {
  const address = fullAddress(f);
  const pays = [f.acceptsCredit && 'Credit Cards', f.acceptsSNAP && 'SNAP/EBT', f.acceptsWIC && 'WIC'].filter(Boolean) as string[];
  return (
    <article className="card place" aria-labelledby={`farm-${f.id}`}>
      <h3 id={`farm-${f.id}`}>
        {f.name} {f.isOrganicCertified && <span className="tag organic">Certified Organic</span>}
      </h3>
      <p className="meta">
        {f.category}
        {f.distanceLabel && ` · ${f.distanceLabel}`}
      </p>
      {address && <p>{address}</p>}
      {f.description && <p>{f.description}</p>}
      {f.products && (
        <>
          <p className="label">Products Available:</p>
          <ul className="tags">
            {f.products.map((p) => (
              <li key={p} className="tag">
                {p}
              </li>
            ))}
          </ul>
        </>
      )}
      {f.operatingHours && <p>Hours: {f.operatingHours}</p>}
      {pays.length > 0 && (
        <ul className="tags" aria-label="Payment accepted">
          {pays.map((p) => (
            <li key={p} className="tag payment">
              {p}
            </li>
          ))}
        </ul>
      )}
      <PlaceActions place={f} address={address} websiteLabel="Visit Website" email={f.email} />
    </article>
  );
}
