// Accounts as a person meets them: a weight recorded before registering is
// still there after, and on a second browser that logs in to the account;
// logging out leaves nothing of the account on that browser; 'log out
// everywhere else' signs out every other browser and keeps this one.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, emailedCode, serverAndBrowser } from './harness.mjs';

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
    // The address is proven with the code emailed to it.
    await page.getByText('We sent a 6-digit code to ruth.account@example.org.').waitFor();
    await page.getByLabel('6-digit code').fill(await emailedCode(server, 'ruth.account@example.org'));
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
    await page2.locator('.account-link').getByText('Signed in as Ruth').waitFor();
    // Not premium, but the device knows an email: Home offers to check it.
    await page2.getByRole('heading', { name: 'Subscribed with ruth.account@example.org?' }).waitFor();
    await page2.goto('/weight-tracking');
    await page2.getByText('182.4').first().waitFor();

    // Logging out goes to /login and leaves nothing of the account behind.
    await page2.goto('/');
    await page2.getByRole('button', { name: 'Log out' }).click();
    await page2.waitForURL(/\/login$/);
    await page2.goto('/');
    await page2.getByRole('link', { name: 'Log in' }).waitFor();
    // The premium section is drawn (the offer to check an email would be beside its promo).
    await page2.getByRole('link', { name: 'Start My Plan - $4.99/mo' }).waitFor();
    assert.equal(await page2.getByText('Subscribed with ruth.account@example.org?').count(), 0);
    await page2.goto('/weight-tracking');
    await page2.getByText('No entries yet. Log your first weight above.').waitFor();
    assert.equal(await page2.getByText('182.4').count(), 0, 'the account\'s weights are gone from this browser');

    // Signed in on a third browser, then 'Log out everywhere else' from the first.
    const third = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page3 = await third.newPage();
    await page3.goto('/login');
    await page3.getByLabel('Email').fill('ruth.account@example.org');
    await page3.getByLabel('Password').fill('manna password');
    await page3.getByRole('button', { name: 'Log In' }).click();
    await page3.locator('.account-link').getByText('Signed in as Ruth').waitFor();
    await page.goto('/');
    await page.getByRole('link', { name: 'Signed in as Ruth' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByText('ruth.account@example.org').waitFor();
    await page.getByRole('button', { name: 'Log out everywhere else' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Log out everywhere else' }).click();
    await page.getByRole('button', { name: 'Yes, log them out' }).click();
    await page.getByText('Every other device has been logged out.').waitFor();
    await page3.goto('/');
    await page3.getByRole('link', { name: 'Log in' }).waitFor();
    await page.goto('/');
    await page.locator('.account-link').getByText('Signed in as Ruth').waitFor();
    await third.close();
    await first.close();
    await second.close();
  });
});
