// /read/{translation}/{book}/{chapter}: the whole Bible, a chapter at a time.
// Pickers for the translation, the book and the chapter; verse numbers; the
// chapter before and after, across books; the KJV and the WEB side by side;
// a search of the whole translation (ReaderSearch) and "Download for offline". A verse in
// the address (#v16) is scrolled to and marked.

import { useEffect, useId, useState } from 'react';
import { useQuery } from '../../lib/query';
import { Link, useLocation, useNavigate, useParams } from '../../lib/router';
import { Navigate, useSearchParams } from '../../lib/searchParams';
import { PageHeader } from '../../components/PageHeader';
import { BIBLE_BOOKS } from '../../generated/content';
import { storage } from '../../lib/storage';
import { counted } from '../../lib/words';
import { ChapterText } from './ChapterText';
import { chapterKey } from './firstChapter';
import { OfflineDownload } from './OfflineDownload';
import { SearchBox } from './ReaderSearch';
import { readPath } from '../../lib/readPath';
import {
  bookOf,
  neighbours,
  readChapter,
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

  const main = useQuery({ queryKey: chapterKey(translation, book.osis, chapter), queryFn: () => readChapter(translation, book.osis, chapter) });
  const parallel = useQuery({
    queryKey: chapterKey(other.id, book.osis, chapter),
    queryFn: () => readChapter(other.id, book.osis, chapter),
    enabled: sideBySide,
  });

  useEffect(() => {
    storage.set(LAST_READ, `${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  // Whether a chapter (or its failure) has been shown since the page opened.
  const [settled, setSettled] = useState(false);
  if (!settled && !main.isPending) setSettled(true);

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
          osis={book.osis}
          chapter={chapter}
          translation={translation}
          main={main}
          parallel={sideBySide ? parallel : null}
          hash={location.hash}
        />

        {/* Below the chapter, once the first one is in: while it loads they
            would sit under its placeholder, then jump down the page. Later
            chapters keep them in place (and a pressed link its focus). */}
        {settled && (
          <>
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

            <OfflineDownload translation={translation} opened={main.data ? `${book.osis} ${chapter}` : null} />
          </>
        )}
      </main>
    </>
  );
}
