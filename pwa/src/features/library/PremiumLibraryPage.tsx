// /premium-library (premium): 'Recommended Reading' from eight public-domain
// Christian authors, filtered by author; 'Read Article' opens a Project
// Gutenberg search for the work in a new tab. Saved on the device after the
// first visit.

import { useState } from 'react';
import { Link } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { ListUnavailable } from '../../components/ListUnavailable';
import { ListNotSavedOffline, useContentList } from '../../content/useContentList';
import type { LibraryReading } from '../../generated/content';
import { PremiumOnly } from '../upgrade';

/** Who the authors were (shown in 'About These Experts'). */
const ABOUT: Record<string, string> = {
  'Augustine of Hippo': 'Bishop of Hippo in North Africa (354–430); his Confessions is among the most read Christian books.',
  'Thomas à Kempis': 'A German-Dutch monk (about 1380–1471), remembered for The Imitation of Christ.',
  'Julian of Norwich': 'An English anchoress (about 1343–after 1416), the first woman known to have written a book in English.',
  'Brother Lawrence': 'A lay brother and cook in a Paris monastery (about 1614–1691) who practiced constant conversation with God.',
  'Andrew Murray': 'A South African pastor and writer (1828–1917) on prayer, humility and abiding in Christ.',
  'John Bunyan': 'An English tinker and preacher (1628–1688), imprisoned for preaching, author of The Pilgrim’s Progress.',
  'Charles Spurgeon': 'A London Baptist preacher (1834–1892) whose sermons and devotionals are still read worldwide.',
  'Matthew Henry': 'A Welsh-born English minister (1662–1714), best known for his commentary on the whole Bible.',
};

export default function PremiumLibraryPage() {
  return (
    <PremiumOnly title="Premium Library" className="library">
      {() => <Library />}
    </PremiumOnly>
  );
}

function Library() {
  const list = useContentList<LibraryReading>('/api/premium-library');
  const [author, setAuthor] = useState('all');
  if (list.isPending) return <CardSkeleton label="Loading the library" count={3} />;
  if (!list.data?.length) {
    return (
      <ListUnavailable what="the library's readings" offline={list.error instanceof ListNotSavedOffline} failed={list.isError} onRetry={() => void list.refetch()} />
    );
  }
  const authors = [...new Set(list.data.map((r) => r.author))];
  const shown = author === 'all' ? list.data : list.data.filter((r) => r.author === author);
  return (
    <>
      <h2 className="section-title">Recommended Reading</h2>
      <p>Classic Christian books in the public domain, free to read. Each link searches Project Gutenberg for the work.</p>
      <label className="field level-filter">
        <span>Author</span>
        <select value={author} onChange={(e) => setAuthor(e.target.value)}>
          <option value="all">All Authors</option>
          {authors.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <p className="meta" role="status">
        {shown.length} readings
      </p>
      {shown.map((r) => (
        <article key={r.id} className="card" aria-labelledby={r.id}>
          <h3 id={r.id}>{r.title}</h3>
          <p className="tags">
            <span className="tag">{r.topic}</span>
            <span className="tag">{r.category}</span>
          </p>
          <p className="meta">{r.author}</p>
          <p>{r.description}</p>
          <a className="btn btn-outline" href={r.url} target="_blank" rel="noopener noreferrer">
            Read Article<span className="sr-only">: {r.title} (opens Project Gutenberg in a new tab)</span>
          </a>
        </article>
      ))}
      <section className="card" aria-labelledby="experts-title">
        <h2 id="experts-title" className="card-title">
          About These Experts
        </h2>
        <dl>
          {authors.map((a) => (
            <div key={a}>
              <dt>
                <strong>{a}</strong>
              </dt>
              <dd>{ABOUT[a] ?? ''}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="row-actions">
        <Link className="btn btn-outline" to="/">
          Back to Home
        </Link>
        <Link className="btn btn-outline" to="/premium-dashboard">
          Premium Dashboard
        </Link>
      </div>
    </>
  );
}
