// Text with the words being read aloud now marked in it, so a person can
// follow along (and find their place again after looking away).

/** The words being read aloud, able to say where they stand in a text
 *  ([start, end), or null when they are not in it). */
export interface SpokenPlace {
  at: (text: string) => readonly [number, number] | null;
}

/** `text`, with `now` (the piece being spoken, if it is in `text`) marked. */
export function SpokenWords({ text, now }: { text: string; now?: SpokenPlace | null }) {
  const at = now ? now.at(text) : null;
  if (!at) return <>{text}</>;
  return (
    <>
      {text.slice(0, at[0])}
      <mark className="reading-now">{text.slice(at[0], at[1])}</mark>
      {text.slice(at[1])}
    </>
  );
}
