// The day's readings: every verse is the KJV module's text of its reference,
// word for word; every quote stands word for word in the commentary its source
// names, on that passage; the readings of the church year are written to the
// rules (lengths, no formula repeated, the house style, no more than a quarter
// ending with a question or a charge) and speak of the gospel where it is told.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { packageVersions } from './sword.mjs';
import { ending, lastSentence, passionProblems, quoteProblem, readingParts, styleProblems, writingProblems } from './readings.mjs';

const doc = JSON.parse(readFileSync(new URL('../../server/content/bible-readings.json', import.meta.url), 'utf8'));
const readings = doc.items;
const ofTheYear = readings.filter((r) => r.slot);

test('every reading has its day in the church year', () => {
  assert.deepEqual(readings.filter((r) => !r.slot).map((r) => r.id), []);
});

test('the readings were extracted from the installed packages', () => {
  assert.deepEqual(doc.sources, packageVersions(), 'extracted from other package versions: run node content/extract-readings.mjs');
});

for (const reading of readings) {
  test(`${reading.id} (${reading.reference}) matches the packages`, () => {
    const { verse, quoteSource } = readingParts(reading);
    assert.equal(reading.verse, verse, 'the verse is not the KJV module\'s text');
    if (reading.csLewisQuote) {
      assert.equal(reading.quoteSource, quoteSource);
      assert.equal(quoteProblem(reading), null);
    }
  });
}

test('a changed word in a verse or a quote is caught', () => {
  const r = structuredClone(ofTheYear.find((x) => x.csLewisQuote) ?? readings[0]);
  assert.notEqual(r.verse.replace(/\b(\w+)\b/, 'Lo'), readingParts(r).verse);
  if (r.csLewisQuote) {
    r.csLewisQuote = r.csLewisQuote.replace(/\b(\w{4,})\b/, 'manna');
    assert.notEqual(quoteProblem(r), null);
  }
});

test('a reading of the church year carries a quote from one of the commentaries', () => {
  for (const r of ofTheYear) assert.equal(quoteProblem(r), null, `${r.id}: ${quoteProblem(r)}`);
});

test('the readings of the church year keep the writing rules', () => {
  assert.deepEqual(writingProblems(ofTheYear), []);
});

test('a formula shared by two reflections is caught', () => {
  const [a, b] = ofTheYear;
  const shared = 'and so the whole of the day belongs to the one who made it';
  const problems = writingProblems([
    { ...a, reflection: `${a.reflection} ${shared}` },
    { ...b, reflection: `${b.reflection} ${shared}` },
  ]);
  assert.ok(problems.some((p) => p.includes('is also in')), problems.join('\n'));
});

test('Holy Week and Lent read the Passion, and the great feasts are read whole', () => {
  assert.deepEqual(passionProblems(ofTheYear), []);
});

test('a clipped feast, a Holy Week day away from the Passion and a Lent without Isaiah 53 are caught', () => {
  const reading = (slot, reference) => ofTheYear.map((r) => (r.slot === slot ? { ...r, reference } : r));
  const caught = (slot, reference, expected) =>
    assert.match(passionProblems(reading(slot, reference)).join('\n'), expected, `${slot}: ${reference}`);
  caught('palm-sunday', 'Mark 11:3-10', /palm-sunday reads Mark 11:3-10, not the whole of Mark 11:1-11/);
  caught('christmas-day', 'Luke 2:7-14', /christmas-day/);
  caught('holy-monday', 'Mark 11:15-19', /holy-monday reads Mark 11:15-19, outside the Passion/);
  caught('good-friday', 'Mark 15:22-32', /good-friday reads Mark 15:22-32, which does not reach his death/);
  caught('lent-35', 'Psalm 25:1-7', /Lent does not read Isaiah 53:1, .*Isaiah 53:12/);
  caught('lent-31', 'Psalm 22:19-30', /^Lent does not read Psalm 22:31$/m);
});

test('the great days speak of what they keep', () => {
  const text = (slot) => {
    const r = ofTheYear.find((x) => x.slot === slot);
    return r ? `${r.reflection} ${r.prayer}`.toLowerCase() : null;
  };
  const expected = {
    'christmas-day': /\b(born|birth|manger|incarnat)/,
    epiphany: /\b(wise men|star|gentiles|nations)\b/,
    'ash-wednesday': /\b(repent\w*|dust|return)\b/,
    'palm-sunday': /\b(king|hosanna|colt|ass)\b/,
    'maundy-thursday': /\b(wash\w*|feet|supper|servant)\b/,
    'good-friday': /\bcross\b/,
    'easter-day': /\b(risen|rose|resurrection)\b/,
    'ascension-day': /\b(ascen\w*|taken up|heaven)\b/,
    pentecost: /\bspirit\b/,
    'trinity-sunday': /\b(father|son|holy ghost|holy spirit|trinity)\b/,
  };
  for (const [slot, words] of Object.entries(expected)) {
    const t = text(slot);
    assert.notEqual(t, null, `no reading for ${slot}`);
    assert.match(t, words, slot);
  }
  const gospel = ofTheYear.filter((r) => /\b(sin|sins|grace|forgive\w*|cross|resurrection|risen|mercy)\b/i.test(`${r.reflection} ${r.prayer}`));
  assert.ok(gospel.length >= ofTheYear.length / 2, `only ${gospel.length} of ${ofTheYear.length} speak of sin, grace, mercy, the cross or the resurrection`);
});

test('a straight quotation mark or apostrophe in a reflection or a prayer is caught', () => {
  const [a] = ofTheYear;
  assert.deepEqual(styleProblems('He said, “Come,” and the LORD’s house was ‘open’.'), []);
  for (const [field, text] of [['reflection', `${a.reflection} It's "done."`], ['prayer', `${a.prayer} Thy will be done, Lord's way.`]]) {
    const problems = writingProblems([{ ...a, [field]: text }]);
    assert.ok(problems.some((p) => p.includes(`its ${field} has`) && p.includes('straight')), problems.join('\n'));
  }
});

test('a pronoun of God capitalised in mid-sentence is caught, and not at a sentence’s start or in a quotation', () => {
  for (const bad of ['We trust in Him today.', 'Lord, we thank You for your mercy.', 'God keeps His word.', 'and Thou art near', 'the word of the One who gave Himself']) {
    assert.equal(styleProblems(bad).length, 1, bad);
  }
  for (const good of [
    'He keeps his word. His mercy is new. Thy will be done!',
    'The angel said, “Fear not.” He stood by the altar.',
    '“Thou art the Christ,” Martha said. Is it so? You know it is.',
    'But God said unto him, “Thou fool, this night thy soul shall be required of thee.”',
    '“Lord, what wilt thou have me to do?” (Acts 9:6) His answer came.',
  ]) {
    assert.deepEqual(styleProblems(good), [], good);
  }
  const [a] = ofTheYear;
  const problems = writingProblems([{ ...a, prayer: `${a.prayer} We rest in Him.` }]);
  assert.ok(problems.some((p) => p.includes('‘Him’ capitalised in mid-sentence')), problems.join('\n'));
});

test('a reflection’s ending is a question, a charge to the reader or neither', () => {
  const cases = {
    'It ends with a sentence. What will you do with these signs?': 'question',
    'It ends with a quoted question: “Who may abide the day of his coming?”': 'question',
    'So the Lord is near. He is quicker to forgive than you are to confess.': 'charge',
    'The feast is ready. Come to the waters today with empty hands.': 'charge',
    'The feast is ready. Then, pray for them by name.': 'charge',
    'So the prophet says. Let him burn away what is impure.': 'charge',
    'God has come near: bring him the real fear, and ask.': 'charge',
    'If Lent has filled up with tasks, even holy ones, sit down first.': 'charge',
    'Next time rain and sun meet, look up and remember.': 'charge',
    'Instead of demanding another, ask God what this one requires.': 'charge',
    'It is finished. Do not be afraid.': 'charge',
    'God keeps his word. What he promised David, he kept.': null,
    'He said, “Go, and do thou likewise.” Only then are we told, “Go, and do thou likewise.”': null,
    'Whatever today brings, it falls inside the day he made.': null,
    'When the next disaster comes, the fitting response is prayer, help where it can be given, and repentance.': null,
    'Mary sang. Sung slowly, her song can still teach us how to magnify the Lord.': null,
  };
  for (const [text, kind] of Object.entries(cases)) assert.equal(ending(text), kind, `${text} (last sentence: ${lastSentence(text)})`);
});

test('more than a quarter of the reflections ending with a question or a charge is caught', () => {
  const eight = ofTheYear.slice(0, 8).map((r, i) => ({ ...r, reflection: `${r.reflection} Word ${i} stands firm.` }));
  const ask = (r) => ({ ...r, reflection: `${r.reflection} What will you do with it?` });
  const rule = (ps) => ps.filter((p) => p.includes('end with a question or a charge'));
  assert.deepEqual(rule(writingProblems(eight.map((r, i) => (i < 2 ? ask(r) : r)))), []);
  const problems = rule(writingProblems(eight.map((r, i) => (i < 3 ? ask(r) : r))));
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^3 of 8 reflections .*\(at most 2\)/);
});
