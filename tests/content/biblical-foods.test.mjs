// Every verse a biblical food cites names that food, in the King James
// Version's own word for it (the KJV says "lentiles", "garlick", "husks" for
// carob pods, "anise" for dill). The word names the food, never the plant it
// grows on: a verse about palm trees does not name dates (the KJV never
// names that fruit), nor one about an apple tree apples.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { kjvText } from './kjv.mjs';

const foods = JSON.parse(readFileSync(new URL('../../server/content/biblical-foods.json', import.meta.url), 'utf8')).items;

/** Each food's word in the KJV. */
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
  "Goat's Milk": /\bgoats' milk\b/i,
  'Butter and Curds': /\bbutter\b/i,
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
  'Bitter Herbs': /\bbitter\b/i,
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
  Rye: /\brie\b/i,
  "Cow's Milk": /\bmilk\b/i,
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
  const named = Object.keys(KJV_WORD).filter((food) => KJV_WORD[food].test(fruitOf(kjvText('Exodus 15:27'))));
  assert.deepEqual(named, []);
  assert.ok(!KJV_WORD.Dates, 'the KJV has no word for dates');
});
