// What every visitor notices before reading a word: Home does not jump while
// it loads (first visit and return visit), and no page has a serious or
// critical accessibility problem (axe-core, injected into each page); the
// dark theme and members' pages are in quality-dark.test.mjs.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seriousProblems } from './axe.mjs';
import { PHONE, SYNCED, serverAndBrowser } from './harness.mjs';
import { isoDates, PAGES, visitEach } from './pages.mjs';

/** Starts collecting layout shifts before the page's own scripts run. */
async function watchLayoutShifts(page) {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) {
          window.__shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((s) => s.node?.className || s.node?.nodeName || '?'),
          });
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits until Home has settled: content shown, premium known, the week saved. */
async function homeSettled(page) {
  await page.locator('[data-card="reading"] .reference').waitFor();
  await page.locator('[data-card="snack"] h3').waitFor();
  await page.getByText(/Saved for offline use through/).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });
  await page.locator('.promo, .premium-home').first().waitFor();
  // Two frames for the last layout to be measured.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function shifts(page) {
  const list = await page.evaluate(() => window.__shifts);
  return { total: list.reduce((sum, s) => sum + s.value, 0), list };
}

describe('a home screen that does not jump', () => {
  const env = serverAndBrowser({ stripe: true });

  test('first visit and return visit both keep the cumulative layout shift at or below 0.02', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await watchLayoutShifts(page);
    await page.goto('/');
    await homeSettled(page);
    const first = await shifts(page);
    assert.ok(first.total <= 0.02, `first visit CLS ${first.total.toFixed(4)}: ${JSON.stringify(first.list)}`);

    // Back again: content from this device, the service worker in charge.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await homeSettled(page);
    const again = await shifts(page);
    assert.ok(again.total <= 0.02, `return visit CLS ${again.total.toFixed(4)}: ${JSON.stringify(again.list)}`);

    // The reading begins on the first screen of a phone, under one promotion at most.
    const top = await page.locator('[data-card="reading"]').evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(top < 844 - 120, `the reading starts at ${top}px`);
    const promotionsAbove = await page
      .locator('.premium-required, .promo, .trial-notice, .subscription-check')
      .evaluateAll((els, y) => els.filter((el) => el.getBoundingClientRect().top < y).length, top);
    assert.equal(promotionsAbove, 1);
    // The small links of Home are a thumb's target too (WCAG 2.2: 24 by 24 CSS px).
    for (const link of [page.getByRole('link', { name: 'Log in' }), page.getByRole('link', { name: 'Privacy Policy' }), page.locator('.card-reading .reference a')]) {
      const box = await link.boundingBox();
      assert.ok(box && box.width >= 24 && box.height >= 24, `${await link.textContent()}: ${box?.width}×${box?.height}`);
    }
    await context.close();
  });

  test('on a 320 px phone the reading still starts on the first screen', async () => {
    const context = await env.browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 }, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/');
    // The app's own page (the server's first one is replaced in place).
    const reference = page.locator('main:not([data-first-screen]) [data-card="reading"] .reference');
    await reference.waitFor();
    const box = await reference.boundingBox();
    assert.ok(box && box.y + box.height <= 640, `the reference ends at ${box && box.y + box.height}px`);
    await context.close();
  });
});

describe('accessibility of every page', () => {
  const env = serverAndBrowser({ stripe: true });

  test('no route has a serious or critical problem', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    const found = [];
    await visitEach(page, PAGES, async (path) => {
      for (const problem of await seriousProblems(page)) found.push(`${path}: ${problem}`);
      for (const date of await isoDates(page)) found.push(`${path}: the date ${date} is not written for people`);
    });
    // A form with its errors shown, in an open dialog.
    await page.goto('/prayer-reminders');
    await page.getByRole('button', { name: 'Create Prayer Reminder' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Reminder' }).click();
    await page.getByRole('dialog').getByText('Missing information').waitFor();
    for (const problem of await seriousProblems(page)) found.push(`reminder dialog: ${problem}`);
    // The assessment with its required fields shown missing.
    await page.goto('/wellness-goals');
    await page.getByRole('button', { name: 'Start Assessment' }).click();
    await page.getByRole('button', { name: 'Save My Goals' }).click();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    for (const problem of await seriousProblems(page)) found.push(`assessment errors: ${problem}`);
    // The Bible study's lexicon and commentary dialogs, open.
    await page.goto('/bible');
    await page.getByRole('tab', { name: 'Resources' }).click();
    for (const name of ['Lexicon', 'Commentary']) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.getByRole('dialog', { name }).waitFor();
      for (const problem of await seriousProblems(page)) found.push(`${name} dialog: ${problem}`);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(found, []);
    await context.close();
  });
});
