// Changes made offline are shown as waiting, and "Sync now" always answers:
// offline it says the changes are kept on the device; back online it says
// what it sent, and the waiting count is gone. A phone the server turns away
// (many phones on one network) is told why in a sentence and syncs by itself
// once the wait is over.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, controlledByServiceWorker, createReminder, serverAndBrowser, serverAnswer } from './harness.mjs';

const badge = (page, name) => page.getByRole('button', { name });

describe('the sync badge', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test('counts changes made offline and says what "Sync now" did, offline and online', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/prayer-reminders');
    await badge(page, SYNCED).waitFor({ timeout: 30_000 });
    // The app's files come from the device from now on, as on an installed app.
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await badge(page, /^Offline/).waitFor();
    await createReminder(page, 'Morning thanks', ['Mon']);
    await createReminder(page, 'Evening rest', ['Fri']);
    await badge(page, /^Offline · 2 waiting\. Offline · 2 changes waiting\. Sync now$/).waitFor();
    assert.equal(await page.locator('.sync-label').innerText(), 'Offline · 2 waiting');

    await badge(page, /Sync now$/).click();
    await page.getByText('No connection', { exact: true }).waitFor();
    await page.getByText('2 changes are saved on this device and will sync when you are back online.', { exact: true }).waitFor();

    // Back online. The app syncs by itself; its pushes are held until the
    // button is pressed, so the press is what the answer describes.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/api/sync/push', async (route) => {
      await held;
      await route.continue();
    });
    await context.setOffline(false);
    await badge(page, /^Syncing/).waitFor();
    await badge(page, /Sync now$/).click();
    release();
    await page.getByText('Synced: 2 changes sent', { exact: true }).waitFor();
    await badge(page, SYNCED).waitFor();
    assert.doesNotMatch(await page.locator('.sync-label').innerText(), /waiting/);
    const onServer = await serverAnswer(page, '/api/prayer-reminders', { length: 2 });
    assert.deepEqual(onServer.map((r) => r.title).sort(), ['Evening rest', 'Morning thanks']);

    // Nothing left to send. A guest is told the data is on this phone only,
    // never "Synced", and is offered the account that keeps it.
    await page.unroute('**/api/sync/push');
    // (The app may sync once more after its push: the badge settles after it,
    // so the test waits for the words rather than reading them once.)
    await page.locator('.sync-label').filter({ hasText: /^On this phone$/ }).waitFor();
    await badge(page, /on this phone only: create an account to keep it on every device.*Sync now$/).waitFor();
    await badge(page, /Sync now$/).click();
    await page.getByText('Already up to date', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/register$/);
    await context.close();
  });

  test('a phone turned away at first says why in a sentence, never the server words, and syncs by itself later', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    // The server turns this new phone away, as it would the 1,001st phone of
    // a network in an hour, asking for a second's wait each time, until the
    // test has seen what the phone says meanwhile (a busy machine may take
    // longer than a second to draw it).
    let refusals = 0;
    let refusing = true;
    await page.route('**/api/devices', async (route) => {
      if (!refusing) return route.continue();
      refusals += 1;
      await route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        body: JSON.stringify({ error: 'too_many_requests', message: 'Too many attempts. Please wait a minute and try again.' }),
      });
    });
    await page.goto('/prayer-reminders');
    const paused = badge(page, /^Sync paused/);
    await paused.waitFor({ timeout: 30_000 });
    for (const said of [await paused.getAttribute('title'), await paused.getAttribute('aria-label')]) {
      assert.match(said, /Many phones are reaching Manna just now, so the server asked this one to wait\. Your changes are kept on this phone, and Manna tries again by itself in a few seconds\./);
      assert.doesNotMatch(said, /[{}]|too_many|Too many attempts|429/);
    }
    // Nothing typed is lost meanwhile, and no one presses anything.
    await createReminder(page, 'Sunday prayer chain', ['Sun']);
    await badge(page, /^Sync paused · 1 change waiting/).waitFor();
    refusing = false;
    await badge(page, SYNCED).waitFor({ timeout: 60_000 });
    assert.ok(refusals >= 1);
    const onServer = await serverAnswer(page, '/api/prayer-reminders', { length: 1 });
    assert.equal(onServer[0].title, 'Sunday prayer chain');
    await context.close();
  });
});
