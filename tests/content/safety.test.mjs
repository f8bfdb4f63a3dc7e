// Safe and honest content, kept so by a lint. Every place that can say it is
// scanned (snacks, biblical foods, food spotlights, recipes, the meal
// catalogue and plans, biohacks, health and home tips, remedies, exercises),
// and each check names the ids of the items that break it:
//   1. honey is never eaten without the warning for babies under 1 year;
//   2. foods young children choke on carry a note for children under five,
//      and fruit served with its pits a note that the pit chokes anyone;
//   3. an eaten item names every major allergen it holds;
//   4. a practice carries the cautions the glossary (or the audit) gives it,
//      wherever it appears;
//   5. nothing claims to cure, treat or detoxify (a sentence denying such a
//      claim is not a claim; labels are checked by 6);
//   6. no label (an id, title, name, tag or category, in any content file)
//      says detox, cleanse or flush, and none of food or health says heal;
//   7. every hymn's author and translator died before 1955, so its words are
//      in the public domain worldwide.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
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
  'costLevel', 'aisle', 'flags', 'per', 'meal', 'formerIds',
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
 *  are a danger (whole nuts, not nut butter or ground nuts; nut and seed
 *  butters by the spoonful, whose thick layer sticks in a small throat; whole
 *  seeds, not ground ones or seed butter; whole cherries and olives). */
const CHOKING = {
  'whole nuts': /\b(almonds?|walnuts?|pecans?|cashews?|hazelnuts?|pistachios?|peanuts?|macadamias?|nuts|trail mix)\b(?![ -](butter|milk|flour|meal|extract))/i,
  grapes: /\bgrapes?\b/i,
  'cherry tomatoes': /\bcherry tomato(es)?\b/i,
  'raw carrot or celery sticks': /\b(carrot|celery) (sticks|batons)\b|\b(carrots?|celery stalks?), cut into sticks\b|\bcut (the )?carrots into sticks\b|\braw carrots?\b|\bsnack raw\b/i,
  popcorn: /\bpopcorn\b/i,
  'nut and seed butters by the spoon':
    /\b(spoon(ful)?s?|tablespoons?|tbsp|teaspoons?|tsp)\b( of)? ([\w-]+ ){0,2}(nut|seed|almond|peanut|cashew|hazelnut|sunflower|pumpkin)[ -]?(seed )?butter\b|\bsunbutter\b/i,
  'whole seeds': /(?<!\bground )\b(pumpkin|sunflower|squash|watermelon|melon)[ -]seeds?\b(?![ -](butter|oil|flour))|\bpepitas?\b|\bmixed seeds\b/i,
  chickpeas: /\b(chickpeas?|garbanzos?)\b(?![ -](flour|pasta|miso|water))/i,
  edamame: /\bedamame\b/i,
  'whole cherries and olives': /\bcherries\b|\bolives\b/i,
};
const UNDER_FIVE = (text) => /\bchok(e|es|ing)\b/i.test(text) && /\b(under|younger than) (five|5)\b/i.test(text);

/** Fruit with a stone or pit small enough to be swallowed: the pit can choke
 *  anyone, of any age. (A peach or nectarine stone is too big to swallow by
 *  mistake.) */
const STONE_FRUIT = String.raw`(cherr(?:y|ies)|olives?|dates|plums?|damsons?|apricots?|lychees?)`;
const stoneFruit = (flags) => new RegExp(String.raw`\b${STONE_FRUIT}\b`, flags);
/** The same fruit made into something with no pit: juice, oil, dried fruit,
 *  cherry tomatoes, the olive tree; or only named ("olive-sized", "the word
 *  meant the apricot", "pressed from olives"). */
const NO_PIT = new RegExp(
  [
    String.raw`\b(dried|candied|freeze-dried|sun-dried|canned|tinned)( (and|or) \w+)? (\w+ )?${STONE_FRUIT}\b`,
    String.raw`\b${STONE_FRUIT}[ -](tomato(es)?|juice|oil|paste|syrup|jam|preserves|leaf|leaves|trees?|wood|branch(es)?|blossoms?|extract|concentrate|sauce|sized|pits?|stones?|kernels?)\b`,
    String.raw`\b(pressed|made) from (\w+ )?${STONE_FRUIT}\b`,
    String.raw`\b(meant|means|called|calls) (the |an? )?${STONE_FRUIT}\b`,
  ].join('|'),
  'gi',
);
/** An ingredient or serving listed without its pit: "cherries, pitted and
 *  halved", "pitted Kalamata olives", "2 plums, sliced". Only a list line
 *  counts (one not ending a sentence): "freeze pitted cherries", said in
 *  passing, leaves the fresh ones whole. */
const PITTED = new RegExp(
  [
    String.raw`\b(pitted|stoned|sliced|diced|chopped)( and \w+)? (\w+ ){0,2}${STONE_FRUIT}\b`,
    String.raw`\b${STONE_FRUIT}( \w+)?, ((\w+|thinly \w+) and )?(pitted|stoned|sliced|diced|chopped)\b`,
    String.raw`\b${STONE_FRUIT} (slices|halves|pieces|chunks)\b`,
  ].join('|'),
  'gi',
);
/** The cook takes the pits out: "pit the dates", "remove the stone". */
const PIT_ACTION = new RegExp(String.raw`\b(pit|stone) (the|your|them|each) (\w+ )?${STONE_FRUIT}\b`, 'gi');
const PITS_OUT = /\b(remove|take out|cut out|discard|pull out) (the |its |their |any )?(pits?|stones?)\b|\b(pits?|stones?) removed\b/i;
/** A note for small children only ("for children under five, serve pitted
 *  olives") does not make a fruit safe for everyone. */
const FOR_SMALL_CHILDREN = /\b(under|younger than) (five|5)\b|\byoung children\b|\btoddlers?\b|\bbab(y|ies)\b/i;
const canon = (fruit) => fruit.toLowerCase().slice(0, 4);

/** The stone fruits an item serves with their pits in. */
function withPits(p) {
  const lines = p.text.split('\n');
  const forAll = lines.flatMap(sentences).filter((s) => !FOR_SMALL_CHILDREN.test(s)).join('\n');
  if (PITS_OUT.test(forAll)) return [];
  const listed = lines.filter((l) => !/[.!?:;]\s*$/.test(l)).join('\n');
  const pitted = new Set(
    [...listed.matchAll(PITTED), ...forAll.matchAll(PIT_ACTION)].map((m) => canon(m[0].match(stoneFruit('i'))[0])),
  );
  // "Top with the cherries" names again the cherries already listed.
  const again = new RegExp(String.raw`\bthe (\w+ )?${STONE_FRUIT}\b`, 'gi');
  const named = kept(p.eaten).replace(NO_PIT, '').replace(again, '').match(stoneFruit('gi')) ?? [];
  return [...new Set(named.map(canon))].filter((f) => !pitted.has(f));
}
/** Says the pit chokes, for everyone: a sentence naming the pit or stone and
 *  choking that is not a note for small children only. */
const PIT_NOTE = (text) =>
  sentences(text).some((s) => /\b(pits?|stones?)\b/i.test(s) && /\bchok(e|es|ing)\b/i.test(s) && !FOR_SMALL_CHILDREN.test(s));

/** The foods an item names that small children choke on (fruit named only as
 *  juice, oil or dried fruit is not whole). */
const chokingFoods = (p) => {
  const words = kept(p.eaten).replace(NO_PIT, (m) => (/tomato/i.test(m) ? m : ''));
  return Object.entries(CHOKING).filter(([, food]) => food.test(words)).map(([name]) => name);
};

/** What an item lacks: the note for children under five, the pit note. */
function chokingNotes(p) {
  const missing = [];
  if (chokingFoods(p).length > 0 && !UNDER_FIVE(p.text)) missing.push('under five');
  if (withPits(p).length > 0 && !PIT_NOTE(p.text)) missing.push('pits');
  return missing;
}

function chokingWithoutNote(places) {
  return places
    .map((p) => ({ p, missing: chokingNotes(p) }))
    .filter(({ missing }) => missing.length > 0)
    .map(({ p, missing }) => `${p.file} ${p.id}: ${missing.join(', ')}`);
}

test('2. foods young children choke on carry a note for children under five, and pits one for everyone', (t) => {
  const found = eaten.filter((p) => chokingFoods(p).length > 0);
  t.diagnostic(`${eaten.length} eaten items scanned, ${found.length} with a choking food, ${eaten.filter((p) => withPits(p).length > 0).length} with a fruit pit`);
  for (const name of Object.keys(CHOKING)) t.diagnostic(`${name}: ${found.filter((p) => chokingFoods(p).includes(name)).length}`);
  assert.deepEqual(chokingWithoutNote(eaten), []);
});

test('2. a choking food without its note is caught', () => {
  const note = 'For children under five, cut cherry tomatoes lengthwise into quarters: whole ones are a choking hazard.';
  const bad = { file: 'x', id: 'bad', eaten: 'Olives and cherry tomatoes', text: 'Olives and cherry tomatoes' };
  const butter = { file: 'x', id: 'butter', eaten: 'Celery with almond butter', text: '' };
  const good = { ...bad, id: 'good', text: `${note} Olives have pits, which can choke anyone: pitted ones are safer.` };
  assert.deepEqual(chokingWithoutNote([bad, butter, good]), ['x bad: under five, pits']);
});

test('2. nut butter by the spoon, whole seeds, chickpeas, edamame and pits are caught', () => {
  const note = 'For children under five, spread it thinly or mash it: it is a choking hazard.';
  const pit = 'Take out the pits first: they can choke anyone who swallows one.';
  const cases = [
    { id: 'spoon', eaten: 'Apple slices\n1 tablespoon almond butter' },
    { id: 'sunbutter', eaten: 'Celery with a spoonful of sunflower seed butter' },
    { id: 'seeds', eaten: 'Toasted pumpkin seeds' },
    { id: 'chickpeas', eaten: 'Crunchy roasted chickpeas' },
    { id: 'edamame', eaten: 'Steamed edamame in the pod' },
    { id: 'cherries', eaten: 'Fresh cherries' },
    { id: 'dates', eaten: 'Medjool dates with tahini' },
    { id: 'plums', eaten: 'Ripe plums' },
  ].map((c) => ({ file: 'x', text: '', ...c }));
  assert.deepEqual(chokingWithoutNote(cases), [
    'x spoon: under five',
    'x sunbutter: under five',
    'x seeds: under five',
    'x chickpeas: under five',
    'x edamame: under five',
    'x cherries: under five, pits',
    'x dates: pits',
    'x plums: pits',
  ]);
  // With the notes, and where nothing is whole or eaten off a spoon, none is caught.
  const noted = cases.map((c) => ({ ...c, text: `${note} ${pit}` }));
  const fine = [
    { id: 'spread', eaten: 'Toast spread thinly with almond butter' },
    { id: 'ground', eaten: 'Oats with ground pumpkin seeds' },
    { id: 'hummus', eaten: 'Hummus with cucumber' },
    { id: 'pitted', eaten: 'Pitted dates, chopped\nTart cherry juice\nOlive oil' },
    { id: 'stoned', eaten: 'Slit the date, remove the stone and fill it with tahini.' },
  ].map((c) => ({ file: 'x', text: c.eaten, ...c }));
  assert.deepEqual(chokingWithoutNote([...noted, ...fine]), []);
  // A pit note for small children only is not one for everyone.
  const small = { file: 'x', id: 'small', eaten: 'Fresh cherries', text: 'For children under five, take out the pits and quarter cherries: they can choke.' };
  assert.deepEqual(chokingWithoutNote([small]), ['x small: pits']);
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

// ------------------------------------------------------------- 6. labels

/** Keys whose values are labels a person sees or an address carries: ids,
 *  titles, names, tags, categories, a day's theme and the meal ids a plan
 *  day names. (`formerIds` keeps a renamed item's old id so that saved links
 *  still find it: it is no label.) */
const LABELS = new Set(['id', 'title', 'name', 'tags', 'category', 'categories', 'theme', 'prayerType', 'breakfast', 'lunch', 'dinner', 'snacks']);
/** Words that promise a food or practice purges or heals the body. Written
 *  to match inside ids and tags too ("green-detox-smoothie",
 *  "digestive_healing"). */
const PURGE = /(?<![a-z])(detox[a-z]*|cleans(e|es|ed|ing|ers?)|flush[a-z]*)(?![a-z])/i;
const HEAL = /(?<![a-z])heal(s|ed|ing|er|ers)?(?![a-z])/i;
/** Files of faith, where God heals and cleanses from sin ("Prayer for
 *  Healing", a study of a healing in the Gospels): there only the purging
 *  words are refused. */
const FAITH = new Set([
  'bible-readings', 'bible-studies', 'prayer-sessions', 'meditation-sessions', 'journal-prompts', 'worship-songs', 'premium-library',
]);
const CONTENT = readdirSync(new URL('../../server/content/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/** Every label under a value, as "key: value". */
function labels(value, key = null, out = []) {
  if (Array.isArray(value)) value.forEach((v) => labels(v, key, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) labels(v, k, out);
  else if (typeof value === 'string' && LABELS.has(key)) out.push(`${key}: ${value}`);
  return out;
}

function badLabels(file, content) {
  const words = FAITH.has(file) ? [PURGE] : [PURGE, HEAL];
  return labels(content).filter((l) => words.some((w) => w.test(l.replace(/^\w+: /, '')))).map((l) => `${file} ${l}`);
}

test('6. no label says detox, cleanse, flush or (of food and health) heal', (t) => {
  t.diagnostic(`${CONTENT.length} content files, ${CONTENT.reduce((n, f) => n + labels(read(f)).length, 0)} labels scanned`);
  assert.deepEqual(CONTENT.flatMap((f) => badLabels(f, read(f))), []);
});

test('6. a bad label is caught, wherever it stands, and prose is left to 5', () => {
  const plans = {
    items: [
      { id: 'detox-7day', title: '7-Day Whole-Foods Reset', category: 'detox', days: [{ dayNumber: 1, breakfast: 'green-detox-smoothie', snacks: ['cleansing-soup'] }] },
      { id: 'digestive-comfort-7day', formerIds: ['digestive-healing-7day'], title: 'Digestive Healing', category: 'digestive_healing' },
      { id: 'ok', title: 'Whole-Foods Reset', tags: ['vegetable-rich', 'health', 'healthy-home'], guidelines: ['No food detoxifies you.'] },
    ],
  };
  const hacks = { items: [{ id: 'biohack-x', title: 'Liver Flush Tea', category: 'detoxification', techniques: [{ name: 'Juice Cleanse' }] }] };
  assert.deepEqual(badLabels('meal-plans', plans), [
    'meal-plans id: detox-7day',
    'meal-plans category: detox',
    'meal-plans breakfast: green-detox-smoothie',
    'meal-plans snacks: cleansing-soup',
    'meal-plans title: Digestive Healing',
    'meal-plans category: digestive_healing',
  ]);
  assert.deepEqual(badLabels('biohacks', hacks), [
    'biohacks title: Liver Flush Tea',
    'biohacks category: detoxification',
    'biohacks name: Juice Cleanse',
  ]);
  // A prayer for healing is a prayer; a detox is refused even there.
  const prayers = { items: [{ id: 'prayer-x', title: 'Prayer for Healing', category: 'Healing', tags: ['healing', 'detox'] }] };
  assert.deepEqual(badLabels('prayer-sessions', prayers), ['prayer-sessions tags: detox']);
});

// -------------------------------------------------------------- 7. hymns

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

test('7. every hymn author and translator died before 1955', (t) => {
  t.diagnostic(`${songs.length} hymns scanned`);
  assert.deepEqual(notPublicDomain(songs), []);
});

test('7. a hymn whose author died after 1954 is caught', () => {
  const chisholm = { id: 'song-x', title: 'Great Is Thy Faithfulness', author: 'Thomas O. Chisholm', year: 1923, authorDied: 1960 };
  const hedge = { id: 'song-y', title: 'A Mighty Fortress Is Our God', author: 'Martin Luther, translated by Frederick H. Hedge', authorDied: 1546 };
  assert.deepEqual(notPublicDomain([chisholm, hedge]), ['song-x Great Is Thy Faithfulness: author died 1960', 'song-y A Mighty Fortress Is Our God: no translatorDied']);
});
