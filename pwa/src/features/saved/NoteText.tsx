// A person's note on a verse, as every page shows it.

export function NoteText({ note }: { note: string }) {
  return (
    <p className="verse-note-text">
      <span className="sr-only">Your note: </span>
      {note}
    </p>
  );
}
