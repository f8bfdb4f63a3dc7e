// The whole KJV and WEB as Manna's reader serves them, read from the SWORD
// modules: every book of the 66 in order, every chapter, every verse's text
// without markup (a psalm's heading and the translators' notes left out).
// `extract-bible.mjs` writes them to server/content/bible/, and the KJV's
// verses in each chapter to sync-protocol (the versification a highlight's or
// a note's verse is checked against); `bible.test.mjs` reads the modules
// again and compares.
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { KJV, OSIS_IDS, WEB, bookName, bookOsis, plain } from './sword.mjs';

export const TRANSLATIONS = {
  kjv: { module: KJV, name: 'King James Version', package: 'sword-text-kjv' },
  web: { module: WEB, name: 'World English Bible', package: 'sword-text-web' },
};

export const bibleFile = (translation) =>
  new URL(`../../server/content/bible/${translation}.json.gz`, import.meta.url);

/** One book: { osis, name, chapters: [[verse text, ...], ...] } (a verse the translation leaves out is ''). */
function readBook(module, index) {
  const chapters = bookOsis(module, index).map((verses) => verses.map(plain));
  return { osis: OSIS_IDS[index], name: bookName(index), chapters };
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

export const verseCountsFile = new URL('../../sync-protocol/src/verse_counts.rs', import.meta.url);

/** The Rust source of the verses in each chapter of `bible`, book by book. */
export function verseCountsSource(bible) {
  const counts = bible.books.flatMap((b) => b.chapters.map((c) => c.length));
  const rows = [];
  for (let i = 0; i < counts.length; i += 20) rows.push(`    ${counts.slice(i, i + 20).join(', ')},`);
  return `//! How many verses each chapter has in the King James Version's
//! versification, chapter after chapter of the 66 books in canonical order
//! (${counts.length} chapters, ${counts.reduce((a, b) => a + b, 0)} verses). Written by
//! \`node tests/content/extract-bible.mjs\` from the installed SWORD module
//! (${bible.source.package} ${bible.source.version}); \`tests/content/bible.test.mjs\`
//! checks it against the module. Do not edit by hand.

#[rustfmt::skip]
pub(crate) const VERSES: [u8; ${counts.length}] = [
${rows.join('\n')}
];
`;
}
