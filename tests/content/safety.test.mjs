// Safe and honest content, kept so by a lint. Every place that can say it is
// scanned (snacks, biblical foods, food spotlights, recipes, the meal
// catalogue and plans, biohacks, health and home tips, remedies, exercises),
// and each check names the ids of the items that break it:
//   1. honey is never eaten without the warning for babies under 1 year;
//   2. foods young children choke on carry a note for children under five;
//   3. an eaten item names every major allergen it holds;
//   4. a practice carries the cautions the glossary (or the audit) gives it,
//      wherever it appears;
//   5. nothing claims to cure, treat or detoxify (a sentence denying such a
//      claim, and the spec's category values, are not claims);
//   6. every hymn's author and translator died before 1955, so its words are
//      in the public domain worldwide.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PRACTICES } from './practices.mjs';
import { sayer } from './says.mjs';

const read = (name) => JSON.parse(readFileSync(new URL(`../../server/content/${name}.json`, import.meta.url), 'utf8'));
const items = (name) => read(name).items;

/** Keys that hold sources, ids, references to other items or the spec's
 *  enum values rather than words Manna says. */
const SKIP = new Set([
  'id', 'category', 'tags', 'sources', 'scientificBasis', 'url', 'biblicalReferences',
  'breakfast', 'lunch', 'dinner', 'snacks', 'readingId', 'isPremium', 'difficulty', 'difficultyLevel',
  'costLevel', 'aisle', 'flags', 'per', 'meal',
]);

/** Every string an item says, except under the keys in SKIP. */
const says = sayer(SKIP);

/** A place something is said: which file and item, the words describing what
 *  is eaten there (if anything), and everything said there. */
const place = (file, id, eaten, whole) => ({
  file,
  id,
  eaten: [eaten].flat(2).filter(Boolean).join('\n'),
  text: says(whole).join('\n'),
});

const catalogue = read('meal-catalogue');
const plans = items('meal-plans');
const remedies = items('home-remedies');
const glossary = items('biohack-categories');

/** The catalogue ingredient a recipe line names ("1/2 cup rolled oats"). */
function ingredientOf(line) {
  const main = line.split(',')[0].toLowerCase();
  return catalogue.ingredients
    .filter((i) => [i.name, i.plural ?? i.name].some((n) => new RegExp(`\\b${n.toLowerCase()}$`).test(main)))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/** What is eaten: each with its words and all that is said about it. */
const EATEN = {
  snacks: items('healthy-snacks').map((s) =>
    place('healthy-snacks', s.id, [s.name, s.description, s.servingSize, s.preparationTips, s.pairingIdeas], s)),
  'biblical foods': items('biblical-foods').map((f) =>
    place('biblical-foods', f.id, [f.name, f.description, f.modernPreparation], f)),
  'food spotlights': items('food-spotlights').map((f) =>
    place('food-spotlights', f.id, [f.name, f.description, f.preparation], f)),
  recipes: items('recipes').map((r) => place('recipes', r.id, [r.title, r.ingredients, r.instructions], r)),
  'catalogue dishes': catalogue.recipes.map((r) => ({
    ...place('meal-catalogue', r.id, [r.name, r.ingredients], r),
    flags: new Set(r.ingredients.flatMap((l) => ingredientOf(l)?.flags ?? [])),
  })),
  'pantry groups': catalogue.pantry.map((g) => place('meal-catalogue', `pantry: ${g.title}`, g.items, g)),
  'plan beverages': plans.flatMap((p) =>
    p.days.map((d) => place('meal-plans', `${p.id} day ${d.dayNumber}`, d.beverages, { b: d.beverages, t: d.tips }))),
  'remedy ingredients': remedies.flatMap((e) =>
    e.primaryRemedies.map((r) => place('home-remedies', `${e.id}: ${r.name}`, [r.ingredients, r.instructions], e))),
};
const eaten = Object.values(EATEN).flat();

/** Everywhere advice is given: the eaten items and every tip, biohack,
 *  plan, remedy and exercise. */
const ADVICE = {
  biohacks: items('biohacks').map((b) => place('biohacks', b.id, [], b)),
  'health tips': items('health-tips').map((t) => place('health-tips', t.id, [], t)),
  'home tips': items('healthy-home-tips').map((t) => place('healthy-home-tips', t.id, [], t)),
  'catalogue tips': Object.entries(catalogue.tips).map(([goal, tips]) => place('meal-catalogue', `tips: ${goal}`, [], tips)),
  'catalogue routine': [place('meal-catalogue', 'routine', [], catalogue.routine)],
  'meal plans': plans.map((p) => place('meal-plans', p.id, [], { ...p, days: [] })),
  'plan days': plans.flatMap((p) => p.days.map((d) => place('meal-plans', `${p.id} day ${d.dayNumber}`, [], d))),
  remedies: remedies.map((e) => place('home-remedies', e.id, [], e)),
  'premium exercises': items('premium-exercises').map((x) => place('premium-exercises', x.id, [], x)),
  'daily exercises': items('exercise-suggestions').map((x) => place('exercise-suggestions', x.id, [], x)),
  'glossary techniques': glossary.flatMap((c) => c.techniques.map((t) => place('biohack-categories', `${c.id}: ${t.name}`, [], t))),
};
const everywhere = [...eaten, ...Object.values(ADVICE).flat()];

const ids = (places) => places.map((p) => `${p.file} ${p.id}`);
const sentences = (text) => text.split(/(?<=[.!?;])\s+|\n/);

/** Words that say a thing is left out: "instead of mayonnaise", "egg-free". */
const LEFT_OUT = /\b(instead of|rather than|in place of|without|free of every|free of|no)\s+(common allergens?|\w+(-\w+)?)|\b\w+-free\b|\bnever hold your breath\b/gi;
const kept = (text) => text.replace(LEFT_OUT, '');

// ---------------------------------------------------------------- 1. honey

const HONEY = /\bhoney\b/i;
/** Says not to give honey to babies under one. */
const BABY_NOTE = (text) => /\bunder (1|one) year|\bunder 12 months/i.test(text) && /\b(bab(y|ies)|infants?)\b/i.test(text);

function honeyWithoutNote(places) {
  return places.filter((p) => HONEY.test(p.eaten) && !BABY_NOTE(p.text));
}

test('1. honey is never eaten without the warning for babies under 1 year', (t) => {
  t.diagnostic(`${eaten.length} eaten items scanned, ${eaten.filter((p) => HONEY.test(p.eaten)).length} with honey`);
  assert.deepEqual(ids(honeyWithoutNote(eaten)), []);
});

test('1. honey without its warning is caught', () => {
  const bad = { file: 'x', id: 'bad', eaten: 'Drizzle with honey.', text: 'Drizzle with honey.' };
  const good = { ...bad, id: 'good', text: 'Drizzle with honey. Never give honey to babies under 1 year: it can cause infant botulism.' };
  assert.deepEqual(ids(honeyWithoutNote([bad, good])), ['x bad']);
});

// ------------------------------------------------------------ 2. choking

/** Foods young children choke on, as the CDC lists them, in the forms that
 *  are a danger (whole nuts, not nut butter or ground nuts). */
const CHOKING = {
  'whole nuts': /\b(almonds?|walnuts?|pecans?|cashews?|hazelnuts?|pistachios?|peanuts?|macadamias?|nuts|trail mix)\b(?![ -](butter|milk|flour|meal|extract))/i,
  grapes: /\bgrapes?\b/i,
  'cherry tomatoes': /\bcherry tomato(es)?\b/i,
  'raw carrot or celery sticks': /\b(carrot|celery) (sticks|batons)\b|\b(carrots?|celery stalks?), cut into sticks\b|\bcut (the )?carrots into sticks\b|\braw carrots?\b|\bsnack raw\b/i,
  popcorn: /\bpopcorn\b/i,
};
const UNDER_FIVE = (text) => /\bchok(e|es|ing)\b/i.test(text) && /\b(under|younger than) (five|5)\b/i.test(text);

function chokingWithoutNote(places) {
  return places.filter((p) => Object.values(CHOKING).some((food) => food.test(kept(p.eaten))) && !UNDER_FIVE(p.text));
}

test('2. foods young children choke on carry a note for children under five', (t) => {
  const found = eaten.filter((p) => Object.values(CHOKING).some((food) => food.test(kept(p.eaten))));
  t.diagnostic(`${eaten.length} eaten items scanned, ${found.length} with a choking food`);
  assert.deepEqual(ids(chokingWithoutNote(eaten)), []);
});

test('2. a choking food without its note is caught', () => {
  const bad = { file: 'x', id: 'bad', eaten: 'Olives and cherry tomatoes', text: 'Olives and cherry tomatoes' };
  const butter = { file: 'x', id: 'butter', eaten: 'Celery with almond butter', text: '' };
  const good = { ...bad, id: 'good', text: 'For children under five, cut cherry tomatoes lengthwise into quarters: whole ones are a choking hazard.' };
  assert.deepEqual(ids(chokingWithoutNote([bad, butter, good])), ['x bad']);
});

// ---------------------------------------------------------- 3. allergens

/** The major food allergens (the US's nine, with wheat's gluten-bearing
 *  cousins): what shows one is eaten, the catalogue flag that declares it,
 *  and the word that names it. Plant milks are not milk. */
const ALLERGENS = {
  'tree nuts': {
    finds: /\b(almonds?|walnuts?|pecans?|cashews?|hazelnuts?|pistachios?|macadamias?|nuts?|nut butters?|trail mix)\b/i,
    named: /\b(tree )?nuts?\b/i,
    // The catalogue's one flag covers tree nuts and peanuts alike.
    flag: 'nut',
    flagNamed: /\b(tree )?nuts?\b|\bpeanuts?\b/i,
  },
  peanuts: { finds: /\bpeanuts?\b/i, named: /\bpeanuts?\b/i },
  milk: {
    finds: /\b(dairy|(?<!(almond|soy|oat|rice|coconut|hemp|plant|cashew) )milk|yogh?urts?|cheeses?|(?<!(nut|peanut|almond|seed|apple|cocoa|shea|cashew) )butter|buttermilk|(sour|heavy|whipping|whipped|ice) cream|cream cheese|kefir|ricotta|feta|parmesan|ghee|whey|curds?)\b/i,
    flag: 'dairy',
    named: /\b(milk|dairy)\b/i,
  },
  egg: { finds: /\b(eggs?|frittata|omelets?|mayonnaise|shakshuka|pancakes?|muffins?)\b/i, flag: 'egg', named: /\beggs?\b/i },
  fish: {
    finds: /\b(fish|salmon|cod|tuna|sardines?|mackerel|trout|anchov(y|ies)|halibut|herring)\b/i,
    flag: 'fish',
    named: /\bfish\b/i,
  },
  shellfish: { finds: /\b(shellfish|shrimp|prawns?|crab|lobster|mussels?|clams?|oysters?|scallops?)\b/i, flag: 'shellfish', named: /\bshellfish\b/i },
  soy: { finds: /\b(soy|soya|soybeans?|tofu|tempeh|edamame|miso|tamari)\b/i, flag: 'soy', named: /\bsoy\b/i },
  wheat: {
    finds: /\b(wheat|flour|bread|breadcrumbs|pasta|couscous|bulgur|spelt|farro|semolina|crackers?|oatcakes?|pitt?a|(?<!corn )tortillas?|muffins?|pancakes?|crumble|soy sauce)\b|(?<=\b(on|with|and|or|of|grain|wheat) )toast\b|^toast$/im,
    named: /\bwheat\b/i,
  },
  gluten: { finds: /\b(barley|rye)\b/i, flag: 'gluten', named: /\b(gluten|wheat)\b/i },
  sesame: { finds: /\b(sesame|tahini|hummus)\b/i, named: /\bsesame\b/i },
};

/** A sentence that names the allergen as one: "Contains milk and wheat.",
 *  "Allergens: fish.", "skip with a nut allergy". */
const DECLARES = /\b(contains?|allergens?|allerg(y|ies|ic))\b/i;
const declared = (text, named) => sentences(text).some((s) => DECLARES.test(s) && named.test(s));

/** The allergens an item holds that it does not name. */
function undeclared(p) {
  const words = kept(p.eaten);
  return Object.entries(ALLERGENS)
    .filter(([, a]) => {
      if (a.finds.test(words)) return !declared(p.text, a.named);
      return a.flag && p.flags?.has(a.flag) && !declared(p.text, a.flagNamed ?? a.named);
    })
    .map(([name]) => name);
}

function allergensUnnamed(places) {
  return places.filter((p) => undeclared(p).length > 0).map((p) => `${p.file} ${p.id}: ${undeclared(p).join(', ')}`);
}

test('3. every eaten item names the major allergens it holds', (t) => {
  for (const [kind, places] of Object.entries(EATEN)) t.diagnostic(`${places.length} ${kind}`);
  assert.deepEqual(allergensUnnamed(eaten), []);
});

test('3. an allergen left unnamed is caught', () => {
  const bad = { file: 'x', id: 'edamame', eaten: 'Steamed young soybeans, with a glass of milk', text: 'Steamed young soybeans. Not for anyone with a nut allergy.' };
  const good = { file: 'x', id: 'ok', eaten: 'Oat milk and tofu', text: 'Contains soy.' };
  const swap = { file: 'x', id: 'swap', eaten: 'Tuna with yogurt instead of mayonnaise', text: 'Contains fish and milk.' };
  const flagged = { file: 'x', id: 'flag', eaten: 'Stir-fry', flags: new Set(['soy']), text: 'Plant protein.' };
  assert.deepEqual(allergensUnnamed([bad, good, swap, flagged]), ['x edamame: milk, soy', 'x flag: soy']);
});

// ----------------------------------------------------------- 4. cautions

const techniques = new Map(glossary.flatMap((c) => c.techniques.map((t) => [t.name, t])));

/** The places of each kind a practice is checked in (each once: a plan
 *  day's beverages and a remedy's ingredients are read with their day and
 *  their remedy; the glossary is the source, not a place). */
const placesFor = (row) =>
  Object.entries({ ...EATEN, ...ADVICE })
    .filter(([kind]) => !['plan beverages', 'remedy ingredients', 'glossary techniques'].includes(kind))
    .filter(([kind]) => (row.onlyIn ? row.onlyIn.includes(kind) : !(row.notIn ?? []).includes(kind)))
    .flatMap(([, places]) => places);

function cautionsMissing(row, places) {
  return places
    .filter((p) => row.finds.test(kept(p.text)))
    .map((p) => ({ p, missing: row.needs.filter((n) => !n.test(p.text)) }))
    .filter(({ missing }) => missing.length > 0)
    .map(({ p, missing }) => `${p.file} ${p.id}: ${row.practice} without ${missing.map((m) => m.source).join(', ')}`);
}

test("4. the practice table repeats the glossary's own warnings", () => {
  for (const row of PRACTICES) {
    assert.ok(row.glossary || row.audit, `${row.practice} says where its cautions come from`);
    for (const name of row.glossary ?? []) assert.ok(techniques.has(name), `the glossary has ${name}`);
    const warnings = (row.glossary ?? []).flatMap((n) => techniques.get(n).warnings).join(' ');
    if (row.glossary) for (const need of row.needs) assert.match(warnings, need, `${row.practice}: the glossary says ${need.source}`);
  }
});

test('4. every place a practice appears carries its cautions', (t) => {
  const scanned = placesFor({});
  t.diagnostic(`${scanned.length} places scanned for ${PRACTICES.length} practices`);
  for (const row of PRACTICES) t.diagnostic(`${row.practice}: ${placesFor(row).filter((p) => row.finds.test(kept(p.text))).length} places`);
  assert.deepEqual(PRACTICES.flatMap((row) => cautionsMissing(row, placesFor(row))), []);
});

test('4. a practice without its cautions is caught', () => {
  const box = PRACTICES.find((r) => r.practice === 'box breathing and breath holds');
  const bad = { file: 'x', id: 'bad', text: 'Box Breathing. Breathe in for 4, hold for 4.' };
  const good = { ...bad, id: 'good', text: 'Box Breathing. Skip the holds if you are pregnant or have heart or lung disease.' };
  const never = { ...bad, id: 'never', text: 'Breathe throughout; never hold your breath.' };
  assert.deepEqual(cautionsMissing(box, [bad, good, never]), ['x bad: box breathing and breath holds without pregnan, \\bheart\\b, \\blung\\b']);
});

// ------------------------------------------------------------- 5. claims

const CLAIM =
  /\b(cur(e|es|ed|ing)|detox\w*|cleans(e|es|ed|ing)|flush(es|ing)?( out)?( the)? toxins|(eliminat|remov|draw)\w*( out)? toxins|purif(y|ies|ying) (the|your) (blood|body)|(?<!\b(a|sweet|special|little|occasional|tasty|healthy) )treat(s|ing)?)\b/i;
/** A sentence that denies a claim: "No food detoxifies you", "Avoid
 *  products promising cures". */
const DENIES = /\b(no|not|never|nor|none|avoid|without|beware|wary|skip|don't|doesn't|isn't|cannot|can't)\b/i;

function claims(places) {
  return places.flatMap((p) =>
    sentences(p.text).filter((s) => CLAIM.test(s) && !DENIES.test(s)).map((s) => `${p.file} ${p.id}: "${s}"`));
}

test('5. nothing claims to cure, treat or detoxify', (t) => {
  t.diagnostic(`${everywhere.length} places scanned`);
  assert.deepEqual(claims(everywhere), []);
});

test('5. a claim is caught, a denial and a category value are not', () => {
  const bad = { file: 'x', id: 'soup', text: 'This soup will detoxify your liver.' };
  const tea = { file: 'x', id: 'tea', text: 'Dandelion tea flushes out toxins. A sweet treat.' };
  const denial = { file: 'x', id: 'plan', text: 'No food detoxifies you: your liver and kidneys do that work.' };
  const category = place('x', 'hack', [], { category: 'detoxification', howTo: 'Open a window.' });
  assert.deepEqual(claims([bad, tea, denial, category]), ['x soup: "This soup will detoxify your liver."', 'x tea: "Dandelion tea flushes out toxins."']);
});

// -------------------------------------------------------------- 6. hymns

const songs = items('worship-songs');

/** Authors whose death year is not recorded, and why their words are still
 *  certainly in the public domain. */
const UNRECORDED = {
  'Katharina von Schlegel': 'born 1697; she wrote the German words in 1752',
  'Irish hymn': 'an anonymous Old Irish poem, many centuries old (its translators are dated)',
};
const LAST_YEAR = 1954;

function notPublicDomain(list) {
  return list.flatMap((s) => {
    const problems = [];
    const unrecorded = Object.keys(UNRECORDED).some((a) => s.author.startsWith(a));
    if (s.authorDied === undefined && !unrecorded) problems.push('no authorDied');
    if (s.authorDied > LAST_YEAR) problems.push(`author died ${s.authorDied}`);
    const translated = /\b(translated|versified|paraphrased)\b/i.test(s.author);
    if (translated && s.translatorDied === undefined) problems.push('no translatorDied');
    if (s.translatorDied > LAST_YEAR) problems.push(`translator died ${s.translatorDied}`);
    return problems.map((problem) => `${s.id} ${s.title}: ${problem}`);
  });
}

test('6. every hymn author and translator died before 1955', (t) => {
  t.diagnostic(`${songs.length} hymns scanned`);
  assert.deepEqual(notPublicDomain(songs), []);
});

test('6. a hymn whose author died after 1954 is caught', () => {
  const chisholm = { id: 'song-x', title: 'Great Is Thy Faithfulness', author: 'Thomas O. Chisholm', year: 1923, authorDied: 1960 };
  const hedge = { id: 'song-y', title: 'A Mighty Fortress Is Our God', author: 'Martin Luther, translated by Frederick H. Hedge', authorDied: 1546 };
  assert.deepEqual(notPublicDomain([chisholm, hedge]), ['song-x Great Is Thy Faithfulness: author died 1960', 'song-y A Mighty Fortress Is Our God: no translatorDied']);
});
