// The daily cards as a reader meets them over a year: every food spotlight
// has its three recipes, and no card of a kind leans on a formula another
// card of that kind already used (the cautions, which must read the same
// wherever they apply, aside).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { sayer } from './says.mjs';

const items = (name) => JSON.parse(readFileSync(new URL(`../../server/content/${name}.json`, import.meta.url), 'utf8')).items;

const foods = items('food-spotlights');
const recipes = items('recipes');

test('every food spotlight has three recipes, and every recipe belongs to a food', () => {
  const names = new Set(foods.map((f) => f.name));
  const count = (name) => recipes.filter((r) => r.food === name).length;
  assert.deepEqual(foods.filter((f) => count(f.name) !== 3).map((f) => `${f.name}: ${count(f.name)}`), []);
  assert.deepEqual(recipes.filter((r) => !names.has(r.food)).map((r) => r.id), []);
  const titles = recipes.map((r) => r.title);
  assert.deepEqual(titles.filter((t, i) => titles.indexOf(t) !== i), [], 'recipe titles used twice');
});

/** Two cards sharing this many words in a row repeat a formula. */
const RUN = 8;
/** Keys holding sources, ids or the KJV's words rather than Manna's. */
const SKIP = new Set([
  'id', 'sources', 'scientificBasis', 'category', 'tags', 'biblicalReferences', 'isPremium', 'difficulty',
  'verse', 'verses', 'spiritualComponent', 'spiritualFocus', 'kjv', 'season',
  // Lists of short labels ("Keeps you full, Supports muscles").
  'healthBenefits', 'nutritionHighlights',
]);
/** A sentence that gives a caution or says how to keep food safely: it should
 *  read the same wherever it applies. */
const CAUTION = /\b(fridge|refrigerat\w*|running water|toxic|poison\w*|allerg\w*|chok\w*|babies|infant|pregnan\w*|doctor|pharmacist|medicines?|medication|dizz\w*|chest pain|short of breath|stop if|contains?|under (five|5|1 year|one year)|kidney|warfarin|blood thinners?|diabetes|heart|injur\w*)\b/i;

const says = sayer(SKIP);

const bare = (text) => text.toLowerCase().replace(/[^a-z0-9'\s-]/g, ' ').split(/\s+/).filter(Boolean);

/** The runs of RUN words two cards of `list` share, with the cards. */
function formulas(list) {
  const seen = new Map();
  for (const item of list) {
    const runs = new Set();
    for (const sentence of says(item).flatMap((s) => s.split(/(?<=[.!?;:])\s+/))) {
      if (CAUTION.test(sentence)) continue;
      const w = bare(sentence);
      for (let i = 0; i + RUN <= w.length; i += 1) runs.add(w.slice(i, i + RUN).join(' '));
    }
    for (const run of runs) seen.set(run, [...(seen.get(run) ?? []), item.id]);
  }
  return [...seen].filter(([, ids]) => ids.length > 1).map(([run, ids]) => `"${run}": ${ids.join(', ')}`);
}

const DAILY = [
  'health-tips', 'healthy-home-tips', 'healthy-snacks', 'exercise-suggestions', 'biohacks', 'biblical-foods', 'food-spotlights',
];

for (const kind of DAILY) {
  test(`no two ${kind} share a formula`, () => {
    assert.deepEqual(formulas(items(kind)), []);
  });
}

test('a formula shared by two cards is caught, a shared caution is not', () => {
  const phrase = 'a simple habit that makes every single morning brighter';
  const caution = 'Whole nuts are a choking hazard for children under five.';
  const cards = [
    { id: 'a', title: 'One', content: `Drink water. ${phrase}. ${caution}` },
    { id: 'b', title: 'Two', content: `Walk outside, ${phrase}. ${caution}` },
  ];
  assert.equal(formulas(cards).length, 2);
  assert.ok(formulas(cards).every((f) => f.endsWith(': a, b')));
  assert.deepEqual(formulas([cards[0], { id: 'c', content: caution }]), []);
});

/** A study link as the content writes it: a PubMed search for its topic. */
const SEARCH = /^PubMed search: ([^—]+?) — https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/\?term=(\S+)$/;

/** Why `source` is not a search link for the topic it names, or null. */
function searchProblem(source) {
  const m = SEARCH.exec(source);
  if (!m) return 'not "PubMed search: <topic> — https://pubmed.ncbi.nlm.nih.gov/?term=<topic>"';
  const term = decodeURIComponent(m[2].replace(/\+/g, ' '));
  return term === m[1] ? null : `it searches for "${term}", not for "${m[1]}"`;
}

test('every study link is a search for the topic it names (shown as "Search PubMed for …", never as a source)', () => {
  const problems = [];
  for (const name of ['health-tips', 'food-spotlights', 'exercise-suggestions', 'biohacks', 'biblical-foods']) {
    for (const item of items(name)) {
      for (const key of ['sources', 'scientificBasis']) {
        if (item[key] === undefined) continue;
        const problem = searchProblem(item[key]);
        if (problem) problems.push(`${name} ${item.id} ${key}: ${problem}`);
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.notEqual(searchProblem('PubMed search: figs — https://pubmed.ncbi.nlm.nih.gov/?term=dates'), null);
  assert.notEqual(searchProblem('Smith et al. 2019 — https://example.org/study'), null);
});
