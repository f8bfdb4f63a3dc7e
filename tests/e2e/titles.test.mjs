// Every page names itself in the browser tab: each route of the app's route
// table (read from pwa/src/app/routes.tsx, so a new route is checked too) has
// a title of its own, a meal plan's page carries the plan's title, and only an
// address the app does not have is "Page Not Found".

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { PHONE, serverAndBrowser } from './harness.mjs';

const NOT_FOUND = 'Page Not Found · Manna';

/** Every path the route table names (its string literals that start with "/"). */
function routePaths() {
  const source = readFileSync(resolve(import.meta.dirname, '../../pwa/src/app/routes.tsx'), 'utf8');
  return [...new Set([...source.matchAll(/'(\/[^']*)'/g)].map((m) => m[1]))];
}

/** Addresses that are one page under several names (the spec keeps old links working). */
const SAME_PAGE = [
  ['/subscribe', '/subscribe-simple', '/checkout', '/checkout-simple'],
  ['/privacy-policy', '/privacy-policy.html'],
  ['/archive', '/premium-archive'],
  ['/activate-premium', '/manual-activation'],
];
const pageOf = (path) => SAME_PAGE.find((group) => group.includes(path))?.[0] ?? path;

/** The tab's title once the page has drawn its heading (`heading`, when the
 *  page names itself only once its data is in), and two frames later, so the
 *  effects of that render have run. */
async function titleAt(page, path, heading) {
  await page.goto(path);
  await (heading ? page.getByRole('heading', { level: 1, name: heading }) : page.locator('h1').first()).waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.title();
}

describe('tab titles', () => {
  const env = serverAndBrowser();

  test('every route has its own title; a meal plan is titled with its name', async () => {
    const { server, browser } = env;
    const plans = await (await fetch(`${server.base}/api/meal-plans`)).json();
    const plan = plans.find((p) => !p.isPremium) ?? plans[0];
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();

    const paths = routePaths();
    assert.ok(paths.length >= 40, `${paths.length} routes found`);
    assert.ok(paths.includes('/meal-plans/:id'));
    const titles = new Map();
    for (const route of paths) {
      const path = route
        .replace(':id', encodeURIComponent(plan.id))
        .replace(':translation/:book/:chapter', 'kjv/John/3');
      const title = await titleAt(page, path);
      assert.notEqual(title, NOT_FOUND, `${path} is titled as the 404`);
      assert.match(title, /Manna/, `${path}: "${title}"`);
      const owner = titles.get(title);
      assert.ok(owner === undefined || owner === pageOf(route), `${path} and ${owner} share the title "${title}"`);
      titles.set(title, pageOf(route));
    }
    assert.equal(titles.size, new Set(paths.map(pageOf)).size);

    // The meal plan's own name, once loaded.
    await page.goto(`/meal-plans/${encodeURIComponent(plan.id)}`);
    await page.getByRole('heading', { level: 1, name: plan.title }).waitFor();
    await page.waitForFunction((want) => document.title === want, `${plan.title} · Manna`);

    // Moving between pages in the app renames the tab too.
    await page.getByRole('link', { name: '← All Meal Plans' }).click();
    await page.waitForFunction(() => document.title === 'Wholistic Meal Plans · Manna');

    assert.equal(await titleAt(page, '/no-such-page'), NOT_FOUND);
    // Headed "Meal Plan" until the server says there is no such plan.
    assert.equal(await titleAt(page, '/meal-plans/no-such-plan', 'Meal Plan Not Found'), 'Meal Plan Not Found · Manna');
    await context.close();
  });
});
