// The running streak on Home forgives: two weeks of days opened with
// yesterday missed still count as one streak, yesterday kept by grace; a day
// of rest chosen in /settings is passed over instead, and Home says so.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, inPhoneDb, localDate, serverAndBrowser } from './harness.mjs';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe('the streak with grace', () => {
  const env = serverAndBrowser();

  test('a missed day is kept by grace, and a day of rest is passed over', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: "This Week's Journey" }).waitFor();
    // The app has opened its database (the sync engine starts once Home is up).
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });

    // Opened on each of the last fourteen days but yesterday (as this device remembers).
    const opened = Array.from({ length: 14 }, (_, i) => localDate(-(i + 2))).concat(localDate());
    await inPhoneDb(page, async ({ db, arg: dates }) => {
      await new Promise((resolve, reject) => {
        const tx = db.transaction('visits', 'readwrite');
        for (const date of dates) tx.objectStore('visits').put({ date });
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
    }, opened);

    const yesterday = new Date(`${localDate(-1)}T12:00:00`);
    const yesterdayName = yesterday.toLocaleDateString('en-US', { weekday: 'long' });
    const sameWeek = new Date(`${localDate()}T12:00:00`).getDay() !== 1; // today is not a Monday
    await page.reload();
    const run = page.locator('.streak.run');
    await run.waitFor();
    assert.equal(await run.innerText(), `15-day streak${sameWeek ? ` · ${yesterdayName} kept by grace` : ''}`);
    if (sameWeek) await page.locator('.week-day-kept[aria-label$="not opened, kept by grace"]').waitFor();

    // Yesterday made the day of rest: passed over, the grace unspent.
    await page.goto('/settings');
    await page.getByLabel('Day of rest').selectOption(WEEKDAYS[(yesterday.getDay() + 6) % 7]);
    // Back through the app, as a person would: the choice is saved meanwhile.
    await page.getByRole('link', { name: '← Home' }).click();
    await page.getByText('Your day of rest never breaks the streak.').waitFor();
    assert.equal(await page.locator('.streak.run').innerText(), '15-day streak');
    if (sameWeek) await page.locator('.week-day-rest[aria-label$="your day of rest"]').waitFor();
    await context.close();
  });
});
