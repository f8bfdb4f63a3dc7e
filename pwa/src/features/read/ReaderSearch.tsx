// The reader's search of a whole translation: on the server when it answers,
// else over the chapters kept on this device (scripture.ts), the typed words
// kept in the address.

import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '../../lib/query';
import { Link } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { messageOf } from '../../api/messageOf';
import { BIBLE_SEARCH_MAX } from '../../generated/content';
import { counted } from '../../lib/words';
import { readPath } from '../../lib/readPath';
import { searchBible, type TranslationId } from './scripture';

export function SearchBox({ translation, query, sideBySide, other }: { translation: TranslationId; query: string; sideBySide: boolean; other: string }) {
  const [, setSearch] = useSearchParams();
  const [typed, setTyped] = useState(query);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const short = translation.toUpperCase();
  // A phrase is shown in the quotes it was typed in; words in curly ones.
  const quoted = query.includes('"') ? query : `“${query}”`;
  const found = useQuery({ queryKey: ['bible-search', translation, query], queryFn: () => searchBible(translation, query), enabled: query !== '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = typed.trim();
    if (!/[\p{L}\p{N}]/u.test(text)) {
      setProblem('Type a word to search for.');
      return;
    }
    setProblem(null);
    const next = new URLSearchParams();
    if (sideBySide) next.set('with', other);
    next.set('q', text);
    setSearch(next);
  };
  const clear = () => {
    setTyped('');
    setProblem(null);
    const next = new URLSearchParams();
    if (sideBySide) next.set('with', other);
    setSearch(next);
  };

  return (
    <section className="card reader-search" aria-label={`Search the ${short}`}>
      <form role="search" className="row" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="sr-only">
          Search the {short}
        </label>
        <input
          id={inputId}
          type="search"
          value={typed}
          maxLength={BIBLE_SEARCH_MAX}
          placeholder={`Search the ${short}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-small">
          Search
        </button>
      </form>
      {problem && (
        <p id={`${inputId}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {query && (
        <div className="search-results" aria-live="polite">
          {found.isPending ? (
            <p className="muted" role="status">
              Searching the {short}…
            </p>
          ) : found.error ? (
            <p className="field-error" role="alert">
              {messageOf(found.error, 'The search did not finish. Try again.')}
            </p>
          ) : found.data ? (
            <>
              <p className="muted small" role="status">
                {found.data.total === 0
                  ? `No verse has ${quoted}`
                  : found.data.total > found.data.verses.length
                    ? `The first ${found.data.verses.length} of ${found.data.total.toLocaleString()} verses with ${quoted}`
                    : `${counted(found.data.total, 'verse', 'verses')} with ${quoted}`}
                {found.data.onDevice !== undefined &&
                  ` · offline, searched the ${found.data.onDevice.toLocaleString()} ${found.data.onDevice === 1 ? 'chapter' : 'chapters'} saved on this device`}
              </p>
              <ol className="verse-hits">
                {found.data.verses.map((v) => (
                  <li key={`${v.osis}-${v.chapter}-${v.verse}`}>
                    <Link to={`${readPath(translation, v.osis, v.chapter, v.verse)}`}>
                      {v.book} {v.chapter}:{v.verse}
                    </Link>{' '}
                    <span>{v.text}</span>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          <button type="button" className="link-btn" onClick={clear}>
            Clear the search
          </button>
        </div>
      )}
    </section>
  );
}

