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

/** Where the ids go wrong: a plan day naming a dish the catalogue lacks, or
 *  a former id (kept so that saved links and records still find a renamed
 *  plan or dish) that is some item's id now or is claimed twice. */
function idProblems(planList, dishes) {
  const found = [];
  const known = new Set(dishes.map((d) => d.id));
  for (const plan of planList) {
    for (const day of plan.days ?? []) {
      for (const id of [...MEALS.map((m) => day[m]), ...(day.snacks ?? [])]) {
        if (!known.has(id)) found.push(`${plan.id} day ${day.dayNumber}: no dish ${id}`);
      }
    }
  }
  for (const list of [planList, dishes]) {
    const ids = new Set(list.map((x) => x.id));
    const seen = new Map();
    for (const x of list) {
      for (const old of x.formerIds ?? []) {
        if (ids.has(old)) found.push(`${x.id}: former id ${old} is an id now`);
        if (seen.has(old)) found.push(`${x.id}: former id ${old} is also ${seen.get(old)}'s`);
        seen.set(old, x.id);
      }
    }
  }
  return found;
}

test('every dish a plan names is in the catalogue, and a former id still leads to one item only', (t) => {
  const renamed = [...plans, ...catalogue.recipes].filter((x) => x.formerIds);
  t.diagnostic(`renamed: ${renamed.map((x) => `${x.formerIds.join(', ')} → ${x.id}`).join('; ')}`);
  assert.deepEqual(idProblems(plans, catalogue.recipes), []);
});

test('a plan naming a missing dish, or a former id in use, is caught', () => {
  const dishes = [{ id: 'green-smoothie', formerIds: ['green-detox-smoothie'] }, { id: 'soup', formerIds: ['green-detox-smoothie'] }, { id: 'salad', formerIds: ['soup'] }];
  const planList = [{ id: 'p', days: [{ dayNumber: 1, breakfast: 'green-detox-smoothie', lunch: 'soup', dinner: 'salad', snacks: [] }] }];
  assert.deepEqual(idProblems(planList, dishes), [
    'p day 1: no dish green-detox-smoothie',
    "soup: former id green-detox-smoothie is also green-smoothie's",
    'salad: former id soup is an id now',
  ]);
});

/** The plan categories (the app's tabs), and the catalogue tag of each:
 *  a dish tagged with a plan's category is the first choice when a meal of
 *  that plan must be swapped for someone's diet. */
const CATEGORIES = ['anti-inflammatory', 'digestive-comfort', 'whole-foods-reset'];

function categoryProblems(planList, dishes) {
  const found = planList.filter((p) => !CATEGORIES.includes(p.category)).map((p) => `${p.id}: category ${p.category}`);
  for (const c of CATEGORIES) {
    for (const meal of ['breakfast', 'lunch', 'dinner', 'snack']) {
      if (!dishes.some((d) => d.meal === meal && d.tags.includes(c))) found.push(`no ${meal} tagged ${c}`);
    }
  }
  return found;
}

test('every plan is of a known category, and each category has dishes of every meal to swap in', (t) => {
  for (const c of CATEGORIES) t.diagnostic(`${c}: ${plans.filter((p) => p.category === c).length} plans, ${catalogue.recipes.filter((d) => d.tags.includes(c)).length} dishes`);
  assert.deepEqual(categoryProblems(plans, catalogue.recipes), []);
});

test('a plan of an unknown category, or a category without dishes, is caught', () => {
  const dishes = ['breakfast', 'lunch', 'dinner', 'snack'].flatMap((meal) => CATEGORIES.map((c) => ({ meal, tags: [c] })));
  assert.deepEqual(categoryProblems([{ id: 'p', category: 'detox' }], dishes), ['p: category detox']);
  assert.deepEqual(categoryProblems([], dishes.filter((d) => !(d.meal === 'snack' && d.tags.includes('whole-foods-reset')))), ['no snack tagged whole-foods-reset']);
});
