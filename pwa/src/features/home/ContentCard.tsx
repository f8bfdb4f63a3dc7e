// The frame every daily card shares: its title, a loading skeleton, the
// "No … available for today" state, and the medical disclaimer.

import type { ReactNode } from 'react';
import type { QueryResult } from '../../lib/query';
import { DISCLAIMER } from '../../components/Disclaimer';
import { NotSavedOffline } from '../../content/useDaily';


interface Props<T> {
  id: string;
  title: string | ((item: T) => string);
  itemName: string;
  query: QueryResult<T | null>;
  className?: string | ((item: T) => string);
  children: (item: T) => ReactNode;
}

export function ContentCard<T>({ id, title, itemName, query, className, children }: Props<T>) {
  const item = query.data ?? null;
  const heading = typeof title === 'function' ? (item ? title(item) : '') : title;
  const extra = typeof className === 'function' ? (item ? className(item) : '') : (className ?? '');
  return (
    <section className={`card ${extra}`} aria-labelledby={`${id}-title`} aria-busy={query.isPending} data-card={id}>
      <h2 id={`${id}-title`} className="card-title">
        {heading || (typeof title === 'string' ? title : itemName)}
      </h2>
      {query.isPending ? (
        <div className="skeleton-group" role="status" aria-label={`Loading ${itemName}`}>
          <div className="skeleton skeleton-line wide" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
        </div>
      ) : item ? (
        children(item)
      ) : (
        <div className="empty">
          <p>No {itemName} available for today</p>
          {query.error instanceof NotSavedOffline && (
            <p className="muted small">You are offline and this day is not saved on this device yet.</p>
          )}
        </div>
      )}
      <p className="disclaimer">{DISCLAIMER}</p>
    </section>
  );
}

/** "PubMed search: topic — https://…" shown as what it is: a link to a
 *  search for the topic, not the source of a claim. */
export function SourceLink({ source }: { source?: string }) {
  if (!source) return null;
  const url = /https:\/\/\S+/.exec(source)?.[0];
  const said = source.replace(/\s*—\s*https:\/\/\S+/, '');
  const topic = /^PubMed search:\s*(.+)$/.exec(said)?.[1];
  const label = topic ? `Search PubMed for “${topic}”` : said;
  return (
    <p className="source small">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {label}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        label
      )}
    </p>
  );
}

export function Tags({ tags }: { tags?: string[] }) {
  if (!tags?.length) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="tag">
          {t}
        </li>
      ))}
    </ul>
  );
}

/** Comma-separated benefits shown as badges (split on comma plus space). */
export function Badges({ text }: { text: string }) {
  return <Tags tags={text.split(', ').filter(Boolean)} />;
}
