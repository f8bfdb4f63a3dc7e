// Subscribing and premium as a person meets them, against the server and the
// Stripe emulator: pay with the test card (hosted checkout and the embedded
// card form), stay premium offline, restore on a fresh browser with the
// emailed code, a declined card, and a cancellation in the billing portal.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, controlledByServiceWorker, emailedCode, serverAndBrowser } from './harness.mjs';

const EMAIL = 'ruth@example.org';

/** Fills the emulator's card fields in `scope` (its checkout page, or the card form's frame). */
async function fillCard(scope, card) {
  await scope.getByLabel('Card number').fill(card);
  await scope.getByLabel('Expiration').fill('12 / 34');
  await scope.getByLabel('CVC').fill('123');
}

async function payOnEmulator(page, card) {
  await page.getByLabel('Email').fill(EMAIL);
  await fillCard(page, card);
  await page.getByRole('button', { name: 'Start trial' }).click();
}

describe('premium', () => {
  const env = serverAndBrowser({ stripe: true });

  test('subscribe monthly with the test card, stay premium offline, restore on a fresh browser, then cancel', async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Test mode').first().waitFor();
    await page.getByRole('link', { name: 'Start My Plan - $4.99/mo' }).click();
    await page.getByText('Save $20 per year').waitFor();
    await page.getByRole('button', { name: 'Start Monthly Plan - $4.99/mo' }).click();
    await page.waitForURL(/\/c\/pay\//);
    await page.getByText('7 days free, then $4.99 per month').waitFor();
    await payOnEmulator(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/subscription-success\?session_id=/);
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    const banner = page.locator('.premium-member');
    await banner.getByText('PREMIUM MEMBER').waitFor();
    await banner.getByText('Monthly Plan').waitFor();
    await page.getByRole('button', { name: 'Start Your Wellness Journey' }).click();
    await page.getByRole('link', { name: 'Access Premium Hub' }).waitFor();
    // A member is never asked to upgrade; the member card says how the trial stands.
    await page.locator('.premium-home').getByText('Free trial: 7 days left, then $4.99 per month.').waitFor();
    assert.equal(await page.getByRole('region', { name: 'Free trial' }).count(), 0);

    // No server: the signed entitlement still says premium after a reload.
    await controlledByServiceWorker(page);
    await server.stop();
    await page.reload();
    await page.locator('.premium-member').getByText('Monthly Plan').waitFor();
    await server.restart();

    // A fresh browser proves the payment email with the code sent to it.
    const other = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page2 = await other.newPage();
    await page2.goto('/already-paid');
    await page2.getByLabel('Email').fill(EMAIL);
    await page2.getByRole('button', { name: 'Verify My Subscription' }).click();
    await page2.getByText(`We sent a 6-digit code to ${EMAIL}`).waitFor();
    assert.equal(await page2.locator('.premium-member').count(), 0, 'no premium before the code');
    await page2.getByLabel('6-digit code').fill(await emailedCode(server, EMAIL));
    await page2.getByRole('button', { name: 'Confirm Code' }).click();
    await page2.getByText('Premium Activated!').first().waitFor();
    // The payment email has no account yet: the next step offers one.
    await page2.waitForURL(/\/set-password$/);
    await page2.getByText('Secure Your Account').first().waitFor();
    await page2.getByRole('link', { name: 'Skip for now' }).click();
    await page2.waitForURL(`${server.base}/`);
    await page2.locator('.premium-member').getByText('PREMIUM MEMBER').waitFor();

    // Cancelled in the billing portal ('Manage subscription'): back in the
    // app, the next online check ends premium, on the other browser too.
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(/\/p\/session\//);
    await page.getByText('Monthly plan').waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Status: canceled').waitFor();
    await page.getByRole('link', { name: '← Return to Manna' }).click();
    await page.waitForURL(`${server.base}/`);
    await page.getByText('PREMIUM REQUIRED').waitFor();
    await page2.reload();
    await page2.getByText('PREMIUM REQUIRED').waitFor();
    await page.getByRole('link', { name: 'Start My Plan - $4.99/mo' }).waitFor();
    await other.close();
    await context.close();
  });

  test('pay by card on the embedded payment page: a declined card, then the test card', async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/subscribe');
    await page.getByRole('link', { name: 'Or pay by card here for the Annual plan (starts today)' }).click();
    await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
    await page.getByRole('link', { name: 'Back to subscription plans' }).waitFor();
    const card = page.frameLocator('iframe[title="Card details"]');
    await fillCard(card, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe for $39.99' }).click();
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await page.getByText('Payment Error').first().waitFor();
    assert.equal(await page.locator('.premium-member').count(), 0, 'no premium after a decline');

    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe for $39.99' }).click();
    await page.waitForURL(/\/subscription-success\?plan=annual&payment_intent=pi_/);
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    await page.locator('.premium-member').getByText('Annual Plan').waitFor();
    // Paid today, no trial: no trial notice on Home.
    const trialStatus = page.waitForResponse((r) => r.url().includes('/api/trial-status'));
    await page.getByRole('button', { name: 'Start Your Wellness Journey' }).click();
    assert.equal((await (await trialStatus).json()).showUpgradePrompt, false);
    await page.getByRole('link', { name: 'Access Premium Hub' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Free trial' }).count(), 0);
    await context.close();
  });

  test('a declined card shows the error and grants nothing; editing local storage grants nothing', async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Start Annual Plan - $39.99/yr' }).click();
    await page.waitForURL(/\/c\/pay\//);
    await payOnEmulator(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('isPremium', 'true');
      localStorage.setItem('adminMode', 'true');
      localStorage.setItem('stripeCustomerId', 'verified_cus_1');
      localStorage.setItem('subscriptionId', 'verified_sub_1');
      localStorage.setItem('manna-entitlement', 'e30.e30.AAAA');
    });
    await page.goto('/?admin=true');
    await page.getByText('PREMIUM REQUIRED').waitFor();
    assert.equal(await page.locator('.premium-member').count(), 0);
    await context.close();
  });
});
