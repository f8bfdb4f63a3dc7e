// /home-remedies (premium): type a symptom or tap one of the 12 quick symptoms
// (it fills the box and searches after 100 ms) and get educational home
// remedies: what to do, what to avoid and when to see a professional. The
// server finds the symptom (other words for it, typos) and sends remedies to
// members only.

import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '../../lib/query';
import { apiRequest } from '../../api/client';
import { CardSkeleton } from '../../components/CardSkeleton';
import { SearchFailed } from '../../components/SearchFailed';
import { SYMPTOM_MAX, type RemedySearch } from '../../generated/content';
import { PremiumOnly } from '../upgrade';

const QUICK = ['Sore Throat', 'Headache', 'Nausea', 'Congestion', 'Constipation', 'Diarrhea', 'Insomnia', 'Indigestion', 'Cold Virus', 'Stress', 'Inflammation', 'Minor Cuts'];
/** Spec: a quick symptom searches 100 ms after it fills the box. */
const CHIP_DELAY_MS = 100;

export default function HomeRemediesPage() {
  return (
    <PremiumOnly title="Home Remedies" className="remedies" marked>
      {() => <Remedies />}
    </PremiumOnly>
  );
}

function Remedies() {
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const timer = useRef<number>(undefined);
  const result = useQuery({
    queryKey: ['remedies', searched],
    queryFn: () => apiRequest<RemedySearch>('GET', `/api/home-remedies/search?symptom=${encodeURIComponent(searched ?? '')}`),
    enabled: searched !== null,
    staleTime: Infinity,
    retry: false,
  });
  const search = (text: string) => {
    if (text.trim()) setSearched(text.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(typed);
  };
  const choose = (symptom: string) => {
    setTyped(symptom);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => search(symptom), CHIP_DELAY_MS);
  };

  return (
    <>
      <form className="card form" role="search" onSubmit={submit} aria-label="Find remedies">
        <label className="field" htmlFor="symptom">
          <span>What symptom would you like help with?</span>
          <input id="symptom" name="symptom" value={typed} maxLength={SYMPTOM_MAX} placeholder="e.g. sore throat, can't sleep" onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!typed.trim() || result.isFetching}>
          {result.isFetching ? 'Searching...' : 'Find Remedies'}
        </button>
        <ul className="tags quick-symptoms" aria-label="Quick symptoms">
          {QUICK.map((q) => (
            <li key={q}>
              <button type="button" className="tag chip" onClick={() => choose(q)}>
                {q}
              </button>
            </li>
          ))}
        </ul>
      </form>

      <div aria-live="polite">
        {searched === null ? (
          <section className="card" aria-labelledby="welcome-title">
            <h2 id="welcome-title" className="card-title">
              Natural Remedies from Your Kitchen
            </h2>
            <p>
              Search a common symptom to find simple home remedies, what to avoid, and the signs that mean it is time to see a doctor.
              Quick symptoms above search at a tap.
            </p>
          </section>
        ) : result.isFetching ? (
          <CardSkeleton label="Searching..." count={2} />
        ) : result.isError ? (
          <SearchFailed what="Remedy search" onRetry={() => void result.refetch()} />
        ) : result.data ? (
          <Result r={result.data} onChoose={choose} />
        ) : null}
      </div>
    </>
  );
}

function Result({ r, onChoose }: { r: RemedySearch; onChoose: (s: string) => void }) {
  if (!r.found) {
    return (
      <section className="card empty" aria-labelledby="none-title">
        <h2 id="none-title" className="card-title">
          No Remedies Found
        </h2>
        <p>{r.message}</p>
        <ul className="tags">
          {r.suggestions.map((s) => (
            <li key={s}>
              <button type="button" className="tag chip" onClick={() => onChoose(s)}>
                {s}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const list = (items: string[]) => (
    <ul>
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
  return (
    <>
      <h2 className="section-title">Remedies for {r.symptom}</h2>
      {r.message && <p className="card notice">{r.message}</p>}
      {r.primaryRemedies.map((m) => (
        <article key={m.name} className="card" aria-labelledby={`remedy-${m.name}`}>
          <h3 id={`remedy-${m.name}`}>{m.name}</h3>
          <h4>Ingredients</h4>
          {list(m.ingredients)}
          <p>
            <strong>How to:</strong> {m.instructions}
          </p>
          <p>
            <strong>Benefits:</strong> {m.benefits}
          </p>
          <p className="meta">When: {m.timing}</p>
        </article>
      ))}
      <section className="card" aria-labelledby="support-title">
        <h3 id="support-title">Additional Support</h3>
        {list(r.additionalSupport)}
      </section>
      <section className="card" aria-labelledby="avoid-title">
        <h3 id="avoid-title">What to Avoid</h3>
        {list(r.avoidList)}
      </section>
      <section className="card seek-care" aria-labelledby="care-title">
        <h3 id="care-title">When to Seek Professional Care</h3>
        <p>{r.whenToSeekCare}</p>
      </section>
      <p className="disclaimer">{r.disclaimer}</p>
    </>
  );
}
