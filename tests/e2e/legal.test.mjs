// The privacy policy: reached from Home, all seven sections, the service's
// contact address (or what to do without one), and readable with no network;
// the app-store toolkit with its sample figures.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, serverAndBrowser, waitUntilOfflineReady } from './harness.mjs';

const SECTIONS = ['1. Information we collect', '2. How we use it', '3. Third parties', '4. Security', '5. Your rights', '6. Children', '7. Contact'];

describe('privacy policy', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test('from Home, seven sections, and offline at both addresses', async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/');
    await waitUntilOfflineReady(page);
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(/\/privacy-policy$/);
    for (const name of SECTIONS) await page.getByRole('heading', { name }).waitFor();
    await page.getByText('Version 1.0, January 2025').waitFor();
    // No contact address is configured on this server: the page says what to do.
    await page.getByText('Write to the people who run this Manna service').waitFor();
    assert.equal(await page.getByText(/we never sell your data/i).count(), 1);

    await server.stop();
    for (const path of ['/privacy-policy', '/privacy-policy.html']) {
      await page.goto(path);
      await page.getByRole('heading', { name: '7. Contact' }).waitFor();
    }
    await context.close();
  });
});

describe('app-store toolkit', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test('sample figures said to be samples, five tabs by keyboard, Track, inert tools, back to the app, offline', async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/');
    await waitUntilOfflineReady(page);
    await page.goto('/aso-preview');
    await page.getByText('Sample figures for planning, not real measurements.').waitFor();
    for (const figure of ['#5', '3.5%', '4.8', '100']) await page.locator('.stats').getByText(figure, { exact: true }).waitFor();
    assert.equal(await page.getByRole('tab').count(), 5);
    await page.getByRole('tab', { name: 'Listing' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('tab', { name: 'Keywords' }).getAttribute('aria-selected'), 'true');
    await page.getByRole('tabpanel', { name: 'Keywords' }).waitFor();
    await page.getByRole('button', { name: 'Track prayer journal' }).click();
    await page.getByRole('status').filter({ hasText: 'Tracking “prayer journal”.' }).waitFor();
    await page.getByRole('tab', { name: 'Keywords' }).focus();
    await page.keyboard.press('End');
    await page.getByRole('tabpanel', { name: 'Metrics' }).waitFor();
    assert.ok(await page.getByRole('tab', { name: 'Metrics' }).evaluate((t) => t === document.activeElement));
    for (const tool of ['Export', 'A/B Test', 'Localization']) assert.ok(await page.getByRole('button', { name: tool }).isDisabled());

    await server.stop();
    await page.reload();
    await page.getByRole('tab', { name: 'Competitors' }).click();
    await page.getByText('Sample app A').waitFor();
    await page.getByRole('link', { name: 'Back to App' }).click();
    await page.waitForURL(`${server.base}/`);
    await context.close();
  });
});
