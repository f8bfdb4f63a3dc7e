// A verse's highlight and note, where it is read (the reading card, the
// reader): four colours to mark it, and a note to write, change or delete.
// What is typed in a note is kept on this device until it is saved, so a
// reload loses nothing.

import { useState, type FormEvent } from 'react';
import { NOTES_MAX, type HighlightColor } from '../../generated/records';
import { refusalInWords, TextArea } from '../../components/form';
import { toast } from '../../components/toast';
import { storage } from '../../lib/storage';
import { RecordRefused } from '../../sync/saveRecords';
import { colorName, deleteRecord, HIGHLIGHT_COLORS, saveNote, setHighlight } from './markWrites';
import type { ChapterMarks, NoteRecord, VerseWithText } from './marks';
import { draftKey } from './drafts';
import { NoteText } from './NoteText';


const failedWords = (error: unknown, what: string) =>
  error instanceof RecordRefused ? refusalInWords(error.refusal, { note: 'Note' }) : `${what} could not be kept on this device. Please try again.`;

export interface VerseToolsProps {
  /** How the verses are named ("John 3:16", the reading's reference). */
  label: string;
  /** The verses a colour marks, with their words where they can be had. */
  verses: () => Promise<VerseWithText[]>;
  /** The verse a note belongs to. */
  noteAt: VerseWithText;
  /** The verses' colour now (the first verse's), if any. */
  color: HighlightColor | null;
  note: NoteRecord | undefined;
  marks: ChapterMarks;
}

export function VerseTools({ label, verses, noteAt, color, note, marks }: VerseToolsProps) {
  const [draft, setDraftState] = useState<string | null>(() => storage.get(draftKey(noteAt)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (marks.failed) {
    return (
      <p className="muted small" role="status">
        Highlights and notes cannot be kept: this browser's storage is not available.
      </p>
    );
  }
  const setDraft = (text: string | null) => {
    setDraftState(text);
    if (text === null) storage.remove(draftKey(noteAt));
    else storage.set(draftKey(noteAt), text);
  };

  async function mark(next: HighlightColor | null) {
    setError(null);
    setBusy(true);
    try {
      await setHighlight(await verses(), next, marks.all.highlights);
    } catch (e) {
      setError(failedWords(e, 'The highlight'));
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    setError(null);
    setBusy(true);
    try {
      await saveNote(noteAt, draft, marks.all.notes);
      setDraft(null);
    } catch (e) {
      setError(failedWords(e, 'The note'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(current: NoteRecord) {
    setError(null);
    try {
      await deleteRecord('verseNotes', current.id);
      toast({
        title: 'Note deleted',
        description: `Your note on ${label} is gone.`,
        action: { label: 'Undo', onClick: () => void saveNote(current.fields, current.fields.note, []).catch(() => undefined) },
      });
    } catch (e) {
      setError(failedWords(e, 'The change'));
    }
  }

  return (
    <div className="verse-tools">
      <div className="swatches" role="group" aria-label={`Highlight ${label}`}>
        {HIGHLIGHT_COLORS.map((c) => (
          <button
            key={c.color}
            type="button"
            className={`swatch hl-${c.color}`}
            aria-pressed={color === c.color}
            aria-label={c.name}
            title={`Highlight in ${c.name.toLowerCase()}`}
            disabled={busy}
            onClick={() => void mark(color === c.color ? null : c.color)}
          >
            <span aria-hidden="true">{color === c.color ? '✓' : ''}</span>
          </button>
        ))}
        {color && (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void mark(null)}>
            Remove {colorName(color).toLowerCase()} highlight
          </button>
        )}
      </div>
      {draft !== null ? (
        <form className="note-form" onSubmit={(e) => void save(e)}>
          <TextArea
            label={`Your note on ${label}`}
            value={draft}
            onChange={(text) => setDraft(text)}
            maxLength={NOTES_MAX}
            error={error ?? undefined}
            hint={`Up to ${NOTES_MAX.toLocaleString()} characters. Kept on this device and synced to your others.`}
          />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save note
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {note && (
            <div className="verse-note">
              <NoteText note={note.fields.note} />
            </div>
          )}
          <div className="row">
            <button type="button" className="btn btn-outline btn-small" onClick={() => setDraft(note?.fields.note ?? '')}>
              {note ? 'Edit note' : 'Add a note'}
            </button>
            {note && (
              <button type="button" className="btn btn-small" onClick={() => void remove(note)}>
                Delete note
              </button>
            )}
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
