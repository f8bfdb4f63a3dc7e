// Every verse a biblical food cites names that food, in the King James
// Version's own word for it (the KJV says "lentiles", "garlick", "husks" for
// carob pods, "anise" for dill). The word names the food, never the plant it
// grows on: a verse about palm trees does not name dates (the KJV never
// names that fruit), nor one about an apple tree apples. Each food also
// quotes, word for word, a verse it cites that names it.
//
// The card shows one food a day in manna_core's rotation, which shows every
// item once before any repeats, so no food comes back within as many days as
// there are distinct foods. Every item is a different food (never one food
// under two names, as "rie" was spelt). The list stops at 79 rather than
// take in foods the KJV does not name or a food twice, so the window is 79
// days, not the 92 of the other cards.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { kjvText } from './kjv.mjs';

const foods = JSON.parse(readFileSync(new URL('../../server/content/biblical-foods.json', import.meta.url), 'utf8')).items;

/** Each food's word in the KJV. One word can name two foods, where it
 *  stands for two Hebrew words ("fitches": spelt in Ezekiel, nigella in
 *  Isaiah) or two things made from one ("butter": churned butter, curds). */
const KJV_WORD = {
  'Olive Oil': /\boil\b/i,
  Figs: /\bfigs?\b/i,
  Pomegranates: /\bpomegranates?\b/i,
  Apples: /\bapples\b/i,
  Barley: /\bbarley\b/i,
  Wheat: /\bwheat\b/i,
  Grapes: /\bgrapes\b/i,
  Honey: /\bhoney\b/i,
  Lentils: /\blentiles\b/i,
  Almonds: /\balmonds\b/i,
  'Pistachio Nuts': /\bnuts\b/i,
  Fish: /\bfish(es)?\b/i,
  'Goat’s Milk': /\bgoats' milk\b/i,
  Curds: /\bbutter\b/i,
  Beans: /\bbeans\b/i,
  Millet: /\bmillet\b/i,
  Spelt: /\bfitches\b/i,
  Cucumbers: /\bcucumbers\b/i,
  Melons: /\bmelons\b/i,
  Leeks: /\bleeks\b/i,
  Onions: /\bonions\b/i,
  Garlic: /\bgarlick\b/i,
  Coriander: /\bcoriander\b/i,
  Cumin: /\bcummin\b/i,
  Mint: /\bmint\b/i,
  'Mustard Seed': /\bmustard seed\b/i,
  'Bitter Herbs': /\bbitter herbs\b/i,
  Carob: /\bhusks\b/i,
  Eggs: /\beggs?\b/i,
  Cinnamon: /\bcinnamon\b/i,
  Dill: /\banise\b/i,
  Raisins: /\braisins\b/i,
  Cheese: /\bcheeses?\b/i,
  Quail: /\bquails\b/i,
  'Roasted Grain': /\bparched corn\b/i,
  Vinegar: /\bvinegar\b/i,
  Salt: /\bsalt\b/i,
  Venison: /\bvenison\b/i,
  Veal: /\bcalf\b/i,
  Lamb: /\blamb\b/i,
  'Goat Meat': /\bkids?\b/i,
  Beef: /\box(en)?\b/i,
  Poultry: /\bfowls?\b/i,
  Bread: /\bbread\b/i,
  Pulse: /\bpulse\b/i,
  Saffron: /\bsaffron\b/i,
  Locusts: /\blocusts?\b/i,
  Olives: /\bolives\b|\bolive berries\b/i,
  Cassia: /\bcassia\b/i,
  'Cow’s Milk': /\bmilk\b/i,
  'Unleavened Bread': /\bunleavened bread\b/i,
  Wine: /\bwine\b/i,
  'Strong Drink': /\bstrong drink\b/i,
  // Strong's: the Hebrew of "new wine" is "must or fresh grape juice".
  'Grape Juice': /\bnew wine\b|\bfruit of the vine\b/i,
  Water: /\bwaters?\b/i,
  'Sycomore Figs': /\bsycomore fruit\b/i,
  // Strong's: in Isaiah "fitches" is qetsach, "fennel flower".
  'Nigella Seeds': /\bfitches\b/i,
  Walnuts: /\bnuts\b/i,
  Partridge: /\bpartridge\b/i,
  Pigeons: /\bpigeons\b/i,
  'Sheep’s Milk': /\bmilk of sheep\b/i,
  Mutton: /\bsheep\b/i,
  'Bone Marrow': /\bmarrow\b/i,
  Broth: /\bbroth\b/i,
  Pottage: /\bpottage\b/i,
  'Fine Flour': /\bfine flour\b/i,
  Meal: /\bmeal\b/i,
  Leaven: /\bleaven(ed|eth)?\b/i,
  'Fig Cakes': /\bcakes? of figs\b/i,
  // Strong's: "mallows" is malluach, "sea purslain".
  'Sea Purslane': /\bmallows\b/i,
  Rue: /\brue\b/i,
  Hyssop: /\bhyssop\b/i,
  Flaxseed: /\bflax\b/i,
  'Pomegranate Juice': /\bjuice of my pomegranate\b/i,
  'Ezekiel Bread': /\bbread\b/i,
  'Organ Meats': /\bpurtenance\b/i,
  'Mustard Greens': /\bmustard\b/i,
  Freekeh: /\bgreen ears\b/i,
  Butter: /\bbutter\b/i,
};

test('every biblical food has its KJV word', () => {
  const missing = foods.filter((f) => !KJV_WORD[f.name]).map((f) => f.name);
  assert.deepEqual(missing, []);
});

/** A verse without its trees ("fig trees", "the palm tree"), so only the
 *  food itself can name the food. */
const fruitOf = (text) => text.replace(/\b\w+ trees?\b/gi, '');

for (const food of foods) {
  for (const reference of food.biblicalReferences.split(';').map((r) => r.trim())) {
    test(`${food.id} ${food.name}: ${reference} names it`, () => {
      assert.match(fruitOf(kjvText(reference)), KJV_WORD[food.name] ?? /(?!)/);
    });
  }
}

test('a verse that does not name the food is caught', () => {
  assert.doesNotMatch(kjvText('Deuteronomy 8:8'), KJV_WORD.Apples);
});

test('a tree does not pass for its fruit', () => {
  // Deuteronomy 8:8 names fig trees, Elim's verse palm trees: neither names the fruit.
  assert.doesNotMatch(fruitOf(kjvText('Deuteronomy 8:8')), KJV_WORD.Figs);
  assert.match(fruitOf(kjvText('Isaiah 38:21')), KJV_WORD.Figs);
  // Elim had wells of water and palm trees: the water is named, no fruit is.
  const named = Object.keys(KJV_WORD).filter((food) => KJV_WORD[food].test(fruitOf(kjvText('Exodus 15:27'))));
  assert.deepEqual(named, ['Water']);
  assert.ok(!KJV_WORD.Dates, 'the KJV has no word for dates');
});

// ------------------------------------------------------------- quotations

/** The words an item quotes between curly double quotation marks. */
const quotations = (text) => [...text.matchAll(/“([^”]+)”/g)].map((m) => m[1]);
/** The KJV prints straight apostrophes; Manna prints curly ones. */
const straight = (text) => text.replace(/[‘’]/g, "'");

/** What is wrong with a food's quotations: one that is not word for word in
 *  a verse it cites, or none that names the food in the KJV's own word. */
function misquoted(food, word = KJV_WORD[food.name] ?? /(?!)/) {
  const verses = food.biblicalReferences.split(';').map((r) => kjvText(r.trim()));
  const fields = [food.description, food.modernPreparation, food.spiritualSignificance];
  const problems = fields.flatMap(quotations)
    .filter((q) => !verses.some((v) => v.includes(straight(q))))
    .map((q) => `${food.id} ${food.name}: “${q}” is not in ${food.biblicalReferences}`);
  const naming = quotations(food.spiritualSignificance).filter((q) => verses.some((v) => v.includes(straight(q))));
  if (!naming.some((q) => word.test(fruitOf(straight(q))))) {
    problems.push(`${food.id} ${food.name}: its significance quotes no verse naming it`);
  }
  return problems;
}

test('every biblical food quotes, word for word, a verse it cites that names it', () => {
  assert.deepEqual(foods.flatMap((f) => misquoted(f)), []);
});

test('a misquotation, a quotation from an uncited verse and a missing quotation are caught', () => {
  const food = { id: 'x', name: 'Figs', biblicalReferences: 'Jeremiah 24:2', description: '', modernPreparation: '' };
  const right = { ...food, spiritualSignificance: 'One basket had “very good figs, even like the figs that are first ripe”.' };
  const changed = { ...food, spiritualSignificance: 'One basket had “very good figs, like the figs that were first ripe”.' };
  const uncited = { ...food, spiritualSignificance: 'Hezekiah’s cure was “a lump of figs”.' };
  const none = { ...food, spiritualSignificance: 'The good figs were the exiles.' };
  const tree = { ...food, biblicalReferences: 'Nahum 3:12', spiritualSignificance: 'Strong holds are “like fig trees”.' };
  assert.deepEqual(misquoted(right), []);
  assert.equal(misquoted(changed).length, 2);
  assert.equal(misquoted(uncited).length, 2);
  assert.deepEqual(misquoted(none), ['x Figs: its significance quotes no verse naming it']);
  assert.deepEqual(misquoted(tree), ['x Figs: its significance quotes no verse naming it']);
});

// --------------------------------------------------------- distinct foods

/** Names that are one food, however the KJV or a cook words it: two of
 *  them on the list would show the same food twice in one rotation. */
const SAME_FOOD = [
  ['Spelt', 'Rye', 'Rie', 'Emmer'],
  ['Honey', 'Honeycomb', 'Wild Honey'],
  ['Pigeons', 'Turtledoves', 'Doves', 'Squab'],
  ['Venison', 'Hart', 'Deer', 'Roebuck'],
  ['Goat Meat', 'Kid', 'Kids'],
  ['Veal', 'Fatted Calf', 'Calf'],
  ['Beef', 'Ox', 'Oxen'],
  ['Mutton', 'Sheep', 'Ram'],
  ['Dill', 'Anise'],
  ['Cumin', 'Cummin'],
  ['Garlic', 'Garlick'],
  ['Lentils', 'Lentiles'],
  ['Carob', 'Husks', 'Carob Pods'],
  ['Roasted Grain', 'Parched Corn'],
  ['Freekeh', 'Green Ears'],
  ['Grape Juice', 'New Wine', 'Must'],
  ['Sea Purslane', 'Mallows'],
  ['Nigella Seeds', 'Nigella', 'Black Cumin', 'Fennel Flower'],
  ['Poultry', 'Fowl', 'Fowls', 'Chicken'],
  ['Olive Oil', 'Oil'],
  ['Curds', 'Yogurt', 'Butter and Curds'],
  ['Fig Cakes', 'Dried Figs', 'Cakes of Figs'],
  ['Organ Meats', 'Liver', 'Purtenance'],
  ['Flaxseed', 'Flax', 'Linseed'],
  ['Leaven', 'Sourdough', 'Sourdough Starter'],
  ['Locusts', 'Grasshoppers', 'Crickets'],
];
const key = (name) => name.toLowerCase().replace(/[’']/g, '').replace(/\s+/g, ' ').trim();
const foodOf = (name) => SAME_FOOD.find((names) => names.some((n) => key(n) === key(name)))?.[0] ?? key(name);

/** The foods that appear under more than one item. */
function twice(list) {
  const seen = new Map();
  for (const f of list) seen.set(foodOf(f.name), [...(seen.get(foodOf(f.name)) ?? []), `${f.id} ${f.name}`]);
  return [...seen.values()].filter((ids) => ids.length > 1);
}

test('no food is on the list twice, under its own name or another', () => {
  assert.deepEqual(twice(foods), []);
});

test('a food under a second name is caught', () => {
  const list = [{ id: 'a', name: 'Spelt' }, { id: 'b', name: 'Rye' }, { id: 'c', name: 'Figs' }, { id: 'd', name: 'figs' }];
  assert.deepEqual(twice(list), [['a Spelt', 'b Rye'], ['c Figs', 'd figs']]);
});

test('no rye: the KJV’s “rie” is spelt, which is on the list', () => {
  assert.deepEqual(foods.filter((f) => /\br(y|i)e\b/i.test(f.name)).map((f) => f.id), []);
  assert.ok(foods.some((f) => f.name === 'Spelt'));
});

// ---------------------------------------------------------------- rotation

/** The distinct foods on the list, and so the days before one comes back. */
const AT_LEAST = 79;

test(`there are at least ${AT_LEAST} biblical foods`, (t) => {
  t.diagnostic(`${foods.length} biblical foods`);
  assert.ok(foods.length >= AT_LEAST, `${foods.length} biblical foods`);
});

/** Days since 1970-01-01, as manna_core's Date::to_days counts them. */
const toDays = (date) => Date.UTC(...date.split('-').map((n, i) => Number(n) - (i === 1 ? 1 : 0))) / 86_400_000;
const gcd = (a, b) => (b === 0n ? a : gcd(b, a % b));

/** manna_core's rotation_index: the item a date shows (FNV-1a of the salt
 *  gives an offset and a stride coprime with the count). */
function rotationIndex(date, count, salt) {
  if (count === 0) return -1;
  const n = BigInt(count);
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(salt)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  let stride = 1n + (h >> 32n) % n;
  while (gcd(stride, n) !== 1n) stride = (stride % n) + 1n;
  const position = ((BigInt(toDays(date)) % n) + n) % n;
  return Number((position * stride + (h % n)) % n);
}

test('the rotation here picks what manna_core picks (its shared test vectors)', () => {
  const vectors = JSON.parse(readFileSync(new URL('../../core-wasm/tests/vectors.json', import.meta.url), 'utf8')).rotation;
  assert.ok(vectors.length > 100);
  const wrong = vectors.filter((v) => rotationIndex(v.date, v.count, v.salt) !== (v.index ?? -1));
  assert.deepEqual(wrong, []);
});

/** The foods shown twice within `window` days, over two years from 2026. */
function repeats(list, window) {
  const found = [];
  const last = new Map();
  const first = toDays('2026-01-01');
  for (let day = first; day < first + 731; day += 1) {
    const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    const food = foodOf(list[rotationIndex(date, list.length, 'biblical-foods')].name);
    if (last.has(food) && day - last.get(food) < window) found.push(`${food} on day ${last.get(food) - first} and ${day - first}`);
    last.set(food, day);
  }
  return found;
}

test(`no biblical food is shown twice within ${AT_LEAST} days`, () => {
  assert.deepEqual(repeats(foods, AT_LEAST), []);
});

test('a food shown twice within the window is caught', () => {
  const list = foods.slice(0, AT_LEAST);
  assert.deepEqual(repeats(list, AT_LEAST), []);
  assert.ok(repeats(list.slice(0, AT_LEAST - 1), AT_LEAST).length > 0, 'too few foods');
  const renamed = list.map((f, i) => (i === 1 ? { ...f, name: 'Rye' } : i === 0 ? { ...f, name: 'Spelt' } : f));
  assert.ok(repeats(renamed, AT_LEAST).length > 0, 'one food under two names');
});
