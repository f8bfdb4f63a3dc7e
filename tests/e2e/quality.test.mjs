// What every visitor notices before reading a word: Home does not jump while
// it loads (first visit and return visit), and no page has a serious or
// critical accessibility problem (axe-core, injected into each page).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seriousProblems } from './axe.mjs';
import { PHONE, registeredBrowser, serverAndBrowser } from './harness.mjs';

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
  await page.getByRole('button', { name: /^Synced/ }).waitFor({ timeout: 30_000 });
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
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
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

/** Dates written as 2026-11-24 on screen: dates are shown in the person's language. */
async function isoDates(page) {
  return (await page.locator('body').innerText()).match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? [];
}

const MEMBER = 'member.axe@example.org';

describe('accessibility of every page', () => {
  const env = serverAndBrowser({ stripe: true, env: { MANNA_OWNER_EMAILS: MEMBER } });

  const PAGES = [
    ['/', (p) => p.locator('[data-card="snack"] h3').waitFor()],
    ['/wellness-score', (p) => p.getByRole('heading', { name: 'Daily Wellness Check' }).waitFor()],
    ['/weight-tracking', (p) => p.getByText('No entries yet.').waitFor()],
    ['/prayer-reminders', (p) => p.getByText('No prayer reminders yet.').waitFor()],
    ['/subscribe', (p) => p.getByText('Save $20 per year').waitFor()],
    ['/payment?plan=annual', (p) => p.getByRole('button', { name: /Subscribe for/ }).waitFor()],
    ['/subscription-success', (p) => p.getByRole('heading', { name: 'No Payment to Confirm' }).waitFor()],
    ['/already-paid', (p) => p.getByRole('button', { name: 'Verify My Subscription' }).waitFor()],
    ['/quick-access', (p) => p.getByRole('button', { name: 'Access Premium Content' }).waitFor()],
    ['/activate-premium', (p) => p.getByRole('heading', { name: 'Manual Activation Disabled' }).first().waitFor()],
    ['/login', (p) => p.getByRole('button', { name: /Log In/i }).first().waitFor()],
    ['/register', (p) => p.getByLabel('Email').waitFor()],
    ['/set-password', (p) => p.getByLabel('Email').waitFor()],
    ['/meditation', (p) => p.locator('.session-card').first().waitFor()],
    ['/prayer-sessions', (p) => p.locator('.session-card').first().waitFor()],
    ['/food-recipes', (p) => p.locator('.recipe-card').first().waitFor()],
    ['/aso-preview', (p) => p.getByRole('tab', { name: 'Listing' }).waitFor()],
    ['/worship-music', (p) => p.locator('.song-choice').first().waitFor()],
    ['/privacy-policy', (p) => p.getByRole('heading', { name: '7. Contact' }).waitFor()],
    ['/bible', (p) => p.getByRole('heading', { name: 'Cross References' }).waitFor()],
    ['/read/kjv/Ps/23?with=web&q=shepherd', (p) => p.locator('.verse-beside').first().waitFor()],
    [
      '/read/kjv/John/3',
      async (p) => {
        await p.getByRole('button', { name: 'Verse 16: highlight or note' }).click();
        await p.getByRole('button', { name: 'Yellow' }).click();
        await p.locator('#v16.hl-yellow').waitFor();
        await p.getByRole('button', { name: 'Add a note' }).click();
        await p.getByLabel('Your note on John 3:16').waitFor();
      },
    ],
    ['/saved', (p) => p.getByRole('link', { name: 'John 3:16' }).waitFor()],
    [
      '/',
      async (p) => {
        await p.locator('[data-card="reading"]').getByRole('button', { name: 'Highlight or note' }).click();
        await p.getByRole('button', { name: 'Pink' }).click();
        await p.locator('[data-card="reading"] blockquote.hl-pink').waitFor();
      },
    ],
    ['/health', (p) => p.getByRole('heading', { name: 'Recent Tips' }).waitFor()],
    ['/nutrition', (p) => p.getByRole('heading', { name: 'Recent Spotlights' }).waitFor()],
    ['/fitness', (p) => p.locator('.plain-list li').first().waitFor()],
    ['/exercise-timer', (p) => p.getByRole('button', { name: 'Start' }).waitFor()],
    ['/farm-finder', (p) => p.getByRole('heading', { name: 'Why Choose Organic & Local?' }).waitFor()],
    ['/hiking-trails', (p) => p.getByRole('heading', { name: 'Nature Meditation Paths' }).waitFor()],
    ['/account', (p) => p.getByRole('heading', { name: 'You are not signed in' }).waitFor()],
    ['/premium-exercises', (p) => p.getByRole('heading', { name: 'Premium Routine Preview' }).waitFor()],
    ['/prayer-journal', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
    ['/premium-dashboard', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
    ['/home-remedies', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
    ['/biohack-glossary', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
    ['/premium-library', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
    ['/archive', (p) => p.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor()],
    ['/meal-plans', (p) => p.getByRole('heading', { name: '7-Day Whole-Foods Reset' }).waitFor()],
    ['/meal-plans/anti-inflammatory-30day', (p) => p.getByRole('heading', { name: 'Unlock This Meal Plan' }).waitFor()],
    ['/meal-plans/no-such-plan', (p) => p.getByRole('button', { name: 'Back' }).waitFor()],
    ['/wellness-goals', (p) => p.getByText('No assessments yet. Start one above.').waitFor()],
    ['/my-plans', (p) => p.getByRole('heading', { name: 'No Plans Yet' }).waitFor()],
    ['/shopping-lists', (p) => p.getByText('No active lists. Generate one above.').waitFor()],
    ['/shopping-calendar', (p) => p.getByRole('heading', { name: '30-Day Personalized Shopping Lists' }).waitFor()],
    ['/settings', (p) => p.getByRole('button', { name: 'Add to My Calendar' }).waitFor()],
    ['/pray', (p) => p.getByRole('heading', { name: 'Quiet and Worship' }).waitFor()],
    ['/plans', (p) => p.getByRole('heading', { name: 'Food and Shopping' }).waitFor()],
    ['/me', (p) => p.getByRole('heading', { name: 'About Manna' }).waitFor()],
    ['/no/such/page', (p) => p.getByRole('heading', { name: '404 Page Not Found' }).waitFor()],
  ];

  test('no route has a serious or critical problem', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    const found = [];
    for (const [path, ready] of PAGES) {
      await page.goto(path);
      await ready(page);
      for (const problem of await seriousProblems(page)) found.push(`${path}: ${problem}`);
      for (const date of await isoDates(page)) found.push(`${path}: the date ${date} is not written for people`);
    }
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

  test('in the dark theme (the system setting, then the choice in /settings), no route has a serious or critical problem', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, colorScheme: 'dark' });
    const page = await context.newPage();
    const found = [];
    for (const [path, ready] of PAGES) {
      await page.goto(path);
      await ready(page);
      for (const problem of await seriousProblems(page)) found.push(`${path} (dark): ${problem}`);
    }
    assert.deepEqual(found, []);
    // Dark follows the system; a choice in /settings overrides it, at once and on the next start.
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await page.goto('/settings');
    const dark = await background();
    await page.getByLabel(/^Light/).check();
    assert.notEqual(await background(), dark, 'light chosen on a dark phone');
    await page.reload();
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    assert.notEqual(await background(), dark, 'still light after a reload');
    assert.equal(await page.getByLabel(/^Light/).isChecked(), true);
    await page.getByLabel(/^Dark/).check();
    assert.equal(await background(), dark);
    await context.close();
  });

  // What members see.
  const MEMBER_PAGES = [
    ['/premium-dashboard', (p) => p.getByText(/done today$/).waitFor()],
    ['/premium-dashboard?tab=physical', (p) => p.getByRole('link', { name: 'Start Guided Workout' }).waitFor()],
    ['/premium-dashboard?tab=nutrition', (p) => p.locator('[data-card="snack"] h3').waitFor()],
    ['/premium-exercises', (p) => p.getByRole('heading', { name: 'All Routines' }).waitFor()],
    ['/premium-exercises?workout=premium-i01', (p) => p.getByRole('button', { name: 'Start Workout', exact: true }).waitFor()],
    [
      '/home-remedies',
      async (p) => {
        await p.getByRole('button', { name: 'Headache' }).click();
        await p.getByRole('heading', { name: 'When to Seek Professional Care' }).waitFor();
      },
    ],
    [
      '/biohack-glossary',
      async (p) => {
        await p.getByRole('button', { name: /Heat Therapy/ }).click();
        await p.getByRole('heading', { name: 'Sauna Session' }).waitFor();
      },
    ],
    ['/premium-library', (p) => p.getByRole('heading', { name: 'About These Experts' }).waitFor()],
    ['/premium-archive', (p) => p.getByText(/^Found \d+ items$/).waitFor()],
    [
      '/meal-plans/digestive-healing-14day',
      async (p) => {
        await p.getByRole('button', { name: 'Start This Plan' }).click();
        await p.getByRole('button', { name: 'Start Plan' }).click();
        await p.getByText('Meal Plan Started!').first().waitFor();
        await p.getByRole('tab', { name: 'Daily Plans' }).click();
        await p.getByRole('article', { name: 'Day 1' }).waitFor();
      },
    ],
    [
      '/shopping-lists',
      async (p) => {
        await p.getByRole('button', { name: 'Protein Power Week 1' }).click();
        await p.getByRole('checkbox').first().waitFor();
      },
    ],
    ['/shopping-lists', (p) => p.getByRole('tab', { name: 'Pantry Guide' }).click().then(() => p.getByRole('heading', { name: 'Seeds and Nuts' }).waitFor())],
    [
      '/shopping-calendar',
      async (p) => {
        await p.getByLabel('Meal plan', { exact: true }).selectOption('detox-7day');
        await p.getByRole('button', { name: 'Generate 30-Day Shopping Lists' }).click();
        await p.getByText('Week 1: 7-Day Whole-Foods Reset').first().waitFor();
      },
    ],
    ['/my-plans', (p) => p.getByRole('heading', { name: 'No Plans Yet' }).waitFor()],
    ['/prayer-journal', (p) => p.getByRole('heading', { name: "Today's Prayer Prompts" }).waitFor()],
  ];

  test('no member page has a serious or critical problem', async () => {
    const { context, page } = await registeredBrowser(env.server, env.browser, { email: MEMBER });
    const found = [];
    for (const [path, ready] of MEMBER_PAGES) {
      await page.goto(path);
      await ready(page);
      for (const problem of await seriousProblems(page)) found.push(`${path}: ${problem}`);
      for (const date of await isoDates(page)) found.push(`${path}: the date ${date} is not written for people`);
    }
    // The journal with an entry, and its form's errors shown.
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Missing Information' }).waitFor();
    for (const problem of await seriousProblems(page)) found.push(`journal form errors: ${problem}`);
    await page.getByLabel('Title').fill('Thanks');
    await page.getByLabel('Your prayer').fill('For this morning.');
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await page.getByRole('heading', { name: 'Thanks' }).waitFor();
    for (const problem of await seriousProblems(page)) found.push(`journal entries: ${problem}`);
    assert.deepEqual(found, []);
    await context.close();
  });
});
