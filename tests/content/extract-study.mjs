// Fills in the extracted parts of server/content/bible-studies.json from the
// installed SWORD packages (see sword.mjs), keeping what is written for Manna
// (context, application, discussion) and the choices each study makes: which
// words to study (English word + Strong's number) and which Nave's topics to
// follow. Run after changing a choice:  node tests/content/extract-study.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { studyParts } from './study.mjs';
import { packageVersions } from './sword.mjs';

const file = fileURLToPath(new URL('../../server/content/bible-studies.json', import.meta.url));
const doc = JSON.parse(readFileSync(file, 'utf8'));
const readings = JSON.parse(
  readFileSync(new URL('../../server/content/bible-readings.json', import.meta.url), 'utf8'),
).items;

doc.items = doc.items.map((item) => {
  const reading = readings.find((r) => r.id === item.readingId);
  if (!reading) throw new Error(`${item.id}: no reading ${item.readingId}`);
  return { ...item, reference: reading.reference, ...studyParts(reading.reference, item) };
});
doc.sources = packageVersions();
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`${doc.items.length} studies written to ${file}`);
