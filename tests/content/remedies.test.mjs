// Home remedies are educational and safe: at least 40 symptoms, each with other
// words people use for it, what to avoid and when to seek care; no medicine
// doses and no claims to cure; honey is never suggested without its warning
// for babies.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const entries = JSON.parse(readFileSync(new URL('../../server/content/home-remedies.json', import.meta.url), 'utf8')).items;
const CHIPS = ['Sore Throat', 'Headache', 'Nausea', 'Congestion', 'Constipation', 'Diarrhea', 'Insomnia', 'Indigestion', 'Cold Virus', 'Stress', 'Inflammation', 'Minor Cuts'];

test('at least 40 symptoms, the 12 quick symptoms among them', () => {
  assert.ok(entries.length >= 40, `${entries.length} symptoms`);
  const names = entries.map((e) => e.symptom);
  for (const chip of CHIPS) assert.ok(names.includes(chip), chip);
});

for (const e of entries) {
  test(`${e.symptom}: synonyms, what to avoid, when to seek care, nothing unsafe`, () => {
    assert.ok(e.synonyms.length >= 2);
    assert.ok(e.primaryRemedies.length >= 1 && e.avoidList.length >= 1);
    assert.match(e.whenToSeekCare, /doctor|dentist|emergency|care|provider/i);
    const text = JSON.stringify(e);
    assert.doesNotMatch(text, /\b\d+\s?(mg|milligrams?|ml of|tablets?|capsules?|pills?)\b/i, 'no medicine doses');
    assert.doesNotMatch(text, /\bcures?\b|\bcured\b|\bguarantee/i, 'no claims to cure');
    if (/honey/i.test(text)) assert.match(text, /under 1 year/, 'honey carries the warning for babies');
  });
}
