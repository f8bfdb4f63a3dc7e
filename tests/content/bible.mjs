// The whole KJV and WEB as Manna's reader serves them, read from the SWORD
// modules: every book of the 66 in order, every chapter, every verse's text
// without markup (a psalm's heading and the translators' notes left out).
// `extract-bible.mjs` writes them to server/content/bible/; `bible.test.mjs`
// reads the modules again and compares.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { KJV, OSIS_IDS, WEB, bookName, diatheke, plain } from './sword.mjs';

export const TRANSLATIONS = {
  kjv: { module: KJV, name: 'King James Version', package: 'sword-text-kjv' },
  web: { module: WEB, name: 'World English Bible', package: 'sword-text-web' },
};

export const bibleFile = (translation) =>
  new URL(`../../server/content/bible/${translation}.json.gz`, import.meta.url);

/** One book: { osis, name, chapters: [[verse text, ...], ...] } (a verse the translation leaves out is ''). */
function readBook(module, index) {
  const osis = OSIS_IDS[index];
  const raw = diatheke(module, osis).replace(/\([\w]+\)\s*$/, '');
  const labels = [...raw.matchAll(/(?<=^|[\s>])(?:I{1,3} )?[A-Z][A-Za-z ]*? (\d+):(\d+): /gm)];
  assert.ok(labels.length > 0, `${module} has no ${osis}`);
  const chapters = [];
  labels.forEach((m, i) => {
    const [chapter, verse] = [Number(m[1]), Number(m[2])];
    // A chapter's end mark closes its last verse; what follows it belongs to no verse.
    const text = raw.slice(m.index + m[0].length, labels[i + 1]?.index ?? raw.length).split(/<chapter eID=/)[0];
    chapters[chapter - 1] ??= [];
    chapters[chapter - 1][verse - 1] = plain(text);
  });
  for (const [c, verses] of chapters.entries()) {
    assert.ok(verses, `${module} ${osis} has no chapter ${c + 1}`);
    for (let v = 0; v < verses.length; v += 1) verses[v] ??= '';
  }
  return { osis, name: bookName(index), chapters };
}

/** A translation read from its module. */
export function readTranslation(translation, version) {
  const { module, name, package: pkg } = TRANSLATIONS[translation];
  return {
    translation,
    name,
    source: { package: pkg, version },
    books: OSIS_IDS.map((_, index) => readBook(module, index)),
  };
}

/** A translation as the checked-in file holds it. */
export function storedTranslation(translation) {
  return JSON.parse(gunzipSync(readFileSync(bibleFile(translation))).toString('utf8'));
}
