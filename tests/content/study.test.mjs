// The Bible Study Center's texts: every study's extracted parts match the
// installed SWORD packages exactly (word studies against Strong's, the KJV and
// the WEB, Matthew Henry's comment, Nave's passages), one study for every
// reading, and the parts written for Manna are there and say something.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PACKAGES, packageVersions } from './sword.mjs';
import { extracted, installed } from './study-packages.mjs';
import { studyParts } from './study.mjs';

const read = (name) =>
  JSON.parse(readFileSync(new URL(`../../server/content/${name}.json`, import.meta.url), 'utf8'));
const doc = read('bible-studies');
const studies = doc.items;
const readings = read('bible-readings').items;

test('the study packages and diatheke are installed (make test installs them)', () => {
  assert.ok(installed, `diatheke could not read the KJV: apt-get install ${PACKAGES.join(' ')} diatheke`);
  assert.deepEqual(doc.sources, packageVersions(), 'extracted from other package versions: run node content/extract-study.mjs');
});

test('every reading has exactly one study, under its own reference', () => {
  assert.deepEqual(studies.map((s) => s.readingId).sort(), readings.map((r) => r.id).sort());
  for (const s of studies) {
    assert.equal(s.reference, readings.find((r) => r.id === s.readingId).reference, s.id);
  }
});

// Each study against the packages: study-packages-{1,2}.test.mjs, half each,
// so that the two run side by side.

test('a changed word in an extracted text is caught', { skip: !installed && 'packages missing' }, () => {
  const s = structuredClone(studies[0]);
  s.commentary.text = s.commentary.text.replace(/\b[a-z]{5,}\b/, 'manna');
  assert.notDeepEqual(extracted(s), studyParts(s.reference, s));
});

test("the commentary's own 'Verses a-b' labels lie within the section found in its index", () => {
  let labelled = 0;
  for (const s of studies) {
    const [, from, to] = /:(\d+)-(\d+)$/.exec(s.commentary.section) ?? [];
    for (const m of s.commentary.text.matchAll(/Verses (\d+)-(\d+)/g)) {
      labelled += 1;
      assert.ok(Number(m[1]) >= Number(from) && Number(m[2]) <= Number(to), `${s.id}: ${s.commentary.section} vs ${m[0]}`);
    }
  }
  assert.ok(labelled >= 15, `only ${labelled} commentaries carry a label`);
});

test("the study's KJV text is its reading's verse", () => {
  for (const s of studies) {
    assert.equal(s.parallel.kjv, readings.find((r) => r.id === s.readingId).verse, s.id);
  }
});

test('context, application and group questions are written for every study', () => {
  const words = (t) => t.split(/\s+/).length;
  for (const field of ['context', 'application']) {
    const texts = studies.map((s) => s[field]);
    assert.equal(new Set(texts).size, texts.length, `a ${field} text is used twice`);
    for (const s of studies) assert.ok(words(s[field]) >= 50, `${s.id} ${field}: ${words(s[field])} words`);
  }
  for (const s of studies) {
    assert.ok(s.discussion.length >= 3, s.id);
    for (const q of s.discussion) assert.match(q, /\?$/, `${s.id}: '${q}' is not a question`);
  }
});

test('every study has three word studies, a commentary and Nave passages', () => {
  for (const s of studies) {
    assert.equal(s.wordStudies.length, 3, s.id);
    assert.ok(s.commentary.text.length > 100, s.id);
    assert.ok(s.crossReferences.flatMap((g) => g.passages).length >= 3, s.id);
  }
});
