// The meal catalogue and plans as written for Manna: every verse of a day's
// spiritual focus is the KJV's own words, every plan says it is not medical
// advice, every price and amount is a real figure, and no dish hides an
// allergen its ingredients do not declare.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { kjvText } from './kjv.mjs';

const read = (file) => JSON.parse(readFileSync(new URL(`../../server/content/${file}`, import.meta.url), 'utf8'));
const catalogue = read('meal-catalogue.json');
const plans = read('meal-plans.json').items;

test('every verse of the spiritual focus is quoted from the KJV word for word', () => {
  assert.ok(catalogue.verses.length >= 30);
  for (const v of catalogue.verses) assert.equal(v.text, kjvText(v.reference), v.reference);
});

test('every meal plan says it is educational and not medical advice', () => {
  for (const p of plans) assert.ok(p.guidelines.some((g) => /does not replace medical advice/.test(g)), p.id);
});

test('every ingredient has a price and an aisle, and allergens are declared where a name shows them', () => {
  // Plant milks are not dairy; their nut or soy is declared instead.
  const declared = {
    nut: /\b(walnuts?|almonds?|almond (milk|butter)|peanuts?|peanut butter)\b/i,
    dairy: /^(milk|plain Greek yogurt|kefir|cottage cheese|feta cheese|parmesan|goat cheese|butter)$/i,
    egg: /^eggs?$/i,
    fish: /\b(salmon|cod|tuna|sardines)\b/i,
    shellfish: /\bshrimp\b/i,
    soy: /\b(tofu|tempeh|edamame|soy|miso|tamari)\b/i,
    gluten: /\b(wheat|barley|bread|pasta|oats)\b/i,
  };
  for (const i of catalogue.ingredients) {
    assert.ok(Number.isInteger(i.cents) && i.cents > 0, `${i.name} price`);
    assert.ok(i.aisle, `${i.name} aisle`);
    for (const [flag, pattern] of Object.entries(declared)) {
      if (pattern.test(i.name)) assert.ok((i.flags ?? []).includes(flag), `${i.name} must declare ${flag}`);
    }
  }
});

test('no content of the plans points at an address', () => {
  const text = JSON.stringify(catalogue) + JSON.stringify(plans);
  assert.doesNotMatch(text, /https?:\/\//);
});
