// Text with the words being read aloud now marked in it, so a person can
// follow along (and find their place again after looking away).

import { spokenAt } from './speech';

/** `text`, with `now` (the piece being spoken, if it is in `text`) marked. */
export function SpokenWords({ text, now }: { text: string; now?: string | null }) {
  const at = now ? spokenAt(text, now) : null;
  if (!at) return <>{text}</>;
  return (
    <>
      {text.slice(0, at[0])}
      <mark className="reading-now">{text.slice(at[0], at[1])}</mark>
      {text.slice(at[1])}
    </>
  );
}
