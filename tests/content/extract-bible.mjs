// Writes the whole KJV and WEB from the installed SWORD packages to
// server/content/bible/{kjv,web}.json.gz, which the server serves and the app
// keeps for reading offline, and the verses in each chapter to
// sync-protocol/src/verse_counts.rs:  node tests/content/extract-bible.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { packageVersions } from './sword.mjs';
import { TRANSLATIONS, bibleFile, readTranslation, verseCountsFile, verseCountsSource } from './bible.mjs';

const versions = packageVersions();
const read = {};
for (const translation of Object.keys(TRANSLATIONS)) {
  const bible = readTranslation(translation, versions[TRANSLATIONS[translation].package]);
  read[translation] = bible;
  const file = bibleFile(translation);
  mkdirSync(new URL('.', file), { recursive: true });
  writeFileSync(file, gzipSync(JSON.stringify(bible), { level: 9 }));
  const verses = bible.books.reduce((n, b) => n + b.chapters.reduce((m, c) => m + c.length, 0), 0);
  console.log(`${translation}: ${bible.books.length} books, ${verses} verses -> ${file.pathname}`);
}
writeFileSync(verseCountsFile, verseCountsSource(read.kjv, read.web));
console.log(`verses in each chapter -> ${verseCountsFile.pathname}`);
