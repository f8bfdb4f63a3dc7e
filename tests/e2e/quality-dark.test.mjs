// No page has a serious or critical accessibility problem in the dark theme,
// nor any page only members see (axe-core, injected into each page); the
// light theme is in quality.test.mjs.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seriousProblems } from './axe.mjs';
import { PHONE, registeredBrowser, serverAndBrowser } from './harness.mjs';
import { isoDates, MEMBER, MEMBER_PAGES, PAGES, visitEach } from './pages.mjs';

describe('accessibility of every page, dark and for members', () => {
  const env = serverAndBrowser({ stripe: true, env: { MANNA_OWNER_EMAILS: MEMBER } });

  test('in the dark theme (the system setting, then the choice in /settings), no route has a serious or critical problem', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, colorScheme: 'dark' });
    const page = await context.newPage();
    const found = [];
    await visitEach(page, PAGES, async (path) => {
      for (const problem of await seriousProblems(page)) found.push(`${path} (dark): ${problem}`);
    });
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
    // The choices are offered (and one marked) once the saved preferences are read.
    await page.locator('fieldset.theme-choices:not([disabled])').waitFor();
    assert.equal(await page.getByLabel(/^Light/).isChecked(), true);
    await page.getByLabel(/^Dark/).check();
    assert.equal(await background(), dark);
    await context.close();
  });

  test('no member page has a serious or critical problem', async () => {
    const { context, page } = await registeredBrowser(env.server, env.browser, { email: MEMBER });
    const found = [];
    await visitEach(page, MEMBER_PAGES, async (path) => {
      for (const problem of await seriousProblems(page)) found.push(`${path}: ${problem}`);
      for (const date of await isoDates(page)) found.push(`${path}: the date ${date} is not written for people`);
    });
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
