// The content speaks one spelling (US) and carries the safety notes a parent
// or a person with an allergy needs: a nut-allergy note wherever nuts are
// eaten, and a choking note for children under five on whole nuts, whole
// grapes and popcorn. (Bible verses keep the KJV's own spelling.)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const dir = new URL('../../server/content/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const items = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')).items;

/**
 * Fields quoting older texts verbatim, kept as written (the Bible studies'
 * KJV words, Strong's entries, Bible texts and Matthew Henry's comments).
 */
const QUOTED = new Set([
  'verse', 'bibleVerse', 'csLewisQuote', 'sources', 'scientificBasis',
  'word', 'definition', 'kjvUsage', 'kjv', 'web', 'text',
]);

const BRITISH =
  /\b(fibres?|microfibres?|sulphur\w*|pitta|flavour\w*|colour\w*|favour\w*|savour\w*|odour\w*|labour\w*|behaviour\w*|centre\w*|metre\w*|litre\w*|yoghurt|mould\w*|tinned|porridge|(?:caramel|symbol|pasteur|spiral|organ|real|recogn|minim|optim|priorit)is(?:e[ds]?|ing|ations?|ers?)|practise\w*|programme|rubbish|cooker hoods?|gas hobs?)\b/i;

/** Fields whose words in "double quotes" (or “curly” ones) are the KJV's own
 *  (the exercises' checked against it by exercise-focus.test.mjs, the readings'
 *  and studies' quoting their passage); the rest of the field is Manna's. */
const QUOTING = new Set(['spiritualFocus', 'spiritualComponent', 'reflection', 'prayer', 'context', 'application']);

function strings(value, key, out) {
  if (Array.isArray(value)) value.forEach((v) => strings(v, key, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, k, out);
  else if (typeof value === 'string' && QUOTING.has(key)) out.push(`${key}: ${value.replace(/"[^"]*"|“[^”]*”/g, '""')}`);
  else if (typeof value === 'string' && !QUOTED.has(key)) out.push(`${key}: ${value}`);
  return out;
}

for (const file of files) {
  test(`${file} uses US spelling`, () => {
    const british = strings(JSON.parse(readFileSync(new URL(file, dir), 'utf8')), null, []).filter((s) => BRITISH.test(s));
    assert.deepEqual(british, []);
  });
}

const eaten = [...items('healthy-snacks'), ...items('biblical-foods')];
const text = (item) => Object.values(item).join(' ');

test('every food eaten with nuts carries a nut-allergy note', () => {
  const missing = eaten
    .filter((i) => /\b(almonds?|walnuts?|pistachios?|peanuts?|nuts?|nut butter)\b/i.test(text(i)))
    .filter((i) => !/\b(nut|peanut) allergy\b/i.test(text(i)))
    .map((i) => i.id);
  assert.deepEqual(missing, []);
});

test('whole nuts, whole grapes and popcorn carry a choking note for children under five', () => {
  const missing = eaten
    .filter((i) => /^(popcorn|frozen grapes|grapes|almonds|pistachio nuts|handful of walnuts|trail mix|dates stuffed with almonds|dried figs and almonds)$/i.test(i.name))
    .filter((i) => !/choking hazard/i.test(text(i)) || !/under five/i.test(text(i)))
    .map((i) => i.id);
  assert.deepEqual(missing, []);
});

test('a British spelling is caught', () => {
  assert.ok(BRITISH.test('Dietary fibre'));
  assert.ok(!BRITISH.test('Dietary fiber'));
  assert.ok(BRITISH.test('Prebiotic fibres and sulphur compounds'));
  assert.ok(!BRITISH.test('Prebiotic fibers and sulfur compounds'));
  assert.ok(BRITISH.test('Realise it, organised and caramelised'));
  // US words that only begin like a British "-ise" word.
  assert.ok(!BRITISH.test('Is it realistic? An organism; optimism; symbolism.'));
});
