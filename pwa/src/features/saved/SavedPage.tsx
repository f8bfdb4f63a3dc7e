// /saved: what a person kept from their reading, from this device and their
// others: favorite readings (newest first), highlighted verses (in the
// Bible's order, by colour if asked) and notes on verses (last written
// first). Each leads back to its verse in the reader and can be let go.

import { useState, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { LiveList } from '../../components/LiveList';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import type { HighlightColor } from '../../generated/records';
import { recordDate } from '../../lib/dates';
import { counted } from '../../lib/words';
import { useRecords, type Stored } from '../../sync/useRecords';
import type { Live } from '../../lib/live';
import { readPath } from '../../lib/readPath';
import { TableRefusals } from '../refusals';
import { colorName, deleteRecord, HIGHLIGHT_COLORS } from './markWrites';
import type { VersePlace } from './marks';
import { canonicalOrder, placeName } from '../../lib/places';
import { NoteText } from './NoteText';

const verseLink = (p: VersePlace) => readPath('kjv', p.book, p.chapter, p.verse);

/** When a note was last written, in words. */
const writtenOn = (at: string) => new Date(at).toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' });

type Kept = 'favoriteReadings' | 'highlights' | 'verseNotes';

/** The button that lets one kept thing go (`label` names it for a screen reader). */
function LetGo({ table, id, what, label, text = 'Remove' }: { table: Kept; id: string; what: string; label: string; text?: string }) {
  async function letGo() {
    try {
      await deleteRecord(table, id);
    } catch {
      toast({ title: 'Not removed', description: `${what} could not be removed on this device. Please try again.`, variant: 'destructive' });
    }
  }
  return (
    <button type="button" className="btn btn-small" aria-label={label} onClick={() => void letGo()}>
      {text}
    </button>
  );
}

/** One kind of kept thing: its heading with how many there are, and its list. */
function Shelf({ id, title, count, children }: { id: string; title: string; count: number | undefined; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title} {count !== undefined && <span className="muted small">({count})</span>}
      </h2>
      {children}
    </section>
  );
}

function Favorites({ live }: { live: Live<Stored<'favoriteReadings'>[]> }) {
  const sorted = { ...live, value: live.value && [...live.value].sort((a, b) => b.fields.date.localeCompare(a.fields.date)) };
  return (
    <Shelf id="saved-favorites" title="Favorite readings" count={live.value?.length}>
      <TableRefusals table="favoriteReadings" what="favorite readings" describe={(f) => f.reference || 'A favorite reading'} />
      <LiveList
        live={sorted}
        what="favorite readings"
        empty={
          <p className="empty-line">
            No favorites yet. Tap the heart on <Link to="/">today's reading</Link> to keep it here.
          </p>
        }
      >
        {(items) => (
          <ul className="saved-list">
            {items.map((f) => (
              <li key={f.id} className="saved-item">
                <p className="saved-head">
                  <strong>{f.fields.reference}</strong>
                  <span className="muted small">Reading of {recordDate(f.fields.date)}</span>
                </p>
                <blockquote className="verse">{f.fields.verse}</blockquote>
                <LetGo table="favoriteReadings" id={f.id} what="The favorite" label={`Remove ${f.fields.reference} from favorites`} />
              </li>
            ))}
          </ul>
        )}
      </LiveList>
    </Shelf>
  );
}

function Highlights({ live }: { live: Live<Stored<'highlights'>[]> }) {
  const [only, setOnly] = useState<HighlightColor | null>(null);
  const shown = {
    ...live,
    value: live.value && [...live.value].filter((h) => !only || h.fields.color === only).sort((a, b) => canonicalOrder(a.fields, b.fields)),
  };
  return (
    <Shelf id="saved-highlights" title="Highlights" count={live.value?.length}>
      <TableRefusals table="highlights" what="highlights" describe={(h) => placeName(h)} />
      {live.value && live.value.length > 0 && (
        <div className="row swatch-filter" role="group" aria-label="Show highlights of one colour">
          <button type="button" className="btn btn-small" aria-pressed={only === null} onClick={() => setOnly(null)}>
            All
          </button>
          {HIGHLIGHT_COLORS.map((c) => (
            <button key={c.color} type="button" className="btn btn-small" aria-pressed={only === c.color} onClick={() => setOnly(c.color)}>
              <span className={`dot hl-${c.color}`} aria-hidden="true" /> {c.name} ({live.value?.filter((h) => h.fields.color === c.color).length})
            </button>
          ))}
        </div>
      )}
      <LiveList
        live={shown}
        what="highlights"
        empty={
          <p className="empty-line">
            {only
              ? `No verses are highlighted in ${colorName(only).toLowerCase()}.`
              : 'No highlights yet. In the Bible reader, tap a verse number and choose a colour.'}
          </p>
        }
      >
        {(items) => (
          <ul className="saved-list">
            {items.map((h) => (
              <li key={h.id} className={`saved-item saved-highlight hl-${h.fields.color}`}>
                <p className="saved-head">
                  <Link to={verseLink(h.fields)}>{placeName(h.fields)}</Link>
                  <span className="muted small">{colorName(h.fields.color)}</span>
                </p>
                {h.fields.text && <p className="verse-line">{h.fields.text}</p>}
                <LetGo table="highlights" id={h.id} what="The highlight" label={`Remove the highlight on ${placeName(h.fields)}`} />
              </li>
            ))}
          </ul>
        )}
      </LiveList>
    </Shelf>
  );
}

function Notes({ live }: { live: Live<Stored<'verseNotes'>[]> }) {
  const sorted = { ...live, value: live.value && [...live.value].sort((a, b) => b.fields.updatedAt.localeCompare(a.fields.updatedAt)) };
  return (
    <Shelf id="saved-notes" title="Notes" count={live.value?.length}>
      <TableRefusals table="verseNotes" what="notes on verses" describe={(n) => `Your note on ${placeName(n)}`} fieldLabels={{ note: 'Note' }} />
      <LiveList
        live={sorted}
        what="notes"
        empty={<p className="empty-line">No notes yet. Tap a verse number in the Bible reader, or "Highlight or note" on today's reading.</p>}
      >
        {(items) => (
          <ul className="saved-list">
            {items.map((n) => (
              <li key={n.id} className="saved-item">
                <p className="saved-head">
                  <Link to={verseLink(n.fields)}>{placeName(n.fields)}</Link>
                  <span className="muted small">Written {writtenOn(n.fields.updatedAt)}</span>
                </p>
                {n.fields.text && <p className="verse-line muted">{n.fields.text}</p>}
                <NoteText note={n.fields.note} />
                <div className="row">
                  <Link className="btn btn-small btn-outline" to={verseLink(n.fields)} aria-label={`Edit in the reader: ${placeName(n.fields)}`}>
                    Edit in the reader
                  </Link>
                  <LetGo table="verseNotes" id={n.id} what="The note" label={`Delete your note on ${placeName(n.fields)}`} text="Delete" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </LiveList>
    </Shelf>
  );
}

export default function SavedPage() {
  const favorites = useRecords('favoriteReadings');
  const highlights = useRecords('highlights');
  const notes = useRecords('verseNotes');
  const count = (live: Live<unknown[]>) => live.value?.length ?? 0;
  return (
    <>
      <PageHeader title="Saved" />
      <main className="page saved-page">
        <p className="muted">
          What you keep from your reading: {counted(count(favorites), 'favorite', 'favorites')},{' '}
          {counted(count(highlights), 'highlight', 'highlights')} and {counted(count(notes), 'note', 'notes')}. Kept on this device, even offline, and synced to your other devices.
        </p>
        <Favorites live={favorites} />
        <Highlights live={highlights} />
        <Notes live={notes} />
      </main>
    </>
  );
}
