import { Link } from 'react-router';
import { PlayControls } from '../../../components/PlayControls';
import type { BibleReading } from '../../../content/types';
import { useDaily } from '../../../content/useDaily';
import { ContentCard } from '../ContentCard';
import { useReadAloud } from '../../../components/useReadAloud';
import { Paragraphs } from '../../../components/Paragraphs';
import { readPath } from '../../read';
import { toast } from '../../../components/toast';

/** What read-aloud speaks: reference, verse, reflection, quote with source, prayer. */
export function spokenText(r: BibleReading): string {
  return [
    r.reference,
    r.verse,
    r.reflection,
    r.csLewisQuote && `${r.csLewisQuote} ${r.quoteSource ? `— ${r.quoteSource}` : ''}`,
    r.prayer,
  ]
    .filter(Boolean)
    .join('. ');
}

/** What a person is told after sharing. */
const SHARED_WORDS = {
  shared: null,
  cancelled: null,
  copied: { title: 'Copied', description: 'The verse and its reference are on your clipboard.' },
  saved: { title: 'Image saved', description: 'The verse image is in your downloads.' },
} as const;

function ShareButtons({ reference, verse }: { reference: string; verse: string }) {
  async function share(asImage: boolean) {
    try {
      const { shareImage, shareText } = await import('./share');
      const done = await (asImage ? shareImage : shareText)({ reference, verse });
      const words = SHARED_WORDS[done];
      if (words) toast(words);
    } catch {
      toast({ title: 'Could not share', description: 'This browser did not let the verse be shared or copied.', variant: 'destructive' });
    }
  }
  return (
    <div className="row share-row">
      <button type="button" className="btn btn-outline" onClick={() => void share(false)} aria-label={`Share ${reference}`}>
        Share
      </button>
      <button type="button" className="btn btn-outline" onClick={() => void share(true)} aria-label={`Share as image: ${reference}`}>
        Share as image
      </button>
    </div>
  );
}

export function ReadingCard({ date }: { date: string }) {
  const query = useDaily('bibleReading', date);
  const speech = useReadAloud();
  return (
    <ContentCard id="reading" title="Today's Reading" itemName="Bible reading" query={query} className="card-reading">
      {(r) => (
        <>
          {r.place && <p className="eyebrow">{r.place}</p>}
          <p className="reference">
            {r.passage ? (
              <Link to={readPath('kjv', r.passage.osis, r.passage.chapter, r.passage.from)} title={`Read ${r.reference} in its chapter`}>
                {r.reference}
              </Link>
            ) : (
              r.reference
            )}
          </p>
          <blockquote className="verse">{r.verse}</blockquote>
          <ShareButtons reference={r.reference} verse={r.verse} />
          <Paragraphs text={r.reflection} />
          {r.csLewisQuote && (
            <figure className="quote">
              <blockquote>“{r.csLewisQuote}”</blockquote>
              {r.quoteSource && <figcaption>— {r.quoteSource}</figcaption>}
            </figure>
          )}
          {r.prayer && (
            <div className="prayer">
              <h3>Prayer</h3>
              <p>{r.prayer}</p>
            </div>
          )}
          <PlayControls
            label="Read aloud"
            startLabel="Listen"
            state={speech.state === 'speaking' ? 'playing' : speech.state}
            onStart={() => speech.listen(spokenText(r))}
            onPause={speech.pause}
            onResume={speech.resume}
            onStop={speech.stop}
          />
          <Link className="btn btn-outline" to="/bible">
            Study this passage
          </Link>
        </>
      )}
    </ContentCard>
  );
}
