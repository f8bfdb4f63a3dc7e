// Deleting an account from the privacy policy's quick action: the settings
// section says what goes and offers the export, refuses a wrong password
// beside its field, and with the right one deletes the account: the browser
// starts again as a new anonymous user, and the account can no longer sign in.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, registeredBrowser, serverAndBrowser } from './harness.mjs';

describe('deleting an account', () => {
  const env = serverAndBrowser();

  test('from the privacy policy to a deleted account', { timeout: 180_000 }, async () => {
    const email = 'leaving@example.org';
    const { context, page } = await registeredBrowser(env.server, env.browser, { email, password: 'manna password' });
    const before = await page.evaluate(() => localStorage.getItem('manna-user-id'));

    await page.goto('/privacy-policy');
    await page.getByRole('link', { name: 'Delete my account' }).click();
    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByText(`This deletes the account ${email}`).waitFor();
    await section.getByRole('link', { name: 'Export your data' }).waitFor();

    await section.getByLabel('Password').fill('not my password');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await section.getByText('Tick the box to confirm').waitFor();
    await section.getByRole('checkbox').check();
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await section.getByText('That password is not right.').waitFor();
    assert.equal(await section.getByLabel('Password').getAttribute('aria-invalid'), 'true');

    await section.getByLabel('Password').fill('manna password');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Account deleted').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    // This browser is a new anonymous user; the account is gone from the server.
    assert.notEqual(await page.evaluate(() => localStorage.getItem('manna-user-id')), before);
    const other = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const login = await other.newPage();
    await login.goto('/login');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('manna password');
    await login.getByRole('button', { name: 'Log In' }).click();
    await login.getByText('Invalid email or password').first().waitFor();
    await other.close();
    await context.close();
  });
});
