// Home's first page as the server sends it: today's reading is there before
// any script runs, and the app takes it over without moving it. The same for
// a chapter in the reader and for the Bible Study Center, for the weight
// tracker's header over its placeholder, for the prayer reminders' header
// and settings, held until the app has read the device, and for a member's
// prayer journal: its tabs, today's prompts and its form.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, localDate, register, serverAndBrowser, watchShiftsAnd } from './harness.mjs';

/** The boxes a reader's eye is on, and where each is on the page. */
const BOXES = {
  banner: '.banner h2',
  date: '.banner-date',
  dayBadge: '.day-badge',
  cardTitle: '.card-reading .card-title',
  reference: '.card-reading .reference',
  verse: '.card-reading .verse',
  shareRow: '.card-reading .share-row',
  reflection: '.card-reading .share-row + p',
};

/** Where each box of `boxes` (a name for each selector) is on the page. */
async function boxesOf(page, boxes) {
  return page.evaluate((boxes) => {
    const out = {};
    for (const [name, css] of Object.entries(boxes)) {
      const r = document.querySelector(css)?.getBoundingClientRect();
      out[name] = r ? { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height } : null;
    }
    return out;
  }, boxes);
}

const named = (selectors) => Object.fromEntries(selectors.map((css) => [css, css]));
const READER_BOXES = named(['h1', '.reader-pickers', '.reader-search', '#chapter-title', '#v1', '#v16', '.chapter > p:last-child']);
const STUDY_BOXES = named(['h1', '.bible .meta', '.tabs', '.tab-panel .reference', '.tab-panel .verse', '.tab-panel .inline-links']);
const HEADER_BOXES = named(['h1', '.back-link']);
const JOURNAL_BOXES = named(['h1', '.tabs', '#prompts-title', '.prompt-list li:first-child', '.prompt-list li:last-child', '#write-title', 'form select', 'form textarea', 'form .btn-primary']);
const REMINDER_BOXES = named(['h1', 'main > .btn-primary', '.ring-settings h2', '.ring-device', '.ring-verse legend', '.ring-verse .check', '.ring-verse input[type="time"]']);

/** Asserts that each box is where it was, to a pixel. */
function unmoved(before, after) {
  for (const name of Object.keys(before)) {
    for (const side of ['x', 'y', 'width', 'height']) {
      assert.ok(Math.abs(before[name][side] - after[name][side]) <= 1, `${name} ${side}: ${before[name][side]} then ${after[name][side]}`);
    }
  }
}

/** Waits until the page's styles are in and a frame is painted with them. */
async function painted(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('link[rel="stylesheet"]')].every((l) => l.sheet !== null));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function today(base) {
  const res = await fetch(`${base}/api/home?date=${localDate()}`);
  assert.equal(res.status, 200);
  return res.json();
}

/** Holds back the app's code until the answered function is called. */
async function holdAppCode(page) {
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens `path` with the app's code held back, waits until the server's page
 *  shows `ready` and is painted with its styles, and notes where each of
 *  `boxes` is (each must be there). Answers those places and the function
 *  that lets the app's code load. */
async function heldServerPage(page, path, ready, boxes) {
  const release = await holdAppCode(page);
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator(`main[data-first-screen] ${ready}`.trim()).waitFor();
  await painted(page);
  const before = await boxesOf(page, boxes);
  for (const [name, box] of Object.entries(before)) assert.ok(box, `the server's page has no ${name}`);
  return { before, release };
}

describe('home, first page', () => {
  const env = serverAndBrowser();

  test('shows the reading and the day with JavaScript turned off', async () => {
    const day = await today(env.server.base);
    const context = await env.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(env.server.base);
    const other = await fetch(`${env.server.base}/weight-tracking`);
    assert.equal(res.headers()['content-security-policy'], other.headers.get('content-security-policy'), 'the page keeps the policy of every page');
    const card = page.locator('[data-card="reading"]');
    assert.equal(await card.locator('.reference').textContent(), day.bibleReading.reference);
    assert.equal(await card.locator('.verse').textContent(), day.bibleReading.verse);
    const firstParagraph = day.bibleReading.reflection.split(/\n\s*\n/)[0].trim();
    assert.equal(await card.locator('.share-row + p').textContent(), firstParagraph);
    assert.ok(await card.locator('.verse').isVisible());
    assert.ok(await page.getByRole('heading', { name: "Today's Wellness Inspiration" }).isVisible());
    assert.ok(await page.getByText(`Day ${day.dayNumber}`, { exact: true }).isVisible());
    // Controls that need the app hold their place unseen, out of the reading order.
    assert.equal(await page.getByRole('button').count(), 0);
    // No script of its own: the only scripts are the app's files.
    const inline = await page.locator('script:not([src])').count();
    assert.equal(inline, 0);
    // The verse waits for the styles only: the page starts no fetch of the
    // app's code or its WebAssembly, only of the small boot module's files.
    assert.equal(await page.locator('link[href*="/assets/main-"], link[href$=".wasm"], link[rel="preload"]').count(), 0);
    assert.equal(await page.locator('script[src]').count(), 1);
    // The app's manifest, named once.
    assert.deepEqual(await page.locator('link[rel="manifest"]').evaluateAll((links) => links.map((l) => l.getAttribute('href'))), ['/manifest.webmanifest']);
    await context.close();
  });

  // A returning visitor, whose first page has the premium notice the app
  // showed last, and a first visit, which has none (the welcome comes over it).
  for (const firstVisit of [false, true]) {
    test(`the app takes the page over without moving the reading (${firstVisit ? 'a first visit' : 'a returning visitor'})`, async () => {
      const day = await today(env.server.base);
      const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, firstVisit });
      const page = await context.newPage();
      // The verse must be in every state of the page (no placeholder or spinner in between).
      await watchShiftsAnd(page, '.card-reading .verse');
      // The app's code waits until the server's page has been measured.
      // Measured as painted: with the page's styles in, a frame after.
      const { before, release } = await heldServerPage(page, '/', '.card-reading .verse', BOXES);

      release();
      // The app's own frame: its Listen button, and the server's marks gone.
      await page.getByRole('button', { name: 'Listen' }).waitFor();
      await page.locator('main[data-first-screen]').waitFor({ state: 'detached' });
      assert.equal(await page.locator('.card-reading .reference').textContent(), day.bibleReading.reference);
      unmoved(before, await boxesOf(page, BOXES));
      assert.equal(await page.evaluate(() => window.__gone), 0, 'the verse left the page while the app took over');
      // The app's code was asked for only once the verse was painted.
      const [paint, asked] = await page.evaluate(() => [
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        performance.getEntriesByType('resource').find((e) => /\/assets\/main-[^/]+\.js$/.test(e.name))?.startTime,
      ]);
      assert.ok(paint > 0 && asked > paint, `the app's code was asked for at ${asked} ms, the first paint was at ${paint} ms`);
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift <= 0.02, `layout shift ${shift}`);
      // The next visit's page is written for this browser's own date and zone.
      const cookie = (await context.cookies()).find((c) => c.name === 'manna-day');
      assert.ok(cookie, 'the app notes its day');
      assert.match(cookie.value, new RegExp(`^${localDate()}~[A-Za-z_/+-]+$`));
      await context.close();
    });
  }

  test("a phone on another date than the server's shows its own day, swapped in place", async () => {
    // Clear of the server's midnight, so that its date holds for the test.
    const toMidnight = 86_400_000 - (Date.now() % 86_400_000);
    if (toMidnight < 60_000) await new Promise((r) => setTimeout(r, toMidnight + 1000));
    // A zone a day ahead of UTC (the server's zone) or a day behind it, now.
    const now = new Date();
    const zone = now.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const dateIn = (timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    const [serverDate, phoneDate] = [dateIn('UTC'), dateIn(zone)];
    assert.notEqual(serverDate, phoneDate);
    const dayOf = async (date) => (await (await fetch(`${env.server.base}/api/home?date=${date}`)).json()).bibleReading;
    const [serverDay, phoneDay] = [await dayOf(serverDate), await dayOf(phoneDate)];
    assert.notEqual(serverDay.reference, phoneDay.reference, 'the two days have different readings');

    const context = await env.browser.newContext({ ...PHONE, timezoneId: zone });
    const page = await context.newPage();
    await watchShiftsAnd(page, '.card-reading .verse');
    const release = await holdAppCode(page);
    await page.goto(env.server.base, { waitUntil: 'commit' });
    // With no note of the phone's day yet, the server writes its own.
    const reference = page.locator('.card-reading .reference');
    await page.locator('main[data-first-screen] .card-reading .verse').waitFor();
    assert.equal(await reference.textContent(), serverDay.reference);

    release();
    await page.locator('main[data-first-screen]').waitFor({ state: 'detached' });
    await page.waitForFunction((want) => document.querySelector('.card-reading .reference')?.textContent === want, phoneDay.reference);
    assert.equal(await page.locator('.card-reading .verse').textContent(), phoneDay.verse);
    assert.equal(await page.evaluate(() => window.__gone), 0, 'the verse left the page while the day was swapped');
    // The next visit is written for the phone's day.
    const cookie = (await context.cookies()).find((c) => c.name === 'manna-day');
    assert.ok(cookie?.value.startsWith(`${phoneDate}~`), cookie?.value);
    const again = await page.request.get(env.server.base, { headers: { cookie: `manna-day=${cookie.value}` } });
    assert.ok((await again.text()).includes(phoneDay.reference.replace(/&/g, '&amp;')), "the server's page for the phone's day");
    await context.close();
  });
});

describe('a chapter, first page', () => {
  const env = serverAndBrowser();

  test('shows the chapter with JavaScript turned off; a search is left to the app', async () => {
    const john3 = await (await fetch(`${env.server.base}/api/bible/kjv/John/3`)).json();
    const context = await env.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.base}/read/kjv/john/3`);
    assert.equal(await page.title(), 'John 3 · Manna');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'John 3');
    assert.equal(await page.locator('#v16 > span').textContent(), john3.verses[15].text);
    assert.equal(await page.locator('.verse-row').count(), john3.verses.filter((v) => v.text).length);
    assert.equal(await page.getByLabel('Book').inputValue(), 'John');
    assert.equal(await page.getByLabel('Chapter').inputValue(), '3');
    // Its controls show, but wait for the app.
    assert.equal(await page.locator('button:not([disabled]), select:not([disabled]), input:not([disabled])').count(), 0);
    // A search, and an address the reader refuses, are the app's own page.
    for (const path of ['/read/kjv/john/3?q=love', '/read/kjv/john/22', '/read/asv/john/3']) {
      const html = await (await fetch(`${env.server.base}${path}`)).text();
      assert.ok(html.includes('Loading...') && !html.includes('verse-row'), path);
    }
    await context.close();
  });

  test('the app takes the chapter over without moving it, and then reads on', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, firstVisit: true });
    const page = await context.newPage();
    await watchShiftsAnd(page, '#v1');
    const { before, release } = await heldServerPage(page, '/read/kjv/John/3', '#v16', READER_BOXES);

    release();
    await page.locator('main[data-first-screen]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Verse 16: highlight or note' }).and(page.locator(':not([disabled])')).waitFor();
    unmoved(before, await boxesOf(page, READER_BOXES));
    assert.equal(await page.evaluate(() => window.__gone), 0, 'the chapter left the page while the app took over');
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift <= 0.02, `layout shift ${shift}`);
    // The app's controls work: the next chapter, and the picker.
    await page.getByRole('link', { name: 'John 4 →' }).click();
    await page.getByRole('heading', { name: 'John 4 KJV' }).waitFor();
    await page.getByLabel('Chapter', { exact: true }).selectOption('5');
    await page.getByRole('heading', { name: 'John 5 KJV' }).waitFor();
    await context.close();
  });
});

describe('the Bible Study Center, first page', () => {
  const env = serverAndBrowser();

  test("shows today's reading with JavaScript turned off", async () => {
    const day = await today(env.server.base);
    const context = await env.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.base}/bible`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Bible Study Center');
    assert.equal(await page.locator('.tab-panel .reference').textContent(), day.bibleReading.reference);
    assert.equal(await page.locator('.tab-panel .verse').textContent(), day.bibleReading.verse);
    assert.equal(await page.getByRole('tab', { name: 'Study' }).getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator('button:not([disabled])').count(), 0);
    await context.close();
  });

  for (const firstVisit of [false, true]) {
    test(`the app takes the study over without moving the reading (${firstVisit ? 'a first visit' : 'a returning visitor'})`, async () => {
      const day = await today(env.server.base);
      const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, firstVisit });
      const page = await context.newPage();
      await watchShiftsAnd(page, '.tab-panel .verse');
      const { before, release } = await heldServerPage(page, '/bible', '.verse', STUDY_BOXES);

      release();
      await page.locator('main[data-first-screen]').waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Context' }).and(page.locator(':not([disabled])')).waitFor();
      assert.equal(await page.locator('.tab-panel .verse').textContent(), day.bibleReading.verse);
      unmoved(before, await boxesOf(page, STUDY_BOXES));
      assert.equal(await page.evaluate(() => window.__gone), 0, 'the verse left the page while the app took over');
      // The study comes in below the reading.
      await page.getByRole('heading', { name: 'Word Study' }).waitFor();
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift <= 0.02, `layout shift ${shift}`);
      await page.getByRole('tab', { name: 'Context' }).click();
      await page.getByRole('heading', { name: `The setting of ${day.bibleReading.reference}` }).waitFor();
      await context.close();
    });
  }
});

describe('the weight tracker, first page', () => {
  const env = serverAndBrowser();

  test('its header shows with JavaScript turned off, and stays where it is when the app takes over', async () => {
    const off = await env.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const still = await off.newPage();
    await still.goto(`${env.server.base}/weight-tracking`);
    assert.equal(await still.title(), 'Weight Tracking · Manna');
    assert.equal(await still.getByRole('heading', { level: 1 }).textContent(), 'Weight Tracking');
    assert.ok(await still.getByRole('status', { name: 'Loading your weight log' }).isVisible());
    await off.close();

    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await watchShiftsAnd(page, 'h1');
    const { before, release } = await heldServerPage(page, '/weight-tracking', '', HEADER_BOXES);
    release();
    await page.getByLabel('Weight (lbs)').waitFor();
    unmoved(before, await boxesOf(page, HEADER_BOXES));
    assert.equal(await page.evaluate(() => window.__gone), 0, 'the header left the page while the app took over');
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift <= 0.02, `layout shift ${shift}`);
    await context.close();
  });
});

describe('the prayer reminders, first page', () => {
  const env = serverAndBrowser();

  test('its settings show, held, with JavaScript turned off', async () => {
    const context = await env.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.base}/prayer-reminders`);
    assert.equal(await page.title(), 'Prayer Reminders · Manna');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Prayer Reminders');
    assert.ok(await page.getByRole('button', { name: 'Create Prayer Reminder' }).isDisabled());
    assert.ok(await page.getByText('Checking this device…').isVisible());
    const verse = page.getByRole('group', { name: 'Verse of the day' });
    assert.ok(await verse.getByRole('checkbox', { name: /Ring the day's reference/ }).isDisabled());
    // No time is claimed before the device's setting is read.
    assert.equal(await verse.getByLabel('Time').inputValue(), '');
    assert.ok(await page.getByText('Loading prayer reminders...').isVisible());
    assert.equal(await page.locator('button:enabled, input:enabled').count(), 0);
    await context.close();
  });

  test('the app takes the page over without moving it, then its controls work', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await watchShiftsAnd(page, '.ring-verse .check');
    const { before, release } = await heldServerPage(page, '/prayer-reminders', '.ring-verse', REMINDER_BOXES);

    release();
    await page.locator('main[data-first-screen]').waitFor({ state: 'detached' });
    const verse = page.getByRole('group', { name: 'Verse of the day' });
    const ring = verse.getByRole('checkbox', { name: /Ring the day's reference/ });
    await ring.and(page.locator(':enabled')).waitFor();
    await page.getByText('No prayer reminders yet.').waitFor();
    await page.locator('.ring-device p:not(.muted)').first().waitFor();
    unmoved(before, await boxesOf(page, REMINDER_BOXES));
    assert.equal(await page.evaluate(() => window.__gone), 0, "the verse's setting left the page while the app took over");
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift <= 0.02, `layout shift ${shift}`);
    // The setting now holds the device's value, and a reminder can be made.
    assert.equal(await verse.getByLabel('Time').inputValue(), '07:00');
    await page.getByRole('button', { name: 'Create Prayer Reminder' }).click();
    await page.getByRole('dialog', { name: 'Create Prayer Reminder' }).waitFor();
    await context.close();
  });
});

describe("a member's prayer journal, first page", () => {
  const MEMBER = 'phoebe.journal@example.org';
  const env = serverAndBrowser({ env: { MANNA_OWNER_EMAILS: MEMBER } });

  /** The prompts as the page shows them: "Category text". */
  const promptsOf = (page) => page.locator('.prompt-list li').evaluateAll((items) => items.map((li) => li.textContent.replace(/\s*Use this prompt$/, '').replace(/\s+/g, ' ')));

  test("shows today's prompts and the form, held, with JavaScript turned off; not for a browser that has not drawn the journal", async () => {
    const all = await (await fetch(`${env.server.base}/api/journal-prompts`)).json();
    const context = await env.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.base}/prayer-journal`);
    assert.equal(await page.locator('main[data-first-screen]').count(), 0, 'a browser whose app has not drawn the journal gets the app itself');
    await context.addCookies([{ name: 'manna-journal', value: 'open.4.1', url: env.server.base }]);
    await page.goto(`${env.server.base}/prayer-journal`);
    assert.equal(await page.title(), 'Prayer Journal · Manna');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Prayer Journal');
    assert.equal(await page.getByRole('tab', { name: 'Write' }).getAttribute('aria-selected'), 'true');
    assert.ok(await page.getByRole('tab', { name: 'My Entries (4)' }).isVisible());
    assert.ok(await page.getByRole('tab', { name: 'Answered (1)' }).isVisible());
    // Three prompts that follow one another in the list, as the rotation takes them.
    const shown = await promptsOf(page);
    const texts = all.map((p) => `${p.category[0].toUpperCase()}${p.category.slice(1)} ${p.prompt}`);
    assert.equal(shown.length, 3);
    const first = texts.indexOf(shown[0]);
    assert.ok(first >= 0, `${shown[0]} is a prompt`);
    assert.deepEqual(shown, [0, 1, 2].map((i) => texts[(first + i) % texts.length]));
    assert.equal(await page.getByLabel('Category').inputValue(), 'gratitude');
    assert.ok(await page.getByText('Only you can read your journal.').isVisible());
    assert.equal(await page.locator('button:enabled, input:enabled, select:enabled, textarea:enabled').count(), 0);
    await context.close();
  });

  test('the app takes the journal over without moving it, then its form works; logging out forgets it', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await register(page, env.server, { email: MEMBER, firstName: 'Phoebe' });
    await page.goto('/prayer-journal');
    await page.getByLabel('Title').fill('For the church at Cenchreae');
    await page.getByLabel('Your prayer').fill('Keep those who serve faithful and glad.');
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await page.getByRole('tab', { name: 'My Entries (1)' }).waitFor();
    const cookie = async () => (await context.cookies()).find((c) => c.name === 'manna-journal')?.value;
    assert.equal(await cookie(), 'open.1.0', 'the app notes how it drew the journal, and nothing of what it says');

    await watchShiftsAnd(page, '.prompt-list li');
    const { before, release } = await heldServerPage(page, '/prayer-journal', '.prompt-list li:first-child', JOURNAL_BOXES);
    const written = await promptsOf(page);
    assert.ok(await page.getByRole('tab', { name: 'My Entries (1)' }).isVisible());
    release();
    await page.locator('main[data-first-screen]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save Prayer' }).and(page.locator(':enabled')).waitFor();
    unmoved(before, await boxesOf(page, JOURNAL_BOXES));
    assert.deepEqual(await promptsOf(page), written, 'the app shows the prompts the server wrote');
    assert.equal(await page.evaluate(() => window.__gone), 0, 'the prompts left the page while the app took over');
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift <= 0.02, `layout shift ${shift}`);
    // The form is the app's: a prompt is one tap from the title.
    await page.getByRole('button', { name: 'Use this prompt' }).first().click();
    assert.equal(await page.getByLabel('Title').inputValue(), written[0].slice(written[0].indexOf(' ') + 1));
    await page.getByRole('tab', { name: 'My Entries (1)' }).click();
    await page.getByRole('heading', { name: 'For the church at Cenchreae' }).waitFor();

    // Logged out, the browser no longer gets the journal's page.
    await page.goto('/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    assert.equal(await cookie(), undefined, 'logging out forgets how the journal was drawn');
    const res = await fetch(`${env.server.base}/prayer-journal`, { headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
    assert.ok(!(await res.text()).includes('data-first-screen'), "the server writes no journal for this browser");
    await page.goto('/prayer-journal');
    await page.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor();
    await context.close();
  });
});
