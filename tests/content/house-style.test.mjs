// One house style over everything Manna writes: curly quotation marks and
// apostrophes. Texts quoted from elsewhere (the KJV and WEB as extracted,
// commentaries, Strong's, hymns) keep their source's marks and are left out.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const DIR = new URL('../../server/content/', import.meta.url);

/** Keys whose text is quoted from a source, an id, a code or a link. */
const QUOTED = new Set([
  'id', 'formerIds', 'slot', 'series', 'reference', 'verse', 'verses', 'kjv', 'web', 'bibleVerse', 'verseReference',
  'csLewisQuote', 'quoteSource', 'commentary', 'lyrics', 'strongs', 'lemma', 'transliteration', 'pronunciation',
  'definition', 'kjvUsage', 'topic', 'under', 'passages', 'text', 'sources', 'scientificBasis', 'url', 'tags', 'category',
]);

/** Where `value` (found under `path`) has a straight quotation mark in Manna's own words. */
export function straightQuotes(value, path = []) {
  if (typeof value === 'string') return /["']/.test(value) ? [`${path.join('.')}: ${value.slice(0, 80)}`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => straightQuotes(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (QUOTED.has(k) ? [] : straightQuotes(v, [...path, k])));
  }
  return [];
}

test('Manna’s own words use curly quotation marks and apostrophes, in every content file', () => {
  const found = [];
  for (const name of readdirSync(DIR).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(new URL(name, DIR), 'utf8'));
    found.push(...straightQuotes(doc.items ?? doc).map((where) => `${name} ${where}`));
  }
  assert.deepEqual(found, []);
});

test('a straight quote in a written field is caught, and one in a quoted source is not', () => {
  assert.equal(straightQuotes({ reflection: 'He said, "Come."' }).length, 1);
  assert.equal(straightQuotes({ tips: ["It's warm."] }).length, 1);
  assert.equal(straightQuotes({ reflection: 'He said, “Come.” It’s warm.', csLewisQuote: 'Christ\'s "work"' }).length, 0);
});
