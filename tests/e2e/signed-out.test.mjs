// A visitor who never signed in: the app has no reason to ask who is signed
// in, so the pages they open log no error and no request of theirs fails (a
// 401 from /api/auth/me used to be logged on Home). Once signed in, the app
// does ask, and after logging out it stops again.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, inPhoneDb, postAsUser, registeredBrowser, serverAndBrowser } from './harness.mjs';

const PAGES = ['/', '/bible', '/meditation', '/settings'];

/** Console errors, failed requests and every request for `/api/auth/me`. A
 *  request the browser dropped because the page moved on (ERR_ABORTED) did
 *  not fail. */
function watch(page) {
  const seen = { errors: [], failed: [], asked: 0 };
  page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()));
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    if (!why.includes('ERR_ABORTED')) seen.failed.push(`${r.url()} ${why}`);
  });
  page.on('response', (r) => r.status() >= 400 && seen.failed.push(`${r.status()} ${r.url()}`));
  page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/me' && (seen.asked += 1));
  return seen;
}

/** Waits until the page has drawn its heading and its first sync is done. */
async function settled(page) {
  await page.locator('h1').first().waitFor();
  await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

describe('a signed-out visitor', () => {
  const env = serverAndBrowser();

  test('opens Home, the Bible, meditation and settings with no console error and no failed request', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    const seen = watch(page);
    for (const path of PAGES) {
      await page.goto(path);
      await settled(page);
      assert.deepEqual(seen.errors, [], `console errors on ${path}`);
      assert.deepEqual(seen.failed, [], `failed requests on ${path}`);
    }
    assert.equal(seen.asked, 0, 'nobody signed in on this device: the server is not asked who');
    // Home still offers to log in.
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await context.close();
  });

  test('after signing in Home names the account; after logging out it asks no more', async () => {
    const email = 'signed.out@example.com';
    const { context, page } = await registeredBrowser(env.server, env.browser, { email, firstName: 'Ruth' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Signed in as Ruth' }).waitFor();
    // The name and 'Log out' keep to their side of the header, clear of the tagline.
    const header = await page.evaluate(() => {
      const link = document.querySelector('.account-link a');
      const a = link.getBoundingClientRect();
      const t = document.querySelector('.tagline').getBoundingClientRect();
      // WCAG contrast of the name against the header's green.
      const luminance = (css) => {
        const [r, g, b] = css.match(/\d+/g).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [hi, lo] = [luminance(getComputedStyle(link).color), luminance(getComputedStyle(document.querySelector('.app-header')).backgroundColor)].sort((x, y) => y - x);
      return { covers: a.left < t.right && t.left < a.right && a.top < t.bottom && t.top < a.bottom, contrast: (hi + 0.05) / (lo + 0.05) };
    });
    assert.equal(header.covers, false, "the account's name covers the tagline");
    assert.ok(header.contrast >= 4.5, `the account's name stands out from the header (contrast ${header.contrast.toFixed(2)})`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    const seen = watch(page);
    await page.goto('/');
    await settled(page);
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    assert.equal(seen.asked, 0);
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.failed, []);
    await context.close();
  });

  test('logging out while a sync is under way waits for it: nothing of the account is written after, no request fails', async () => {
    const email = 'mid.sync@example.com';
    const { context, page } = await registeredBrowser(env.server, env.browser, { email, firstName: 'Naomi' });
    await page.goto('/');
    await settled(page);
    // The next pull is answered by the server at once, but its answer reaches
    // the app only when the test lets it: a slow network mid-sync.
    let held;
    const heldNow = new Promise((resolve) => (held = resolve));
    let release;
    const released = new Promise((resolve) => (release = resolve));
    let pulls = 0;
    await page.route('**/api/sync/pull', async (route) => {
      pulls += 1;
      if (pulls > 1) return route.continue();
      const response = await route.fetch();
      held();
      await released;
      await route.fulfill({ response });
    });
    // A reminder the account holds on the server that this device has not pulled yet.
    const made = await page.evaluate(postAsUser, {
      path: '/api/prayer-reminders',
      body: { title: 'Naomi at dawn', description: '', reminderTime: '06:30', isActive: 1, days: ['monday'], prayerType: 'morning' },
    });
    assert.equal(made, 201);
    await page.reload();
    await heldNow;
    const seen = watch(page);
    // Watched from before the press: a logout sent at once is seen too.
    let sentAtOnce = false;
    const logoutSent = (r) => new URL(r.url()).pathname === '/api/auth/logout' && (sentAtOnce = true);
    page.on('request', logoutSent);
    await page.getByRole('button', { name: 'Log out' }).click();
    // Logging out waits for the sync to end: while the pull's answer is on
    // its way, the server is not told (a second's watch).
    const early = await page
      .waitForRequest('**/api/auth/logout', { timeout: 1_000 })
      .then(() => true)
      .catch(() => false);
    page.off('request', logoutSent);
    assert.equal(early || sentAtOnce, false, 'logged out while a sync was under way');
    await page.getByRole('button', { name: 'Logging out…' }).waitFor();
    release();
    await page.waitForURL(/\/login$/);
    const left = await inPhoneDb(page, async ({ db }) => {
      const all = await new Promise((resolve) => {
        const get = db.transaction('prayerReminders').objectStore('prayerReminders').getAll();
        get.onsuccess = () => resolve(get.result);
      });
      return all.map((r) => r.fields.title);
    });
    assert.deepEqual(left, [], 'nothing of the account stays on this device');
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.failed, []);
    await context.close();
  });
});
