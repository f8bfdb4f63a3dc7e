// The welcome, as a person meets it on a phone's first visit: what Manna is,
// with nothing asking them to pay; skipped, it never comes back (and the
// premium notice then keeps its own rules: dismissed, it stays dismissed);
// gone through, the reminder time, colours and day of rest are saved with
// the account's settings; it opens again from /settings; and all of it works
// with no connection.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seriousProblems } from './axe.mjs';
import { PHONE, serverAndBrowser, serverPreferences, waitUntilOfflineReady } from './harness.mjs';

const welcome = (page) => page.getByRole('dialog', { name: 'Welcome to Manna' });

describe('the welcome', () => {
  const env = serverAndBrowser();

  test('a first visit opens on it with no premium notice; skipped, it never comes back, and a dismissed notice stays dismissed', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, firstVisit: true });
    const page = await context.newPage();
    const first = await page.goto('/');
    assert.doesNotMatch(await first.text(), /PREMIUM REQUIRED/, 'the first page asks no one to pay');
    await welcome(page).waitFor();
    assert.equal(await page.getByText('PREMIUM REQUIRED').count(), 0);
    await welcome(page).getByText('Works offline:').waitFor();
    assert.deepEqual(await seriousProblems(page), []);

    await welcome(page).getByRole('button', { name: 'Skip for now' }).click();
    await welcome(page).waitFor({ state: 'detached' });
    // Afterwards the notice comes, as the spec has it, and the next first page has it too.
    await page.getByText('PREMIUM REQUIRED').waitFor();
    const again = await page.reload();
    assert.match(await again.text(), /PREMIUM REQUIRED/);
    await page.getByRole('button', { name: 'Dismiss the premium banner' }).click();
    await page.getByText('PREMIUM REQUIRED').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('main:not([data-first-screen])').first().waitFor();
    await page.getByRole('heading', { name: "Today's Reading" }).waitFor();
    assert.equal(await welcome(page).count(), 0, 'skipped: never again');
    await page.waitForFunction(() => !document.body.innerText.includes('PREMIUM REQUIRED'));
    await page.goto('/bible');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.getByText('PREMIUM REQUIRED').count(), 0, 'dismissed: not on the next page either');
    await context.close();
  });

  test('gone through: the reminder time, colours and day of rest are kept with the settings, and /settings opens it again', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, firstVisit: true });
    const page = await context.newPage();
    await page.goto('/');
    await welcome(page).getByRole('button', { name: 'Set up my mornings' }).click();
    const choices = page.getByRole('dialog', { name: 'Your mornings' });
    await choices.waitFor();
    assert.equal(await choices.getByRole('heading', { name: 'Your mornings' }).evaluate((h) => h === document.activeElement), true, 'focus moves to the step');
    await choices.getByLabel('Reminder time').fill('06:30');
    await choices.getByRole('radio', { name: 'Dark' }).check();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await choices.getByLabel(/Day of rest/).selectOption('sunday');
    assert.deepEqual(await seriousProblems(page), []);
    await choices.getByRole('button', { name: 'Go to Today' }).click();
    await choices.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: "Today's Reading" }).waitFor();

    // Kept on the server with the account's settings, for every device.
    const kept = await serverPreferences(page, (f) => f.welcome === 'done');
    assert.deepEqual(kept, { welcome: 'done', theme: 'dark', restDay: 'sunday', verseTime: '06:30' });

    await page.goto('/settings');
    // The settings page shows what was chosen, once the records are read.
    await page.waitForFunction(() => document.querySelector('#rest-day:enabled')?.value === 'sunday', null, { timeout: 10_000 });
    assert.equal(await page.getByRole('radio', { name: /^Dark/ }).isChecked(), true);
    await page.getByRole('link', { name: 'Show the welcome again' }).click();
    await page.waitForURL(/\/welcome$/);
    await page.getByRole('heading', { name: 'Welcome to Manna' }).waitFor();
    await page.getByRole('button', { name: 'Back to Today' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: "Today's Reading" }).waitFor();
    assert.equal(await welcome(page).count(), 0);
    await context.close();
  });

  test('with no connection, the welcome opens and what is chosen is kept', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, firstVisit: true, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    await welcome(page).waitFor();
    await waitUntilOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await welcome(page).waitFor();
    await welcome(page).getByRole('button', { name: 'Set up my mornings' }).click();
    const choices = page.getByRole('dialog', { name: 'Your mornings' });
    await choices.getByRole('radio', { name: 'Light' }).check();
    await choices.getByRole('button', { name: 'Go to Today' }).click();
    await choices.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: "Today's Reading" }).waitFor();
    await page.locator('main:not([data-first-screen])').first().waitFor();
    assert.equal(await welcome(page).count(), 0, 'kept on the phone with no connection');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await context.setOffline(false);
    await context.close();
  });
});
