// The Bible Study Center's texts: every study's extracted parts match the
// installed SWORD packages exactly (word studies against Strong's, the KJV and
// the WEB, Matthew Henry's comment, Nave's passages), one study for every
// reading, and the parts written for Manna are there and say something. The
// Strong's entries carry no digit glued to a word and none of the marks the
// making of the dictionaries left (words run together: study-packages.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { entryParts, lexiconEntry, lexiconSource, PACKAGES, packageVersions } from './sword.mjs';
import { extracted, installed } from './study-packages.mjs';
import { gluedDigits, leftoverMarks, runTogether, studyParts } from './study.mjs';

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

// Strong's definitions and KJV renderings are the dictionaries' words without
// the marks their making left (sword.mjs mends them; study-packages.mjs also
// judges each entry's words against the entry as the module holds it).

const strongsTexts = () => studies.flatMap((s) => s.wordStudies.flatMap((w) => [
  [`${s.id} ${w.strongs} definition`, w.definition],
  [`${s.id} ${w.strongs} kjvUsage`, w.kjvUsage],
]));

test("no digit is glued to a word of a Strong's entry", () => {
  const glued = strongsTexts().flatMap(([at, text]) => gluedDigits(text).map((w) => `${at}: ${w}`));
  assert.deepEqual(glued, []);
});

test("no mark of the dictionaries' making is left in a Strong's entry", () => {
  const marks = strongsTexts().flatMap(([at, text]) => leftoverMarks(text).map((m) => `${at}: ${m}`));
  assert.deepEqual(marks, []);
});

test('a digit glued to a word is caught, and a number standing as itself is not', () => {
  assert.deepEqual(gluedDigits('to turn; by implication to face that is appear6 look etc.'), ['appear6']);
  assert.deepEqual(gluedDigits('idolatry (as false subjectively)6 uselessness'), ['subjectively)6']);
  assert.deepEqual(gluedDigits('from G25love; a love-feast'), ['G25love;']);
  assert.deepEqual(gluedDigits('of Hebrew origin (H03091); from G25; the 3rd hour; (1Sam 22:19)'), []);
});

test('words run together are caught against the entry as the dictionary holds it', () => {
  const source = '<def><hi rend="italic">{smitten}</hi>that {is} (literally) {maimed} or (figuratively) <hi rend="bold">dejected:</hi> - {contrite} lame.</def>';
  assert.deepEqual(runTogether('smittenthat is (literally) maimed or (figuratively) dejected', source), ['smittenthat']);
  assert.deepEqual(runTogether('smitten that is (literally) maimed or (figuratively) dejected', source), []);
  // A word the entry has (whole) is not two words, however it splits.
  assert.deepEqual(runTogether('contrite lame', `${source} lamentation`), []);
});

test('the marks of the making are caught', () => {
  assert.deepEqual(leftoverMarks("Immanuel a name of Isaiah´ s son"), ['´']);
  assert.deepEqual(leftoverMarks('humble lowly meek poor`. Compare H6041'), ['`']);
  assert.deepEqual(leftoverMarks('defence high fort (tower) refuge. H4869; Misgab a place in Moab: - Misgab'), [': -']);
  assert.deepEqual(leftoverMarks("Jesus (i.e. Jehoshua); Jacob (i.e. Ja`akob); Isaiah's son"), []);
});

test("the entries as the packages hold them are mended, and the lints catch them unmended", { skip: !installed && 'packages missing' }, () => {
  // appear6 (H6437), smittenthat (H5223), Isaiah´ s (H6005), poor` (H6035).
  for (const strongs of ['H6437', 'H5223', 'H6005', 'H6035']) {
    const source = lexiconSource(strongs);
    const unmended = entryParts(strongs, source, (def) => def);
    const lint = (e) => [e.definition, e.kjvUsage]
      .flatMap((t) => [...gluedDigits(t), ...runTogether(t, source), ...leftoverMarks(t)]);
    assert.notDeepEqual(lint(unmended), [], strongs);
    assert.deepEqual(lint(lexiconEntry(strongs)), [], strongs);
  }
});
