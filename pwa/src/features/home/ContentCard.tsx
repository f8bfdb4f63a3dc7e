// The frame every daily card shares: its title, a loading skeleton, the
// "No … available for today" state, and the medical disclaimer.

import type { ReactNode } from 'react';
import type { QueryResult } from '../../lib/query';
import { DISCLAIMER } from '../../components/disclaimerText';
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
