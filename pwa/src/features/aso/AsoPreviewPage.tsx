// /aso-preview: the app-store listing toolkit. Every figure here is a fixed
// sample for planning the store listing, not a measurement, and says so.

import { useState } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';

type TabId = 'listing' | 'keywords' | 'screenshots' | 'competitors' | 'metrics';

const TABS = [
  { id: 'listing', label: 'Listing' },
  { id: 'keywords', label: 'Keywords' },
  { id: 'screenshots', label: 'Screenshots' },
  { id: 'competitors', label: 'Competitors' },
  { id: 'metrics', label: 'Metrics' },
] as const;

const STATS = [
  { label: 'Target rank', value: '#5' },
  { label: 'Conversion', value: '3.5%' },
  { label: 'Rating', value: '4.8' },
  { label: 'Keywords', value: '100' },
];

const KEYWORDS = [
  { word: 'daily bible reading', volume: 'High', difficulty: 'Hard' },
  { word: 'christian wellness', volume: 'Medium', difficulty: 'Medium' },
  { word: 'prayer journal', volume: 'High', difficulty: 'Hard' },
  { word: 'devotional app', volume: 'Medium', difficulty: 'Medium' },
  { word: 'healthy habits faith', volume: 'Low', difficulty: 'Easy' },
  { word: 'meditation scripture', volume: 'Low', difficulty: 'Easy' },
];

const SCREENSHOTS = [
  "Today's reading with read-aloud",
  'The exercise timer, step by step',
  'Hymns and prayers for worship',
  'Weight tracking with progress',
  'Works offline, on the trail',
];

const COMPETITORS = [
  { name: 'Sample app A', rating: '4.7', reviews: '12k' },
  { name: 'Sample app B', rating: '4.5', reviews: '3k' },
  { name: 'Sample app C', rating: '4.2', reviews: '900' },
];

const METRICS = [
  { label: 'Impressions', value: '10,000' },
  { label: 'Product page views', value: '1,200' },
  { label: 'Installs', value: '350' },
  { label: 'Conversion', value: '3.5%' },
];

function SampleNote() {
  return <p className="meta sample-note">Sample figures for planning, not real measurements.</p>;
}

export default function AsoPreviewPage() {
  const [tab, setTab] = useState<TabId>('listing');
  const [tracked, setTracked] = useState<string | null>(null);

  return (
    <>
      <PageHeader title="App Store Toolkit" />
      <main className="page aso">
        <SampleNote />
        <ul className="stats plain-list" aria-label="Sample targets">
          {STATS.map((s) => (
            <li key={s.label} className="stat">
              <span className="stat-value">{s.value}</span>
              <span className="stat-label">{s.label}</span>
            </li>
          ))}
        </ul>

        <Tabs name="aso" label="Store listing toolkit" tabs={TABS} selected={tab} onSelect={setTab}>
          {tab === 'listing' && (
            <section className="card listing">
              <div className="row">
                <img src="/icons/icon-192.png" alt="" width={64} height={64} className="app-icon" />
                <div>
                  <h2>Manna</h2>
                  <p className="meta">Daily faith and wellness · Health &amp; Fitness</p>
                </div>
              </div>
              <p>
                A Bible reading with reflection and prayer every morning, with a health tip, a food spotlight, an exercise
                with a guided timer and hymns for worship. Keeps your prayer journal, weights and lists on your phone, and
                works with no signal.
              </p>
            </section>
          )}
          {tab === 'keywords' && (
            <section className="card">
              <h2>Keywords</h2>
              {tracked && <p role="status">Tracking “{tracked}”.</p>}
              <ul className="plain-list stack">
                {KEYWORDS.map((k) => (
                  <li key={k.word} className="row keyword">
                    <span>
                      <strong>{k.word}</strong>
                      <span className="meta">
                        {' '}
                        · volume {k.volume} · difficulty {k.difficulty}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="btn btn-small btn-outline"
                      aria-pressed={tracked === k.word}
                      onClick={() => setTracked(k.word)}
                    >
                      {tracked === k.word ? 'Tracked' : 'Track'}
                      <span className="sr-only"> {k.word}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {tab === 'screenshots' && (
            <section className="card">
              <h2>Screenshots</h2>
              <ol>
                {SCREENSHOTS.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
            </section>
          )}
          {tab === 'competitors' && (
            <section className="card">
              <h2>Competitors</h2>
              <ul className="plain-list stack">
                {COMPETITORS.map((c) => (
                  <li key={c.name}>
                    <strong>{c.name}</strong>
                    <span className="meta">
                      {' '}
                      · rating {c.rating} · {c.reviews} reviews
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {tab === 'metrics' && (
            <section className="card">
              <h2>Metrics</h2>
              <dl className="facts">
                {METRICS.map((m) => (
                  <div key={m.label}>
                    <dt>{m.label}</dt>
                    <dd>{m.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </Tabs>

        <section className="card" aria-labelledby="aso-tools">
          <h2 id="aso-tools">Tools</h2>
          <p className="meta">Export, A/B tests and localization are not available in this preview.</p>
          <div className="row">
            <button type="button" className="btn btn-outline" disabled>
              Export
            </button>
            <button type="button" className="btn btn-outline" disabled>
              A/B Test
            </button>
            <button type="button" className="btn btn-outline" disabled>
              Localization
            </button>
          </div>
        </section>
        <Link className="btn btn-primary" to="/">
          Back to App
        </Link>
      </main>
    </>
  );
}
