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

const MEALS = ['breakfast', 'lunch', 'dinner'];
const menu = (day) => MEALS.map((m) => day[m]).join(' / ');

/** Where a plan repeats itself: a meal twice within seven days, a day's menu
 *  twice (or copied from `shorter`, the family's 7-day plan), a tip twice. */
function repeats(plan, shorter) {
  const found = [];
  const menus = new Map(shorter.days.map((d) => [menu(d), `${shorter.id} day ${d.dayNumber}`]));
  const tips = new Map();
  plan.days.forEach((day, i) => {
    for (const meal of MEALS) {
      const before = plan.days.slice(Math.max(0, i - 6), i).find((d) => d[meal] === day[meal]);
      if (before) found.push(`day ${day.dayNumber}: ${meal} ${day[meal]} is also on day ${before.dayNumber}`);
    }
    const twin = menus.get(menu(day));
    if (twin) found.push(`day ${day.dayNumber}: the menu of ${twin}`);
    menus.set(menu(day), `day ${day.dayNumber}`);
    if (tips.has(day.tips)) found.push(`day ${day.dayNumber}: the tip of day ${tips.get(day.tips)}`);
    tips.set(day.tips, day.dayNumber);
  });
  return found;
}

test('the 14- and 30-day plans have their own days: no meal twice in a week, no menu or tip repeated', (t) => {
  const longer = plans.filter((p) => p.days.length > 7);
  assert.equal(longer.length, 6);
  for (const plan of longer) {
    const week = plans.find((p) => p.category === plan.category && p.days.length === 7);
    t.diagnostic(`${plan.id}: ${new Set(plan.days.flatMap((d) => MEALS.map((m) => d[m]))).size} dishes, ${new Set(plan.days.map((d) => d.tips)).size} tips`);
    assert.deepEqual(repeats(plan, week), [], plan.id);
  }
});

test('a plan that cycles its week is caught', () => {
  const week = plans.find((p) => p.days.length === 7);
  const cycled = { id: 'x', days: [...week.days, ...week.days].map((d, i) => ({ ...d, dayNumber: i + 1 })) };
  cycled.days[9] = { ...cycled.days[9], breakfast: cycled.days[4].breakfast };
  const found = repeats(cycled, week);
  assert.ok(found.includes(`day 1: the menu of ${week.id} day 1`), found.join('\n'));
  assert.ok(found.includes('day 9: the menu of day 2'), found.join('\n'));
  assert.ok(found.includes(`day 10: breakfast ${week.days[4].breakfast} is also on day 5`), found.join('\n'));
  assert.ok(found.includes('day 8: the tip of day 1'), found.join('\n'));
});
