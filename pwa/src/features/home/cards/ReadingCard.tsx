import { Link } from '../../../lib/router';
import { LazyReadAloud } from '../../../components/LazyReadAloud';
import type { BibleReading } from '../../../content/types';
import type { VerseRange } from '../../../generated/content';
import { useDaily } from '../../../content/useDaily';
import { ContentCard } from '../ContentCard';
import type { Sentence } from '../../../components/ReadAloud';
import { SpokenWords } from '../../../components/SpokenWords';
import { Paragraphs } from '../../../components/Paragraphs';
import { readPath } from '../../../lib/readPath';
import { toast } from '../../../components/toast';
import { hasNoteDraft, HeartButton, NoteText, useChapterMarks, VerseTools } from '../../saved';
import { useState, type ReactNode } from 'react';

/** The parts of a reading in the order they are read aloud. */
const SPOKEN = ['reference', 'verse', 'reflection', 'quote', 'prayer'] as const;
type SpokenPart = (typeof SPOKEN)[number];

/** What read-aloud speaks, part by part (in `SPOKEN`'s order): reference,
 *  verse, reflection, quote with source, prayer, each ending its sentence (so
 *  each is read on its own); a part the reading lacks is empty. */
export function spokenParts(r: BibleReading): string[] {
  const words: Record<SpokenPart, string | null | undefined> = {
    reference: r.reference,
    verse: r.verse,
    reflection: r.reflection,
    quote: r.csLewisQuote && `${r.csLewisQuote} ${r.quoteSource ? `— ${r.quoteSource}` : ''}`,
    prayer: r.prayer,
  };
  return SPOKEN.map((key) => (words[key] || '').trim().replace(/[,:]$/, '')).map((part) =>
    !part || /[.!?;…]['"’”)\]]*$/.test(part) ? part : `${part}.`,
  );
}

/** The sentence being read aloud now, if it is of `part`. */
function nowIn(now: Sentence | null, part: SpokenPart): Sentence | null {
  return now && now.part === SPOKEN.indexOf(part) ? now : null;
}

function ShareButtons({ reference, verse }: { reference: string; verse: string }) {
  async function share(asImage: boolean) {
    try {
      const { shareImage, shareText, SHARED_WORDS } = await import('./share');
      const done = await (asImage ? shareImage : shareText)({ reference, verse });
      const words = SHARED_WORDS[done];
      if (words) toast(words);
    } catch {
      toast({ title: 'Could not share', description: 'This browser did not let the verse be shared or copied.', variant: 'destructive' });
    }
  }
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => void share(false)} aria-label={`Share ${reference}`}>
        Share
      </button>
      <button type="button" className="btn btn-outline" onClick={() => void share(true)} aria-label={`Share as image: ${reference}`}>
        Share as image
      </button>
    </>
  );
}

/** The verse in its highlight, with share, the heart, and the highlight and
 *  note tools (the note belongs to the passage's first verse). */
function MarkedPassage({ date, reference, verse, passage, now, unfold }: {
  date: string;
  reference: string;
  verse: string;
  passage: VerseRange;
  now: Sentence | null;
  /** Shown under a folded passage (null when it shows whole). */
  unfold: ReactNode;
}) {
  const marks = useChapterMarks(passage.osis, passage.chapter);
  const [open, setOpen] = useState(() => hasNoteDraft({ book: passage.osis, chapter: passage.chapter, verse: passage.from }));
  const color = marks.highlights.get(passage.from)?.fields.color ?? null;
  const note = marks.notes.get(passage.from);
  const first = { book: passage.osis, chapter: passage.chapter, verse: passage.from, text: passage.from === passage.to ? verse : null };
  return (
    <>
      <blockquote id={PASSAGE_ID} className={`verse ${color ? `hl-${color}` : ''} ${unfold ? 'folded' : ''}`}>
        <SpokenWords text={verse} now={now} />
        {color && <span className="sr-only"> (highlighted {color})</span>}
      </blockquote>
      {unfold}
      <div className="row share-row">
        <ShareButtons reference={reference} verse={verse} />
        <HeartButton date={date} reference={reference} verse={verse} />
        <button type="button" className="btn btn-outline" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Done' : note ? 'Highlight or edit note' : 'Highlight or note'}
        </button>
      </div>
      {open ? (
        <VerseTools label={reference} verses={() => import('./passageVerses').then((m) => m.passageVerses(passage, verse))} noteAt={first} color={color} note={note} marks={marks} />
      ) : (
        note && (
          <NoteText note={note.fields.note} />
        )
      )}
    </>
  );
}

const PASSAGE_ID = 'reading-passage';

/** Opens a long passage (a feast's whole story) that shows its first lines. */
function UnfoldButton({ onClick }: { onClick: () => void }) {
  return (
    <p className="unfold">
      <button type="button" className="link-btn" aria-expanded={false} aria-controls={PASSAGE_ID} onClick={onClick}>
        Read the whole passage
      </button>
    </p>
  );
}

export function ReadingCard({ date }: { date: string }) {
  const query = useDaily('bibleReading', date);
  /** The sentence being read aloud, if one is. */
  const [speaking, setSpeaking] = useState<Sentence | null>(null);
  /** Whether the person opened a long passage (listening opens it too). */
  const [whole, setWhole] = useState(false);
  return (
    <ContentCard id="reading" title="Today's Reading" itemName="Bible reading" query={query} className="card-reading">
      {(r) => (
        <>
          {r.place && <p className="eyebrow">{r.place}</p>}
          <p className="reference">
            {r.passage ? (
              <Link to={readPath('kjv', r.passage.osis, r.passage.chapter, r.passage.from)} title={`Read ${r.reference} in its chapter`}>
                <SpokenWords text={r.reference} now={nowIn(speaking, 'reference')} />
              </Link>
            ) : (
              <SpokenWords text={r.reference} now={nowIn(speaking, 'reference')} />
            )}
          </p>
          <LazyReadAloud
            onSentence={setSpeaking}
            text={() => {
              setWhole(true);
              return spokenParts(r);
            }}
            title={r.reference}
          />
          {r.passage ? (
            <MarkedPassage
              date={date}
              reference={r.reference}
              verse={r.verse}
              passage={r.passage}
              now={nowIn(speaking, 'verse')}
              unfold={r.passage.folded && !whole ? <UnfoldButton onClick={() => setWhole(true)} /> : null}
            />
          ) : (
            <>
              <blockquote className="verse">
                <SpokenWords text={r.verse} now={nowIn(speaking, 'verse')} />
              </blockquote>
              <div className="row share-row">
                <ShareButtons reference={r.reference} verse={r.verse} />
                <HeartButton date={date} reference={r.reference} verse={r.verse} />
              </div>
            </>
          )}
          <Paragraphs text={r.reflection} now={nowIn(speaking, 'reflection')} />
          {r.csLewisQuote && (
            <figure className="quote">
              <blockquote>
                “<SpokenWords text={r.csLewisQuote} now={nowIn(speaking, 'quote')} />”
              </blockquote>
              {r.quoteSource && (
                <figcaption>
                  <SpokenWords text={`— ${r.quoteSource}`} now={nowIn(speaking, 'quote')} />
                </figcaption>
              )}
            </figure>
          )}
          {r.prayer && (
            <div className="prayer">
              <h3>Prayer</h3>
              <p>
                <SpokenWords text={r.prayer} now={nowIn(speaking, 'prayer')} />
              </p>
            </div>
          )}
          <Link className="btn btn-outline" to="/bible">
            Study this passage
          </Link>
        </>
      )}
    </ContentCard>
  );
}
