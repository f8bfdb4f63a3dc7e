// The home screen as a person on a phone sees it: server content, offline for a
// week, installable, and the 404 screen.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, launchProfile, localDate, serverAndBrowser, waitUntilHomeKept, waitUntilOfflineReady, watchShiftsAnd } from './harness.mjs';

const CARDS = [
  ['reading', "Today's Reading", (d) => d.bibleReading.reference],
  ['health-tip', "Today's Health Wisdom", (d) => d.healthTip.title],
  ['spotlight', 'Organic Spotlight', (d) => d.foodSpotlight.name],
  ['movement', "Today's Movement", (d) => d.exerciseSuggestion.title],
  ['biohack', null, (d) => d.dailyBiohack.title],
  ['home-tip', 'Healthy Home Tip', (d) => d.healthyHomeTip.title],
  ['biblical-food', 'Foods of the Bible', (d) => d.biblicalFood.name],
  ['snack', 'Healthy Snacks Spotlight', (d) => d.healthySnack.name],
];

async function daysFrom(base, from, days) {
  const res = await fetch(`${base}/api/daily-content?from=${from}&days=${days}`);
  assert.equal(res.status, 200);
  return (await res.json()).days;
}

describe('home screen', () => {
  const env = serverAndBrowser();

  test('shows the banner, the promo and all eight cards with the server content, in order', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(env.server.base);
    const [today] = await daysFrom(env.server.base, localDate(), 1);
    await page.getByText(today.bibleReading.reference).first().waitFor();
    assert.ok(await page.getByRole('heading', { name: "Today's Wellness Inspiration" }).isVisible());
    assert.ok(await page.getByText(`Day ${today.dayNumber}`, { exact: true }).isVisible());
    assert.equal(await page.getByRole('link', { name: 'Start My Plan - $4.99/mo' }).getAttribute('href'), '/subscribe-simple');
    assert.equal(await page.getByRole('link', { name: 'I Already Paid' }).getAttribute('href'), '/already-paid');

    const order = await page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    assert.deepEqual(order, [...CARDS.map(([id]) => id), 'wellness-score']);
    for (const [id, title, expected] of CARDS) {
      const card = page.locator(`[data-card="${id}"]`);
      await card.getByText(expected(today), { exact: false }).first().waitFor();
      if (title) assert.equal(await card.getByRole('heading', { level: 2 }).textContent(), title);
      assert.match(await card.textContent(), /not medical advice/);
    }
    assert.ok(await page.getByRole('button', { name: 'Listen' }).isVisible());
    await page.getByRole('button', { name: SYNCED }).waitFor();
    assert.ok(await page.getByRole('heading', { name: "This Week's Journey" }).isVisible());
    assert.equal(await page.locator('.week-day').count(), 7);
    // A tile for every tool page the app has.
    const tools = await page.locator('.tools-grid a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(tools, [
      '/wellness-score',
      '/weight-tracking',
      '/prayer-reminders',
      '/meditation',
      '/prayer-sessions',
      '/worship-music',
      '/farm-finder',
      '/hiking-trails',
      '/meal-plans',
      '/wellness-goals',
      '/my-plans',
      '/shopping-lists',
      '/prayer-journal',
    ]);
    // The spec's tiles keep their titles and subtitles.
    for (const [title, subtitle] of [
      ['Worship Music', 'Praise & worship'],
      ['Wellness Score', 'Daily assessment'],
      ['Find Organic Farms', 'Local chemical-free food'],
      ['Hiking Trails', 'Nature meditation paths'],
    ]) {
      const tile = page.locator('.tool-tile', { has: page.locator('.tool-title', { hasText: title }) });
      assert.equal(await tile.locator('.tool-subtitle').textContent(), subtitle);
    }
    await context.close();
  });

  test("shares the day's verse as text and as an image", async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.base });
    const page = await context.newPage();
    // A browser with no share sheet: the verse goes to the clipboard.
    await context.addInitScript(() => {
      delete Navigator.prototype.share;
      delete Navigator.prototype.canShare;
    });
    await page.goto('/');
    const [day] = await daysFrom(env.server.base, localDate(), 1);
    const { reference, verse } = day.bibleReading;
    const card = page.locator('[data-card="reading"]');
    await card.getByRole('button', { name: `Share ${reference}`, exact: true }).click();
    await page.getByText('The verse and its reference are on your clipboard.').first().waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `“${verse.trim()}” (${reference}, KJV)`);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: `Share as image: ${reference}` }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^[a-z0-9-]+\.png$/);
    const chunks = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk);
    const png = Buffer.concat(chunks);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG');
    assert.equal(png.readUInt32BE(16), 1080, 'square, 1080 px wide');
    await context.close();
  });

  test('is installable with no installability errors', async () => {
    const profile = await launchProfile(PHONE);
    const { context } = profile;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(env.server.base);
    await waitUntilOfflineReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const manifest = await (await fetch(`${env.server.base}/manifest.webmanifest`)).json();
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    assert.deepEqual(sizes.sort(), ['192x192 any', '512x512 any', '512x512 maskable']);
    await profile.close();
  });

  test('shows the 404 screen for an unknown path', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${env.server.base}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    assert.match(await page.locator('main').textContent(), /could not find this page/);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: "Today's Wellness Inspiration" }).waitFor();
    await context.close();
  });

  test('a browser without the storage the app keeps its days in is told what to do, not shown a broken page', async () => {
    const context = await env.browser.newContext(PHONE);
    await context.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
    const page = await context.newPage();
    await page.goto(`${env.server.base}/prayer-sessions`);
    await page.getByRole('alert').getByText('Please refresh the page to continue.').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    assert.equal(await page.locator('#root').count(), 0, 'the app did not start');
    await context.close();
  });
});

describe('with no network', () => {
  const env = serverAndBrowser();

  test('after one visit, the home screen opens without the server, today and 3 days later', async () => {
    const context = await env.browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const week = await daysFrom(env.server.base, localDate(), 8);
    await page.goto(env.server.base);
    await page.getByText(week[0].bibleReading.reference).first().waitFor();
    await waitUntilOfflineReady(page);

    await env.server.stop();
    assert.ok(await fetch(env.server.base).then(() => false, () => true), 'the server is really gone');

    await page.reload();
    await page.locator('[data-card="reading"]').getByText(week[0].bibleReading.reference, { exact: true }).waitFor();
    await page.locator('[data-card="snack"]').getByText(week[0].healthySnack.name).waitFor();

    const later = await context.newPage();
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    await later.clock.install({ time: new Date(noon.getTime() + 3 * 24 * 3600 * 1000) });
    await later.goto(env.server.base);
    const third = week[3];
    assert.equal(third.date, localDate(3));
    await later.locator('[data-card="reading"]').getByText(third.bibleReading.reference, { exact: true }).waitFor();
    await later.locator('[data-card="health-tip"]').getByText(third.healthTip.title).waitFor();
    assert.ok(await later.getByText(`Day ${third.dayNumber}`, { exact: true }).isVisible());
    await context.close();
  });
});

describe('a page the service worker missed', () => {
  const env = serverAndBrowser();

  test('a page loaded past the service worker is taken over in place, so a screen not opened yet still opens with no signal', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    await waitUntilOfflineReady(page);
    // A reload that bypasses the worker (as a page loaded while it installed
    // is): the page comes from the network, not yet the worker's.
    const cdp = await context.newCDPSession(page);
    await Promise.all([page.waitForEvent('load'), cdp.send('Page.reload', { ignoreCache: true })]);
    await page.locator('[data-card="reading"]').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pray', exact: true }).click();
    await page.getByRole('heading', { name: 'Pray', exact: true }).waitFor();
    await context.close();
  });
});

describe('the day kept', () => {
  const env = serverAndBrowser();

  test("with no signal, Home opens on the day's page the server wrote, kept for the day, and the app takes it over in place", async () => {
    const context = await env.browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const [today] = await daysFrom(env.server.base, localDate(), 1);
    const reference = today.bibleReading.reference;
    await page.goto(env.server.base);
    await waitUntilOfflineReady(page);
    await waitUntilHomeKept(page);
    await env.server.stop();

    // Whether the reading ever leaves the page, and how much it moves.
    await watchShiftsAnd(page, '[data-card="reading"] .reference');
    const response = await page.reload();
    assert.ok(response.fromServiceWorker(), 'opened by the service worker');
    const html = await response.text();
    assert.ok(html.includes('data-first-screen="day"'), 'the page kept is the one the server writes');
    assert.ok(html.includes(reference.replace(/'/g, '&#39;')), `today's reading (${reference}) is written in`);
    assert.match(html, /<time class="banner-time held"[^>]*aria-hidden="true">/, 'its time of day, hours old by now, is held');

    // The app takes it over: the time is today's, the controls are live.
    await page.locator('main[data-first-screen]').waitFor({ state: 'detached' });
    await page.locator('[data-card="reading"]').getByText(reference, { exact: true }).waitFor();
    const time = page.locator('time.banner-time');
    assert.ok(await time.isVisible());
    assert.equal(await time.getAttribute('class'), 'banner-time');
    const shown = new Date(await time.getAttribute('datetime'));
    assert.ok(Math.abs(shown.getTime() - Date.now()) < 5 * 60_000, `the time shown is now: ${shown.toISOString()}`);
    assert.ok(await page.getByRole('button', { name: 'Refresh content' }).isEnabled());
    assert.equal(await page.evaluate(() => window.__gone), 0, 'the reading left the page while the app took over');
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift <= 0.02, `layout shift ${shift}`);
    await context.close();
  });
});
