// Plan generation and shopping-list building as the device runs them: the
// app's tools WebAssembly module (the same file the browser loads, run here by
// V8 as in Chromium) over the real meal catalogue, timed call by call as the
// app makes them (plain values in and out, as pwa/src/wasm/tools.ts passes them).
// Targets: 30 days of plans <= 50 ms (p95); a shopping list <= 50 ms (p95).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const pkg = await import(resolve(root, 'pwa/src/wasm/pkg/manna_tools.js'));
pkg.initSync({ module: readFileSync(resolve(root, 'pwa/src/wasm/pkg/manna_tools_bg.wasm')) });
const catalogue = readFileSync(resolve(root, 'server/content/meal-catalogue.json'), 'utf8');

const t0 = performance.now();
const meals = new pkg.Meals(JSON.parse(catalogue));
const readMs = performance.now() - t0;

const GOALS = ['weight_loss', 'muscle_gain', 'energy_boost', 'stress_reduction', 'general_health'];
const LEVELS = ['beginner', 'intermediate', 'advanced'];
const TIMES = ['15min', '30min', '45min', '60min'];
const RESTRICTIONS = [[], ['gluten_free'], ['dairy_free'], ['nut_allergies'], ['vegetarian'], ['low_carb'], ['vegetarian', 'nut_allergies'], ['heart_healthy', 'soy_free']];

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x) => `${x.toFixed(2)} ms`;

const plans = [];
const lists = [];
let n = 0;
for (const primaryGoal of GOALS) {
  for (const currentFitnessLevel of LEVELS) {
    for (const timeCommitment of TIMES) {
      for (const dietaryRestrictions of RESTRICTIONS) {
        n += 1;
        const goal = { primaryGoal, currentFitnessLevel, gender: 'female', timeCommitment, budget: 'moderate', dietaryRestrictions, healthConcerns: ['joint_health'], preferredMealTypes: ['quick_prep'] };
        let start = performance.now();
        const [mealPlan] = meals.generatePlans(goal, `goal-${n}`);
        plans.push(performance.now() - start);
        const prefs = { dietaryRestrictions, allergies: [], dislikes: [] };
        start = performance.now();
        const four = meals.calendarLists(mealPlan.title, mealPlan.dailyPlans, prefs);
        lists.push((performance.now() - start) / four.length);
        if (four.length !== 4 || mealPlan.dailyPlans.length !== 30) throw new Error('unexpected plan shape');
      }
    }
  }
}

const p95Plans = quantile(plans, 0.95);
const p95Lists = quantile(lists, 0.95);
console.log(`catalogue read once:        ${ms(readMs)}`);
console.log(`30-day plans (meal + fitness), ${plans.length} goals: p50 ${ms(quantile(plans, 0.5))}, p95 ${ms(p95Plans)}, max ${ms(Math.max(...plans))} (target p95 <= 50 ms)`);
console.log(`a week's shopping list, ${lists.length * 4} lists:   p50 ${ms(quantile(lists, 0.5))}, p95 ${ms(p95Lists)}, max ${ms(Math.max(...lists))} (target p95 <= 50 ms)`);
if (!(p95Plans <= 50 && p95Lists <= 50)) process.exitCode = 1;
