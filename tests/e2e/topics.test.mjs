// Health Wisdom, Organic Nutrition and Movement: today's item, then the
// recent ones newest first (three placeholders while they load), and the same
// pages with the server gone after one visit.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, localDate, serverAndBrowser, waitUntilOfflineReady } from './harness.mjs';

const PAGES = [
  { path: '/health', list: '/api/health-tips', field: 'healthTip', name: 'title', today: "Today's Health Tip", recent: 'Recent Tips' },
  { path: '/nutrition', list: '/api/food-spotlights', field: 'foodSpotlight', name: 'name', today: "Today's Food Spotlight", recent: 'Recent Spotlights' },
  { path: '/fitness', list: '/api/exercise-suggestions', field: 'exerciseSuggestion', name: 'title', today: "Today's Movement", recent: 'Recent Exercises' },
];

describe('health, nutrition and movement pages', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test("today's item, the recent ones newest first, placeholders while loading, and offline", async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    const day = (await (await fetch(`${server.base}/api/daily-content?from=${localDate()}&days=1`)).json()).days[0];
    await page.goto('/');
    await waitUntilOfflineReady(page);

    for (const p of PAGES) {
      // Hold the list back a moment: three placeholders show meanwhile.
      let release;
      const held = new Promise((r) => (release = r));
      await page.route(`**${p.list}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(p.path);
      await page.getByRole('status', { name: `Loading ${p.recent.toLowerCase()}` }).waitFor();
      assert.equal(await page.locator('.topic section[aria-busy="true"] .card.skeleton-group').count(), 3);
      release();

      await page.getByRole('heading', { name: p.today }).waitFor();
      const today = page.locator('.card', { has: page.getByRole('heading', { name: p.today }) });
      await today.getByRole('heading', { name: day[p.field][p.name] }).waitFor();
      await page.getByRole('heading', { name: p.recent }).waitFor();
      // The heading stays while the list loads: the list is in once its placeholders are gone.
      await page.getByRole('status', { name: `Loading ${p.recent.toLowerCase()}` }).waitFor({ state: 'detached' });
      const dates = await page.locator('.plain-list time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')));
      assert.ok(dates.length >= 7, `${p.path}: ${dates.length} recent items`);
      assert.deepEqual(dates, [...dates].sort().reverse(), `${p.path}: newest first`);
      assert.ok(dates.every((d) => d < localDate()), `${p.path}: today's item is not repeated`);
      await page.unroute(`**${p.list}`);
    }

    // A recent exercise opens in the timer.
    const first = page.locator('.plain-list li').first();
    const title = await first.locator('h3').innerText();
    await first.getByRole('link', { name: 'Start Exercise' }).click();
    await page.waitForURL(/\/exercise-timer\?id=exercise-/);
    const timerUrl = page.url();
    await page.getByRole('heading', { name: title }).waitFor();

    await server.stop();
    for (const p of PAGES) {
      await page.goto(p.path);
      await page.getByRole('heading', { name: day[p.field][p.name] }).first().waitFor();
      // Today's item and the recent list are read from the device apart.
      await page.getByRole('status', { name: `Loading ${p.recent.toLowerCase()}` }).waitFor({ state: 'detached' });
      assert.ok((await page.locator('.plain-list time').count()) >= 7, `${p.path} offline`);
    }
    await page.goto(timerUrl);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Start' }).waitFor();
    await context.close();
  });
});

describe('recipe ideas', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test("from Home's spotlight: the grid, a recipe and back, an unknown food, and offline", async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    const day = (await (await fetch(`${server.base}/api/daily-content?from=${localDate()}&days=1`)).json()).days[0];
    const food = day.foodSpotlight.name;
    const recipes = (await (await fetch(`${server.base}/api/recipes`)).json()).filter((r) => r.food === food);
    assert.ok(recipes.length >= 3);
    await page.goto('/');
    await waitUntilOfflineReady(page);
    // Saved with the coming days: the page works with the server gone.
    await server.stop();

    await page.locator('[data-card="spotlight"]').getByRole('link', { name: 'Get Recipe Ideas' }).click();
    await page.waitForURL(new RegExp(`/food-recipes\\?food=${encodeURIComponent(food.toLowerCase().replace(/ /g, '-'))}$`));
    await page.getByRole('heading', { name: `Recipes with ${food}` }).waitFor();
    assert.equal(await page.locator('.recipe-card').count(), recipes.length);

    const recipe = recipes[1];
    await page.getByRole('button', { name: new RegExp(recipe.title) }).click();
    await page.getByRole('heading', { name: recipe.title }).waitFor();
    const steps = await page.locator('ol.steps li').allInnerTexts();
    assert.deepEqual(steps, recipe.instructions);
    await page.getByText(recipe.ingredients[0], { exact: true }).waitFor();
    await page.getByRole('button', { name: `← Back to ${food} recipes` }).click();
    await page.getByRole('heading', { name: `Recipes with ${food}` }).waitFor();

    await page.goto('/food-recipes?food=dragon-fruit');
    await page.getByText('We don\'t have recipes for "dragon fruit" yet.').waitFor();
    await page.getByRole('link', { name: `See recipes for today's ${food}` }).click();
    await page.getByRole('heading', { name: `Recipes with ${food}` }).waitFor();
    await context.close();
  });
});
