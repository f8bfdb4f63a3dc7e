// What a day's reading takes from the packages (its verse from the KJV module,
// its quote's source from the commentary it is found in) and the rules its
// written parts keep: a reflection of 120–220 words and a prayer that answers
// the passage, none sharing a run of words or an opening with another; and
// what the year reads on its great days: the feasts' accounts whole, the
// Passion through Holy Week, Psalm 22 and Isaiah 52:13-53:12 in Lent.
import { bibleText, bookName, formatReference, parseReference } from './sword.mjs';
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

/** The great days that read their account whole: the passage each day's reading must hold. */
export const READ_WHOLE = {
  'christmas-day': 'Luke 2:1-14',
  epiphany: 'Matthew 2:1-12',
  'palm-sunday': 'Mark 11:1-11',
  'easter-day': 'Matthew 28:1-10',
  pentecost: 'Acts 2:1-21',
};
/** Holy Week's days after Palm Sunday, each read in the chapters of the Passion. */
const HOLY_WEEK = ['holy-monday', 'holy-tuesday', 'holy-wednesday', 'maundy-thursday', 'good-friday', 'holy-saturday'];
const PASSION = ['Matthew 26', 'Matthew 27', 'Mark 14', 'Mark 15', 'Luke 22', 'Luke 23', 'John 13', 'John 18', 'John 19'];
/** Good Friday reads the crucifixion through to the death: one of these verses. */
const DEATH = ['Matthew 27:50', 'Mark 15:37', 'Luke 23:46', 'John 19:30'];
/** What Lent reads before Holy Week, every verse of it on some day of Lent. */
export const IN_LENT = ['Psalm 22:1-31', 'Isaiah 52:13-15', 'Isaiah 53:1-12'];

/** Whether `reading`'s passage holds all of `passage`. */
function holds(reading, passage) {
  const r = parseReference(reading.reference);
  const p = parseReference(passage);
  return r.book === p.book && r.chapter === p.chapter && r.from <= p.from && p.to <= r.to;
}

/**
 * Where the year's readings ({slot, reference}) fail to carry the Passion and
 * the feasts: a great day clipped, a day of Holy Week read outside the Passion,
 * a Good Friday that stops before the death, or a verse of Psalm 22 or the
 * Servant Song (Isaiah 52:13-53:12) that Lent leaves unread.
 */
export function passionProblems(readings) {
  const problems = [];
  const on = (slot) => readings.find((r) => r.slot === slot);
  for (const [slot, passage] of Object.entries(READ_WHOLE)) {
    const r = on(slot);
    if (!r || !holds(r, passage)) problems.push(`${slot} reads ${r?.reference ?? 'nothing'}, not the whole of ${passage}`);
  }
  for (const slot of HOLY_WEEK) {
    const r = on(slot);
    const p = r && parseReference(r.reference);
    if (!p || !PASSION.includes(`${bookName(p.book)} ${p.chapter}`)) {
      problems.push(`${slot} reads ${r?.reference ?? 'nothing'}, outside the Passion`);
    }
  }
  const friday = on('good-friday');
  if (!friday || !DEATH.some((verse) => holds(friday, verse))) {
    problems.push(`good-friday reads ${friday?.reference ?? 'nothing'}, which does not reach his death (${DEATH.join(', ')})`);
  }
  const lent = readings.filter((r) => r.slot?.startsWith('lent-'));
  for (const passage of IN_LENT) {
    const p = parseReference(passage);
    const unread = [];
    for (let v = p.from; v <= p.to; v += 1) {
      const verse = formatReference({ ...p, from: v, to: v });
      if (!lent.some((r) => holds(r, verse))) unread.push(verse);
    }
    if (unread.length) problems.push(`Lent does not read ${unread.join(', ')}`);
  }
  return problems;
}
