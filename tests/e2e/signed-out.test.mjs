// A visitor who never signed in: the app has no reason to ask who is signed
// in, so the pages they open log no error and no request of theirs fails (a
// 401 from /api/auth/me used to be logged on Home). Once signed in, the app
// does ask, and after logging out it stops again.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, registeredBrowser, serverAndBrowser } from './harness.mjs';

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
  await page.getByRole('button', { name: /^Synced/ }).waitFor({ timeout: 30_000 });
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
});
