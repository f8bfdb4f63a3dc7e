// The Bible reader: today's reading opens its chapter at its verse; the
// pickers, the chapter before and after across books, the two translations
// side by side, a search and its result; bad addresses said plainly; then a
// translation downloaded (cancelled, resumed) and read and searched with no
// connection, the device finding what the server finds.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, localDate, serverAndBrowser, waitUntilOfflineReady } from './harness.mjs';

const SHOTS = process.env.SHOTS; // a folder: screenshots of each state, for a person to look at

describe('the Bible reader', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });
  const api = async (path) => (await fetch(`${env.server.base}${path}`)).json();
  const verseText = (page, n) => page.locator(`#v${n} > span`).first();

  test("from today's reading to its chapter, pickers, side by side, search and bad addresses", async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    const shot = async (name) => SHOTS && page.screenshot({ path: `${SHOTS}/read-${name}.png`, fullPage: false });
    const reading = (await api(`/api/daily-content?from=${localDate()}&days=1`)).days[0].bibleReading;
    const { osis, chapter, from } = reading.passage;

    // Home's reference is a link to its chapter, at its first verse.
    await page.goto('/');
    await page.locator('.card-reading .reference').getByRole('link', { name: reading.reference }).click();
    await page.waitForURL(new RegExp(`/read/kjv/${osis}/${chapter}#v${from}$`));
    const served = await api(`/api/bible/kjv/${osis}/${chapter}`);
    await page.getByRole('heading', { name: `${served.book} ${chapter}`, level: 1 }).waitFor();
    await page.locator(`#v${from}.verse-marked`).waitFor();
    const marked = await verseText(page, from).innerText();
    assert.equal(marked, served.verses[from - 1].text);
    assert.ok(reading.verse.includes(marked), "the reading's verse is the chapter's verse");
    assert.equal(await page.title(), `${served.book} ${chapter} · Manna`);
    // The chapter opened is kept on the device, and counted so.
    await page.getByText(/^[1-9]\d* of 1,189 chapters on this device\.$/).waitFor();
    await shot('reading');

    // The pickers: a book opens at chapter 1; a chapter of it.
    await page.getByLabel('Book', { exact: true }).selectOption({ label: 'Ruth' });
    await page.waitForURL(/\/read\/kjv\/Ruth\/1$/);
    await page.getByLabel('Chapter', { exact: true }).selectOption('4');
    await page.waitForURL(/\/read\/kjv\/Ruth\/4$/);
    const ruth4 = await api('/api/bible/kjv/Ruth/4');
    await verseText(page, 17).filter({ hasText: ruth4.verses[16].text }).waitFor();
    assert.equal(await page.getByLabel('Chapter', { exact: true }).locator('option').count(), 4);

    // Next and previous cross into the next and previous book.
    await page.getByRole('link', { name: '1 Samuel 1 →' }).click();
    await page.waitForURL(/\/read\/kjv\/1Sam\/1$/);
    await page.getByRole('link', { name: '← Ruth 4' }).click();
    await page.waitForURL(/\/read\/kjv\/Ruth\/4$/);
    await page.goto('/read/kjv/Gen/1');
    await page.getByRole('link', { name: 'Genesis 2 →' }).waitFor();
    const turns = page.getByRole('navigation', { name: 'Previous and next chapter' }).getByRole('link');
    assert.deepEqual(await turns.allInnerTexts(), ['Genesis 2 →'], 'nothing before Genesis 1');

    // The WEB beside the KJV, verse by verse, and it stays beside on the next chapter.
    await page.goto('/read/kjv/Ruth/1');
    // The box follows the address, which changes as the press is taken.
    const beside = page.getByLabel('Show the WEB beside it');
    await beside.click();
    await page.waitForURL(/\/read\/kjv\/Ruth\/1\?with=web$/);
    // The page is drawn for the new address a moment after it changes.
    await page.getByRole('checkbox', { name: 'Show the WEB beside it', checked: true }).waitFor();
    assert.equal(await beside.isChecked(), true);
    const web1 = await api('/api/bible/web/Ruth/1');
    const kjv1 = await api('/api/bible/kjv/Ruth/1');
    const row16 = page.locator('#v16');
    await row16.locator('.verse-beside', { hasText: web1.verses[15].text }).waitFor();
    await row16.getByText(kjv1.verses[15].text).waitFor();
    await shot('side-by-side');
    await page.getByRole('link', { name: 'Ruth 2 →' }).click();
    await page.waitForURL(/\/read\/kjv\/Ruth\/2\?with=web$/);
    await page.locator('#v1 .verse-beside').waitFor();

    // The translation picker keeps the place.
    await page.getByLabel('Translation', { exact: true }).selectOption('web');
    await page.waitForURL(/\/read\/web\/Ruth\/2/);
    const web2 = await api('/api/bible/web/Ruth/2');
    await verseText(page, 1).filter({ hasText: web2.verses[0].text }).waitFor();

    // Search: a phrase, its count, and its verse opened in its chapter.
    await page.goto('/read/kjv/Gen/1');
    const box = page.getByRole('searchbox', { name: 'Search the KJV' });
    await box.fill('   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Type a word to search for.' }).waitFor();
    await box.fill('"still small voice"');
    await box.press('Enter');
    await page.getByText('1 verse with "still small voice"').waitFor();
    await shot('search');
    await page.getByRole('link', { name: '1 Kings 19:12' }).click();
    await page.waitForURL(/\/read\/kjv\/1Kgs\/19#v12$/);
    await page.locator('#v12.verse-marked', { hasText: 'a still small voice' }).waitFor();
    await page.goto('/read/kjv/Gen/1?q=shepherd');
    const shepherd = await api('/api/bible/kjv/search?q=shepherd');
    await page.getByText(`The first 50 of ${shepherd.total} verses with “shepherd”`).waitFor();

    // Bad addresses.
    await page.goto('/read/kjv/Hezekiah/1');
    await page.getByText('There is no book "Hezekiah" in the Bible.').waitFor();
    await page.goto('/read/kjv/Ruth/9');
    await page.getByText('Ruth has 4 chapters.').waitFor();
    await page.getByRole('link', { name: 'Go to Ruth 1' }).click();
    await page.waitForURL(/\/read\/kjv\/Ruth\/1$/);
    await page.goto('/read/niv/John/3');
    await page.getByText(/There is no translation "niv" here/).waitFor();
    // /read opens where this device last read.
    await page.goto('/read/web/Ps/23');
    await verseText(page, 1).waitFor();
    await page.goto('/read');
    await page.waitForURL(/\/read\/web\/Ps\/23$/);
    await context.close();
  });

  test('a translation downloaded, cancelled and resumed, then read and searched with no connection', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    const shot = async (name) => SHOTS && page.screenshot({ path: `${SHOTS}/read-${name}.png`, fullPage: false });
    await page.goto('/');
    await waitUntilOfflineReady(page);
    await page.goto('/read/kjv/Ruth/2');
    await verseText(page, 1).waitFor();

    // Books are fetched one by one; the first is held until Cancel is pressed.
    await page.goto('/read/web/Ruth/1');
    const progress = page.getByRole('progressbar', { name: 'WEB on this device' });
    let release;
    const held = new Promise((r) => (release = r));
    let fetched = 0;
    await page.route('**/api/bible/web/*', async (route) => {
      fetched += 1;
      if (fetched === 2) await held;
      // The held request was cancelled by then: continuing it may fail.
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Download the WEB' }).click();
    await page.getByText(/Downloading Exodus… \d+ of 1,189 chapters/).waitFor();
    await shot('downloading');
    await page.getByRole('button', { name: 'Cancel' }).click();
    release();
    await page.getByText('Download cancelled. What was downloaded stays on this device.').waitFor();
    const kept = Number(await progress.getAttribute('aria-valuenow'));
    assert.ok(kept >= 50 && kept < 1189, `Genesis and Ruth 1 kept: ${kept}`);
    await page.unroute('**/api/bible/web/*');
    await page.getByRole('button', { name: 'Resume download' }).click();
    await page.getByText('The whole WEB is on this device.').waitFor({ timeout: 120_000 });
    assert.equal(await progress.getAttribute('aria-valuenow'), '1189');
    await shot('downloaded');

    // What the device finds is what the server finds.
    const online = await api('/api/bible/web/search?q=shepherd&limit=50');
    const obadiah = await api('/api/bible/web/Obad/1');

    await context.setOffline(true);
    await page.goto('/read/web/Obad/1');
    await verseText(page, 21).filter({ hasText: obadiah.verses[20].text }).waitFor();
    await page.goto('/read/web/Obad/1?q=shepherd');
    await page.getByText(`The first 50 of ${online.total} verses with “shepherd” · offline, searched the 1,189 chapters saved on this device`).waitFor();
    const found = await page.locator('.verse-hits li a').allInnerTexts();
    assert.deepEqual(found, online.verses.map((v) => `${v.book} ${v.chapter}:${v.verse}`));
    await shot('offline-search');

    // The KJV: the chapter read before is still there; one never opened is not.
    await page.goto('/read/kjv/Ruth/2');
    await verseText(page, 1).waitFor();
    await page.goto('/read/kjv/Obad/1');
    await page.getByText('You are offline, and Obadiah 1 is not saved on this device yet.', { exact: false }).waitFor();
    await context.close();
  });
});
