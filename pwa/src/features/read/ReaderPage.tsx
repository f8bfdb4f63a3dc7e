// /read/{translation}/{book}/{chapter}: the whole Bible, a chapter at a time.
// Pickers for the translation, the book and the chapter; verse numbers; the
// chapter before and after, across books; the KJV and the WEB side by side;
// a search of the whole translation; and "Download for offline". A verse in
// the address (#v16) is scrolled to and marked.

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { messageOf } from '../../api/client';
import { CardSkeleton } from '../../components/CardSkeleton';
import { PageHeader } from '../../components/PageHeader';
import { BIBLE_BOOKS, BIBLE_SEARCH_MAX, type BibleChapter } from '../../generated/content';
import { storage } from '../../lib/storage';
import { counted } from '../../lib/words';
import { cancelDownload, countSaved, downloadState, removeDownload, startDownload, subscribe } from './download';
import { readPath } from './paths';
import {
  bookOf,
  ChapterNotSaved,
  neighbours,
  readChapter,
  searchBible,
  translationOf,
  TRANSLATIONS,
  type Book,
  type TranslationId,
} from './scripture';

const LAST_READ = 'manna.lastRead';

/** `/read`: the chapter last read on this device, else Genesis 1. */
export function ReadStart() {
  const last = storage.get(LAST_READ);
  return <Navigate to={last?.startsWith('/read/') ? last : readPath('kjv', 'Gen', 1)} replace />;
}

export default function ReaderPage() {
  const params = useParams();
  const translation = translationOf(params.translation);
  const book = bookOf(params.book);
  const chapter = Number(params.chapter);
  if (!translation || !book || !Number.isInteger(chapter) || chapter < 1 || chapter > book.chapters) {
    return (
      <>
        <PageHeader title="Bible Reader" />
        <main className="page">
          <section className="card empty" role="status">
            <p>
              {!translation
                ? `There is no translation "${params.translation ?? ''}" here: Manna has the KJV and the WEB.`
                : !book
                  ? `There is no book "${params.book ?? ''}" in the Bible.`
                  : `${book.name} has ${counted(book.chapters, 'chapter', 'chapters')}.`}
            </p>
            <Link className="btn btn-primary" to={readPath(translation?.id ?? 'kjv', book?.osis ?? 'Gen', 1)}>
              Go to {book?.name ?? 'Genesis'} 1
            </Link>
          </section>
        </main>
      </>
    );
  }
  return <Reader translation={translation.id} book={book} chapter={chapter} />;
}

function Reader({ translation, book, chapter }: { translation: TranslationId; book: Book; chapter: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const other = TRANSLATIONS.find((t) => t.id !== translation)!;
  const sideBySide = search.get('with') === other.id;
  const query = search.get('q') ?? '';
  // Another chapter, still side by side when this one is.
  const keep = (path: string) => `${path}${sideBySide ? `?with=${other.id}` : ''}`;
  const go = (osis: string, n: number) => navigate(keep(readPath(translation, osis, n)));

  const main = useQuery({ queryKey: ['bible', translation, book.osis, chapter], queryFn: () => readChapter(translation, book.osis, chapter) });
  const parallel = useQuery({
    queryKey: ['bible', other.id, book.osis, chapter],
    queryFn: () => readChapter(other.id, book.osis, chapter),
    enabled: sideBySide,
  });

  useEffect(() => {
    storage.set(LAST_READ, `${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  const { previous, next } = neighbours(book, chapter);
  const title = `${book.name} ${chapter}`;
  const ids = { book: useId(), chapter: useId(), translation: useId() };

  return (
    <>
      <PageHeader title={title} />
      <main className="page reader">
        <nav className="card reader-pickers" aria-label="Choose a passage">
          <div className="reader-place">
            <div className="field">
              <label htmlFor={ids.book}>Book</label>
              <select id={ids.book} value={book.osis} onChange={(e) => go(e.target.value, 1)}>
                <optgroup label="Old Testament">
                  {BIBLE_BOOKS.slice(0, 39).map((b) => (
                    <option key={b.osis} value={b.osis}>
                      {b.name}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="New Testament">
                  {BIBLE_BOOKS.slice(39).map((b) => (
                    <option key={b.osis} value={b.osis}>
                      {b.name}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.chapter}>Chapter</label>
              <select id={ids.chapter} value={chapter} onChange={(e) => go(book.osis, Number(e.target.value))}>
                {Array.from({ length: book.chapters }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.translation}>Translation</label>
              <select id={ids.translation} value={translation} onChange={(e) => navigate(`${readPath(e.target.value, book.osis, chapter)}${sideBySide ? `?with=${translation}` : ''}`)}
              >
                {TRANSLATIONS.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.short}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={sideBySide}
              onChange={(e) => {
                const next = new URLSearchParams(search);
                if (e.target.checked) next.set('with', other.id);
                else next.delete('with');
                setSearch(next, { replace: true });
              }}
            />
            Show the {other.short} beside it
          </label>
        </nav>

        <SearchBox key={query} translation={translation} query={query} sideBySide={sideBySide} other={other.id} />

        <ChapterText
          title={title}
          translation={translation}
          main={main}
          parallel={sideBySide ? parallel : null}
          hash={location.hash}
        />

        <nav className="reader-turn" aria-label="Previous and next chapter">
          {previous ? (
            <Link className="btn btn-outline" to={keep(readPath(translation, previous[0].osis, previous[1]))} rel="prev">
              ← {previous[0].name} {previous[1]}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link className="btn btn-outline" to={keep(readPath(translation, next[0].osis, next[1]))} rel="next">
              {next[0].name} {next[1]} →
            </Link>
          )}
        </nav>

        <OfflineDownload translation={translation} />
      </main>
    </>
  );
}

type ChapterQuery = { data?: BibleChapter; isPending: boolean; error: Error | null; refetch: () => unknown };

function ChapterText({
  title,
  translation,
  main,
  parallel,
  hash,
}: {
  title: string;
  translation: TranslationId;
  main: ChapterQuery;
  parallel: ChapterQuery | null;
  hash: string;
}) {
  const marked = /^#v(\d+)$/.exec(hash)?.[1];
  const ref = useRef<HTMLElement>(null);
  const shown = Boolean(main.data) && (!parallel || !parallel.isPending);
  useEffect(() => {
    if (!shown || !marked) return;
    ref.current?.querySelector(`#v${marked}`)?.scrollIntoView({ block: 'center' });
  }, [shown, marked]);

  if (main.isPending) return <CardSkeleton label={`Loading ${title}`} count={2} />;
  if (!main.data) return <Unavailable title={title} error={main.error} onRetry={() => void main.refetch()} />;
  const names = Object.fromEntries(TRANSLATIONS.map((t) => [t.id, t.short]));
  const beside = parallel?.data;
  const besideText = new Map(beside?.verses.map((v) => [v.verse, v.text]));
  return (
    <article ref={ref} className={`card chapter ${parallel ? 'chapter-parallel' : ''}`} aria-labelledby="chapter-title">
      <h2 id="chapter-title" className="section-title">
        {title} <span className="muted small">{names[translation]}</span>
      </h2>
      {parallel && !beside && (
        <div className="muted small" role="status">
          {parallel.isPending ? (
            `Loading the ${names[translation === 'kjv' ? 'web' : 'kjv']}…`
          ) : (
            <Unavailable title={`${title} in the other translation`} error={parallel.error} onRetry={() => void parallel.refetch()} />
          )}
        </div>
      )}
      {beside && (
        <div className="verse-row verse-head" aria-hidden="true">
          <span />
          <span>{names[translation]}</span>
          <span>{names[beside.translation]}</span>
        </div>
      )}
      <div className="verses">
        {main.data.verses
          .filter((v) => v.text || besideText.get(v.verse))
          .map((v) => (
            <p key={v.verse} id={`v${v.verse}`} className={`verse-row ${marked === String(v.verse) ? 'verse-marked' : ''}`}>
              <sup className="verse-number">{v.verse}</sup>
              <span>{v.text || <span className="muted">(not in this translation)</span>}</span>
              {beside && (
                <span lang="en" className="verse-beside">
                  <span className="sr-only">{names[beside.translation]}: </span>
                  {besideText.get(v.verse) ?? ''}
                </span>
              )}
            </p>
          ))}
      </div>
      <p className="muted small">
        {translation === 'kjv'
          ? 'King James Version (1769), public domain.'
          : 'World English Bible, public domain.'}
        {beside && (beside.translation === 'kjv' ? ' Beside it: the King James Version.' : ' Beside it: the World English Bible.')}
      </p>
    </article>
  );
}

function Unavailable({ title, error, onRetry }: { title: string; error: Error | null; onRetry: () => void }) {
  return (
    <section className="card empty" role="status">
      <p>
        {error instanceof ChapterNotSaved
          ? `You are offline, and ${title} is not saved on this device yet. Chapters you read are kept; "Download for offline" keeps them all.`
          : messageOf(error, `${title} couldn't be loaded.`)}
      </p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

function SearchBox({ translation, query, sideBySide, other }: { translation: TranslationId; query: string; sideBySide: boolean; other: string }) {
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

function OfflineDownload({ translation }: { translation: TranslationId }) {
  const state = useSyncExternalStore(subscribe, () => downloadState(translation));
  const name = TRANSLATIONS.find((t) => t.id === translation)!;
  useEffect(() => {
    void countSaved(translation).catch(() => undefined);
  }, [translation]);
  const percent = Math.floor((state.saved / state.total) * 100);
  const label = `${state.saved.toLocaleString()} of ${state.total.toLocaleString()} chapters`;
  return (
    <section className="card reader-download" aria-labelledby="download-title">
      <h2 id="download-title" className="section-title">
        Download for offline
      </h2>
      <p className="muted small">
        Keep the whole {name.name} on this device (about 4 MB) to read and search it with no signal. Chapters you open are kept
        anyway.
      </p>
      {state.phase !== 'idle' && (
        <>
          <div
            className="progress"
            role="progressbar"
            aria-label={`${name.short} on this device`}
            aria-valuemin={0}
            aria-valuemax={state.total}
            aria-valuenow={state.saved}
            aria-valuetext={label}
          >
            <div className="progress-fill download-fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="small" role="status">
            {state.phase === 'done'
              ? `The whole ${name.short} is on this device.`
              : state.phase === 'running'
                ? `Downloading${state.book ? ` ${state.book}` : ''}… ${label}`
                : `${label} on this device.`}
          </p>
        </>
      )}
      {state.message && (
        <p className={state.phase === 'failed' ? 'field-error' : 'small'} role="alert">
          {state.message}
        </p>
      )}
      <div className="row">
        {state.phase === 'running' ? (
          <button type="button" className="btn btn-outline" onClick={() => cancelDownload(translation)}>
            Cancel
          </button>
        ) : state.phase !== 'done' ? (
          <button type="button" className="btn btn-primary" onClick={() => void startDownload(translation)} disabled={state.phase === 'idle'}>
            {state.phase === 'failed' || state.message ? 'Resume download' : `Download the ${name.short}`}
          </button>
        ) : null}
        {state.phase !== 'running' && state.saved > 0 && (
          <button type="button" className="btn btn-danger" onClick={() => void removeDownload(translation)}>
            Remove from this device
          </button>
        )}
      </div>
    </section>
  );
}
