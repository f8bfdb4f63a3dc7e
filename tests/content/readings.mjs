// What a day's reading takes from the packages (its verse from the KJV module,
// its quote's source from the commentary it is found in) and the rules its
// written parts keep: a reflection of 120–220 words and a prayer that answers
// the passage, none sharing a run of words or an opening with another.
import { bibleText } from './sword.mjs';
import { quoteIn, quoteSource, workOf } from './quotes.mjs';

export const REFLECTION_WORDS = [120, 220];
export const PRAYER_WORDS = [35, 120];
export const QUOTE_WORDS = [8, 80];
/** Two texts sharing this many words in a row repeat a formula. */
const RUN = 8;

export const words = (text) => text.split(/\s+/).filter(Boolean);
const bare = (text) => words(text.toLowerCase().replace(/[^a-z'\s-]/g, ' '));

/** The extracted fields of a reading: its verse, and its quote's full source
 *  (`work` is 'mhcc', 'tdavid' or 'scofield'; by default the one it names). */
export function readingParts(reading, work = workOf(reading.quoteSource ?? '')) {
  return {
    verse: bibleText('kjv', reading.reference),
    ...(work ? { quoteSource: quoteSource(work, reading.reference) } : {}),
  };
}

/** Why a reading's quote is not genuine, or null when it is found in its work on the passage. */
export function quoteProblem(reading) {
  const work = workOf(reading.quoteSource ?? '');
  if (!reading.csLewisQuote) return 'no quote';
  if (!work) return `quoteSource '${reading.quoteSource}' names none of the three commentaries`;
  if (reading.quoteSource !== quoteSource(work, reading.reference)) {
    return `quoteSource should be '${quoteSource(work, reading.reference)}'`;
  }
  const n = words(reading.csLewisQuote).length;
  if (n < QUOTE_WORDS[0] || n > QUOTE_WORDS[1]) return `the quote has ${n} words`;
  return quoteIn(work, reading.reference, reading.csLewisQuote) ? null : 'the quote is not in the commentary on this passage';
}

function runs(text, scripture) {
  const w = bare(text);
  const out = new Set();
  for (let i = 0; i + RUN <= w.length; i += 1) {
    const run = w.slice(i, i + RUN).join(' ');
    if (!scripture.includes(run)) out.add(run);
  }
  return out;
}

/**
 * What breaks the writing rules across `readings` ({id, reference, reflection,
 * prayer, verse?}): lengths, and any run of eight words or any three-word
 * opening two readings share (words of Scripture aside).
 */
export function writingProblems(readings) {
  const problems = [];
  const seenRuns = new Map();
  const openings = new Map();
  for (const r of readings) {
    const scripture = bare(r.verse ?? bibleText('kjv', r.reference)).join(' ');
    for (const [field, [min, max]] of [['reflection', REFLECTION_WORDS], ['prayer', PRAYER_WORDS]]) {
      const n = words(r[field] ?? '').length;
      if (n < min || n > max) problems.push(`${r.id}: ${field} has ${n} words (${min}–${max})`);
      for (const run of runs(r[field] ?? '', scripture)) {
        const other = seenRuns.get(run);
        if (other && other !== r.id) problems.push(`${r.id}: '${run}' is also in ${other}`);
        else seenRuns.set(run, r.id);
      }
    }
    const opening = bare(r.reflection ?? '').slice(0, 3).join(' ');
    if (openings.has(opening)) problems.push(`${r.id}: its reflection opens like ${openings.get(opening)}'s ('${opening}')`);
    openings.set(opening, r.id);
  }
  return problems;
}
