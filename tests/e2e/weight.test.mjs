// Weight entries can be fixed: today's logged, then a missed day logged
// after it ("Already Logged Today!" stays for today's form), an entry edited,
// one moved to another day, one deleted; the server ends with what the page
// shows.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, localDate, serverAndBrowser, serverAnswer } from './harness.mjs';

const words = (iso) => new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

describe('weight entries', () => {
  const env = serverAndBrowser();

  test("today's entry, a past day, an edit, a move and a delete", async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/weight-tracking');
    // A weight typed wrong is refused in pounds, beside its field, and the
    // refusal goes once the field is typed into again.
    const weight = page.getByLabel('Weight (lbs)');
    await weight.fill('-5');
    await page.getByRole('button', { name: 'Log Weight' }).click();
    await page.getByText('-5 lb is outside 0.1 to 1500 lb.', { exact: true }).waitFor();
    assert.equal(await weight.getAttribute('aria-invalid'), 'true');
    // A day still to come is not a day a weight was taken.
    await weight.fill('181');
    await page.getByText('-5 lb is outside 0.1 to 1500 lb.', { exact: true }).waitFor({ state: 'detached' });
    await page.getByLabel('Date').fill(localDate(2));
    await page.getByRole('button', { name: 'Log Weight' }).click();
    await page.getByText('Must be today or an earlier day.', { exact: true }).waitFor();
    assert.equal(await page.getByText(/Milestone reached/).count(), 0);
    await page.getByLabel('Date').fill(localDate());
    await weight.fill('181.4');
    await page.getByRole('button', { name: 'Log Weight' }).click();
    await page.getByRole('heading', { name: 'Already Logged Today!' }).waitFor();

    // A missed day, logged afterwards: yesterday unless another is chosen.
    await page.getByRole('button', { name: 'Log a past day' }).click();
    await page.getByRole('heading', { name: 'Log a Past Day' }).waitFor();
    assert.equal(await page.getByLabel('Date').inputValue(), localDate(-1));
    await page.getByLabel('Weight (lbs)').fill('182');
    await page.getByRole('button', { name: 'Log Weight' }).click();
    await page.getByRole('heading', { name: 'Already Logged Today!' }).waitFor();
    const entries = page.locator('.entry-list .entry');
    await entries.nth(1).getByText(words(localDate(-1))).waitFor();

    // Today's entry corrected.
    await page.getByRole('button', { name: `Edit the entry of ${words(localDate())}` }).click();
    await page.getByRole('heading', { name: 'Edit Entry' }).waitFor();
    assert.equal(await page.getByLabel('Weight (lbs)').inputValue(), '181.4');
    await page.getByLabel('Weight (lbs)').fill('180.9');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Entry Updated').first().waitFor();
    await entries.first().getByText('180.9 lbs').waitFor();

    // Yesterday's entry was really the day before.
    await page.getByRole('button', { name: `Edit the entry of ${words(localDate(-1))}` }).click();
    await page.getByLabel('Date').fill(localDate(-2));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await entries.nth(1).getByText(words(localDate(-2))).waitFor();
    assert.equal(await entries.count(), 2, 'moved, not copied');

    // And deleted after all.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Delete the entry of ${words(localDate(-2))}` }).click();
    await page.getByText('Entry Deleted').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.entry-list .entry').length === 1);

    const onServer = await serverAnswer(page, '/api/weight-entries/{userId}', { length: 1 });
    assert.deepEqual([onServer[0].date, onServer[0].weight], [localDate(), 1809], 'tenths of a pound, as the record keeps them');
    await context.close();
  });

  test('the chart draws the days, their 7-day average and the goal, and says the same in words', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/weight-tracking');
    const chart = page.getByRole('region', { name: 'Your Progress Chart' });
    await chart.getByText('Log two days to see your chart.').waitFor();
    // Three days: 8 and 2 days ago, and today.
    const entries = page.locator('.entry-list .entry');
    for (const [n, [back, pounds]] of [[8, '190'], [2, '188'], [0, '187']].entries()) {
      if (back > 0) {
        await page.getByRole('button', { name: /Log a past day/ }).click();
        await page.getByRole('heading', { name: 'Log a Past Day' }).waitFor();
        await page.getByLabel('Date').fill(localDate(-back));
        assert.equal(await page.getByLabel('Date').inputValue(), localDate(-back));
      }
      await page.getByLabel('Weight (lbs)').fill(pounds);
      await page.getByRole('button', { name: 'Log Weight' }).click();
      await page.waitForFunction((count) => document.querySelectorAll('.entry-list .entry').length === count, n + 1);
    }
    assert.deepEqual(
      await entries.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime'))),
      [localDate(), localDate(-2), localDate(-8)],
    );
    await chart.locator('.chart-plot canvas').waitFor();
    // The average of the 7 days ending today counts 2 days ago and today only.
    assert.equal(
      await chart.locator('figcaption').innerText(),
      `From 190.0 lbs on ${words(localDate(-8))} to 187.0 lbs on ${words(localDate())}, down 3.0 lbs. 7-day average 187.5 lbs.`,
    );
    await chart.getByText('The chart as a table').click();
    const rows = chart.locator('.data-table tbody tr');
    assert.equal(await rows.count(), 3);
    assert.deepEqual(await rows.first().locator('th, td').allInnerTexts(), [words(localDate()), '187.0 lbs', '187.5 lbs']);
    assert.deepEqual(await rows.last().locator('th, td').allInnerTexts(), [words(localDate(-8)), '190.0 lbs', '190.0 lbs']);
    // The legend names the three lines once a goal is set.
    await chart.getByLabel('Goal (lbs)').fill('175');
    await chart.getByRole('button', { name: 'Save goal' }).click();
    await chart.getByText('Goal 175.0 lbs: 12.0 lbs to go.', { exact: false }).waitFor();
    for (const line of ['Weight', '7-day average', 'Goal']) await chart.locator('.u-legend .u-label', { hasText: line }).first().waitFor();
    // Kept with the synced preferences: there after a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Your Progress Chart' }).getByText('12.0 lbs to go.', { exact: false }).waitFor();
    await context.close();
  });
});
