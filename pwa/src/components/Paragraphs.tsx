import { SpokenWords, type SpokenPlace } from './SpokenWords';

/** Text written with blank lines between paragraphs, as paragraphs; `now`
 *  (words being read aloud) is marked where it stands. */
export function Paragraphs({ text, now }: { text: string; now?: SpokenPlace | null }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>
            <SpokenWords text={p} now={now} />
          </p>
        ))}
    </>
  );
}
