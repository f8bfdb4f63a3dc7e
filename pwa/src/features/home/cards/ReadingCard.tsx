import type { BibleReading } from '../../../content/types';
import { useDaily } from '../../../content/useDaily';
import { ContentCard } from '../ContentCard';
import { useReadAloud } from '../useReadAloud';

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

export function ReadingCard({ date }: { date: string }) {
  const query = useDaily('bibleReading', date);
  const speech = useReadAloud();
  return (
    <ContentCard id="reading" title="Today's Reading" itemName="Bible reading" query={query} className="card-reading">
      {(r) => (
        <>
          <p className="reference">{r.reference}</p>
          <blockquote className="verse">{r.verse}</blockquote>
          <p>{r.reflection}</p>
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
          <div className="row" role="group" aria-label="Read aloud">
            {speech.state === 'idle' && (
              <button type="button" className="btn btn-primary" onClick={() => speech.listen(spokenText(r))}>
                Listen
              </button>
            )}
            {speech.state === 'speaking' && (
              <button type="button" className="btn" onClick={speech.pause}>
                Pause
              </button>
            )}
            {speech.state === 'paused' && (
              <button type="button" className="btn btn-primary" onClick={speech.resume}>
                Resume
              </button>
            )}
            {speech.state !== 'idle' && (
              <button type="button" className="btn" onClick={speech.stop}>
                Stop
              </button>
            )}
          </div>
        </>
      )}
    </ContentCard>
  );
}
