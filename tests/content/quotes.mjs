// The three public-domain commentaries a reading may quote, as the Debian
// packages ship them, and where in them a quote is found:
//   Matthew Henry's Concise Commentary (sword-comm-mhcc) on the passage,
//   C. H. Spurgeon's Treasury of David (sword-comm-tdavid) on the psalm: his
//     own overview and exposition, not the older writers he collected after it,
//   the Scofield Reference Notes of 1917 (sword-comm-scofield) on the passage's verses.
// A reading's `quoteSource` is '<work>, on <passage>'; `quoteIn` finds the
// quote word for word (spacing aside) in that work's text for that passage.
import assert from 'node:assert/strict';
import { bookName, commentary, diatheke, formatReference, osisVerses, parseReference, plain } from './sword.mjs';

export const WORKS = {
  mhcc: 'Matthew Henry, Concise Commentary',
  tdavid: 'C. H. Spurgeon, The Treasury of David',
  scofield: 'C. I. Scofield, Scofield Reference Notes (1917)',
};

/** Spurgeon's own parts of an entry: before the collected notes begin. */
const OWN_SECTION = /^(?:Psalms? \d+(?: OVERVIEW)?|TITLE\.?|DIVISION\.?|SUBJECT\.?|AUTHOR\.?|EXPOSITION\.?)$/;

/** Spurgeon's overview and exposition of a whole psalm. */
export function spurgeonOnPsalm(psalm) {
  const raw = diatheke('TDavid', `Ps ${psalm}:1`).replace(/\(TDavid\)\s*$/, '');
  const parts = raw.split(/<title[^>]*>([\s\S]*?)<\/title>/);
  // parts: [before, title, text, title, text, ...]
  const own = [parts[0]];
  for (let i = 1; i < parts.length; i += 2) {
    if (OWN_SECTION.test(plain(parts[i]))) own.push(parts[i + 1]);
  }
  const text = plain(own.join(' ')).replace(/^Psalms \d+:1:\s*/, '');
  assert.ok(text.length > 200, `The Treasury of David has no exposition of Psalm ${psalm}`);
  return text;
}

/** Scofield's notes on each verse of a passage, joined. */
export function scofieldOn(reference) {
  const passage = parseReference(reference);
  return osisVerses('Scofield', passage).map(plain).join(' ');
}

/** The text of `work` a reading of `reference` may quote, and the passage it covers. */
export function commentOn(work, reference) {
  const p = parseReference(reference);
  if (work === 'mhcc') {
    const { section, text } = commentary(reference);
    return { passage: section, text };
  }
  if (work === 'tdavid') {
    assert.equal(bookName(p.book), 'Psalms', `The Treasury of David is on the Psalms, not ${reference}`);
    return { passage: `Psalm ${p.chapter}`, text: spurgeonOnPsalm(p.chapter) };
  }
  assert.equal(work, 'scofield', `no commentary '${work}'`);
  return { passage: formatReference(p), text: scofieldOn(reference) };
}

const spaced = (t) => t.replace(/\s+/g, ' ').trim();

/** The `quoteSource` of a quote from `work` on a reading of `reference`. */
export function quoteSource(work, reference) {
  return `${WORKS[work]}, on ${commentOn(work, reference).passage}`;
}

/** Which work a `quoteSource` names, or undefined. */
export function workOf(source) {
  return Object.keys(WORKS).find((key) => source.startsWith(`${WORKS[key]}, on `));
}

/** Whether `quote` stands word for word in `work`'s text on `reference`. */
export function quoteIn(work, reference, quote) {
  return spaced(commentOn(work, reference).text).includes(spaced(quote));
}
