// A chapter as the reader shows it: its verses with their numbers, the other
// translation beside them when asked, the verse named in the address marked,
// what the person highlighted and noted (a verse's number opens its
// highlight and note), and what to do when the chapter cannot be had.

import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { messageOf } from '../../api/messageOf';
import { CardSkeleton } from '../../components/CardSkeleton';
import type { BibleChapter } from '../../generated/content';
import { placeName } from '../../lib/places';
import { hasNoteDraft, NoteText, useChapterMarks, VerseTools } from '../saved';
import { ChapterNotSaved, TRANSLATIONS, type TranslationId } from './scripture';

export type ChapterQuery = { data?: BibleChapter; isPending: boolean; error: Error | null; refetch: () => unknown };

export function ChapterText({
  title,
  osis,
  chapter,
  translation,
  main,
  parallel,
  hash,
}: {
  title: string;
  osis: string;
  chapter: number;
  translation: TranslationId;
  main: ChapterQuery;
  parallel: ChapterQuery | null;
  hash: string;
}) {
  const marked = /^#v(\d+)$/.exec(hash)?.[1];
  const ref = useRef<HTMLElement>(null);
  const shown = Boolean(main.data) && (!parallel || !parallel.isPending);
  const marks = useChapterMarks(osis, chapter);
  // The verse whose tools are open, named with its chapter (another chapter
  // opens with none).
  // Until a verse is chosen, a note left unsaved (a reload, a closed tab)
  // opens again where it was typed.
  const [chosen, setOpen] = useState<string | null | undefined>(undefined);
  const left = chosen === undefined ? main.data?.verses.find((v) => hasNoteDraft({ book: osis, chapter, verse: v.verse })) : undefined;
  const open = chosen !== undefined ? chosen : left ? placeName({ book: osis, chapter, verse: left.verse }) : null;
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
      <p className="muted small">
        Tap a verse number to highlight the verse or write a note on it. They are all on your <Link to="/saved">Saved</Link> page.
      </p>
      <div className="verses">
        {main.data.verses
          .filter((v) => v.text || besideText.get(v.verse))
          .map((v) => {
            const color = marks.highlights.get(v.verse)?.fields.color ?? null;
            const note = marks.notes.get(v.verse);
            const place = placeName({ book: osis, chapter, verse: v.verse });
            const isOpen = open === place;
            return (
              <div key={v.verse} className="verse-block">
                <p id={`v${v.verse}`} className={`verse-row ${marked === String(v.verse) ? 'verse-marked' : ''} ${color ? `hl-${color}` : ''}`}>
                  <button
                    type="button"
                    className="verse-number"
                    aria-expanded={isOpen}
                    aria-label={`Verse ${v.verse}: highlight or note`}
                    onClick={() => setOpen(isOpen ? null : place)}
                  >
                    {v.verse}
                  </button>
                  <span>
                    {v.text || <span className="muted">(not in this translation)</span>}
                    {color && <span className="sr-only"> (highlighted {color})</span>}
                  </span>
                  {beside && (
                    <span lang="en" className="verse-beside">
                      <span className="sr-only">{names[beside.translation]}: </span>
                      {besideText.get(v.verse) ?? ''}
                    </span>
                  )}
                </p>
                {isOpen ? (
                  <VerseTools
                    label={place}
                    verses={() => Promise.resolve([{ book: osis, chapter, verse: v.verse, text: v.text || null }])}
                    noteAt={{ book: osis, chapter, verse: v.verse, text: v.text || null }}
                    color={color}
                    note={note}
                    marks={marks}
                  />
                ) : (
                  note && (
                    <NoteText note={note.fields.note} />
                  )
                )}
              </div>
            );
          })}
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

