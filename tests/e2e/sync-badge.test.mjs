// Changes made offline are shown as waiting, and "Sync now" always answers:
// offline it says the changes are kept on the device; back online it says
// what it sent, and the waiting count is gone.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, controlledByServiceWorker, createReminder, serverAndBrowser, serverAnswer } from './harness.mjs';

const badge = (page, name) => page.getByRole('button', { name });

describe('the sync badge', () => {
  const env = serverAndBrowser();

  test('counts changes made offline and says what "Sync now" did, offline and online', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/prayer-reminders');
    await badge(page, /^Synced/).waitFor({ timeout: 30_000 });
    // The app's files come from the device from now on, as on an installed app.
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await badge(page, /^Offline/).waitFor();
    await createReminder(page, 'Morning thanks', ['Mon']);
    await createReminder(page, 'Evening rest', ['Fri']);
    await badge(page, /^Offline · 2 changes waiting\. Sync now$/).waitFor();
    assert.equal(await page.locator('.sync-label').innerText(), 'Offline · 2 changes waiting');

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
    await badge(page, /^Synced/).waitFor();
    assert.doesNotMatch(await page.locator('.sync-label').innerText(), /waiting/);
    const onServer = await serverAnswer(page, '/api/prayer-reminders', { length: 2 });
    assert.deepEqual(onServer.map((r) => r.title).sort(), ['Evening rest', 'Morning thanks']);

    // Nothing left to send.
    await page.unroute('**/api/sync/push');
    await badge(page, /Sync now$/).click();
    await page.getByText('Already up to date', { exact: true }).waitFor();
    await context.close();
  });
});
