// The premium library: at least 27 readings by 8 public-domain Christian
// authors, each 'Read Article' link a Project Gutenberg search for that work
// (a search address cannot point at a page that does not exist).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const readings = JSON.parse(readFileSync(new URL('../../server/content/premium-library.json', import.meta.url), 'utf8')).items;
// Each died long before 1929; their works are in the public domain.
const AUTHORS = ['Augustine of Hippo', 'Thomas à Kempis', 'Julian of Norwich', 'Brother Lawrence', 'Andrew Murray', 'John Bunyan', 'Charles Spurgeon', 'Matthew Henry'];

test('27 or more readings by the 8 authors', () => {
  assert.ok(readings.length >= 27, `${readings.length}`);
  assert.deepEqual([...new Set(readings.map((r) => r.author))].sort(), [...AUTHORS].sort());
});

for (const r of readings) {
  test(`${r.title}: its link searches Project Gutenberg for the work`, () => {
    const url = new URL(r.url);
    assert.equal(`${url.origin}${url.pathname}`, 'https://www.gutenberg.org/ebooks/search/');
    const query = url.searchParams.get('query').toLowerCase();
    const surname = r.author.split(' ').at(-1).toLowerCase();
    assert.ok(query.includes(surname) || query.includes('augustine'), `${query} names the author`);
    const mainTitle = r.title.split(/[:,]/)[0].toLowerCase().replace(/^the /, '');
    assert.ok(mainTitle.split(' ').some((w) => w.length > 3 && query.includes(w)), `${query} names the work`);
    assert.ok(r.description.length > 60);
  });
}
