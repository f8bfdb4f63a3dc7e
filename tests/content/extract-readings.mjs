// Fills in the extracted parts of server/content/bible-readings.json from the
// installed SWORD packages: each reading's `verse` from the KJV module and its
// quote's full `quoteSource` (the commentary's section on the passage), keeping
// what is written for Manna. Run after changing a reference or a quote:
//   node tests/content/extract-readings.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readingParts } from './readings.mjs';
import { packageVersions } from './sword.mjs';

const file = fileURLToPath(new URL('../../server/content/bible-readings.json', import.meta.url));
const doc = JSON.parse(readFileSync(file, 'utf8'));
doc.items = doc.items.map((item) => ({ ...item, ...readingParts(item) }));
doc.sources = packageVersions();
writeFileSync(file, `${JSON.stringify({ sources: doc.sources, items: doc.items }, null, 2)}\n`);
console.log(`${doc.items.length} readings written to ${file}`);
