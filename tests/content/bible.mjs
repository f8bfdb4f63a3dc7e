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

/** The Rust source of the verses in each chapter, book by book: the larger
 *  of the KJV's and the WEB's count (the WEB numbers two verses the KJV
 *  joins to the one before: 3 John 1:15 and Revelation 12:18), so a verse
 *  the reader shows in either can be highlighted or noted. */
export function verseCountsSource(kjv, web) {
  const counts = kjv.books.flatMap((b, i) => b.chapters.map((c, j) => Math.max(c.length, web.books[i].chapters[j].length)));
  const rows = [];
  for (let i = 0; i < counts.length; i += 20) rows.push(`    ${counts.slice(i, i + 20).join(', ')},`);
  return `//! How many verses each chapter has, chapter after chapter of the 66 books
//! in canonical order (${counts.length} chapters, ${counts.reduce((a, b) => a + b, 0)} verses): the KJV's versification, with
//! the two verses the WEB numbers apart (3 John 1:15, Revelation 12:18), so
//! a verse the reader shows in either translation can be highlighted. Written
//! by \`node tests/content/extract-bible.mjs\` from the installed SWORD modules
//! (${kjv.source.package} ${kjv.source.version}, ${web.source.package} ${web.source.version}); \`tests/content/bible.test.mjs\`
//! checks it against them. Do not edit by hand.

#[rustfmt::skip]
pub(crate) const VERSES: [u8; ${counts.length}] = [
${rows.join('\n')}
];
`;
}
