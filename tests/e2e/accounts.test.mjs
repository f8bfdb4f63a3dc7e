// Accounts as a person meets them: a weight recorded before registering is
// still there after, and on a second browser that logs in to the account.

import { describe, test } from 'node:test';
import { PHONE, serverAndBrowser } from './harness.mjs';

describe('accounts', () => {
  const env = serverAndBrowser();

  test('register after recording a weight anonymously; the weight reaches a second logged-in browser', async () => {
    const { server, browser } = env;
    const first = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await first.newPage();
    await page.goto('/weight-tracking');
    await page.getByLabel('Weight (lbs)').fill('182.4');
    await page.getByRole('button', { name: 'Log Weight' }).click();
    await page.getByText('Weight Logged!').first().waitFor();

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await page.getByLabel('First name').fill('Ruth');
    await page.getByLabel('Email').fill('ruth.account@example.org');
    await page.getByLabel('Password', { exact: true }).fill('manna password');
    await page.getByLabel('Confirm password').fill('manna passwurd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm password').fill('manna password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account Created!').first().waitFor();
    await page.waitForURL(/\/checkout-simple$/);
    await page.goto('/weight-tracking');
    await page.getByText('182.4').first().waitFor();

    const second = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page2 = await second.newPage();
    await page2.goto('/login');
    await page2.getByLabel('Email').fill('ruth.account@example.org');
    await page2.getByLabel('Password').fill('wrong password');
    await page2.getByRole('button', { name: 'Log In' }).click();
    await page2.getByText('Login Failed').first().waitFor();
    await page2.getByText('Invalid email or password').first().waitFor();
    await page2.getByLabel('Password').fill('manna password');
    await page2.getByRole('button', { name: 'Log In' }).click();
    await page2.getByText('Welcome back!').first().waitFor();
    await page2.waitForURL(`${server.base}/`);
    await page2.goto('/weight-tracking');
    await page2.getByText('182.4').first().waitFor();
    await first.close();
    await second.close();
  });
});
