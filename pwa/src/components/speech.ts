// Where the words being read aloud stand in their text, so that a card can
// mark them (the controls are ReadAloud.tsx, the engine readAloudEngine.ts).

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where the words being spoken (`said`, one piece of `speechChunks`) stand
 *  in `text`, as [start, end), or null when they are not in it. Spaces may
 *  differ, and the end of a piece may have gained a full stop or lost a comma
 *  or colon on its way to being said. */
export function spokenAt(text: string, said: string): [number, number] | null {
  const words = said.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const last = words.length - 1;
  words[last] = words[last].replace(/[.,:]$/, '');
  const ending = words[last] ? '[.,:]?' : '';
  const pattern = words.filter(Boolean).map(escaped).join('\\s+') + ending;
  if (!pattern) return null;
  const found = new RegExp(pattern).exec(text);
  return found ? [found.index, found.index + found[0].length] : null;
}
