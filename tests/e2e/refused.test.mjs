// Changes the server refused, shown on the page where they were made, beyond
// the journal, reminders and weight: a wellness check and a meal plan start
// (Fix brings what was written back into the form, to be saved again) and a
// shopping list item (nothing to correct by hand: trying again says why it
// still cannot be saved; Discard forgets it, and the sync badge counts one fewer).
// Each refused change is written as an older version of the app wrote it,
// straight into this device's database and outbox; the real server refuses it
// when it is pushed.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, localDate, serverAndBrowser, serverAnswer, syncUntil, writtenByAnOlderApp } from './harness.mjs';

const badge = (page, name) => page.getByRole('button', { name });

/** A new phone on `path`, synced once (so it has an account on the server). */
async function phoneOn(env, path) {
  const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
  const page = await context.newPage();
  await page.goto(path);
  await badge(page, SYNCED).waitFor({ timeout: 30_000 });
  return { context, page };
}

/** Reloads (the app reads what the older app wrote) and syncs: the server refuses it. */
async function pushRefused(page, hasText) {
  await page.reload();
  const problem = page.getByRole('alert').filter({ hasText });
  await syncUntil(page, problem);
  await badge(page, /· 1 change not saved\./).waitFor();
  return problem;
}


describe('changes the server refused, where they were made', () => {
  const env = serverAndBrowser();

  test('a wellness check: what and why on its page, and Fix brings its ratings back to be saved again', async () => {
    const { context, page } = await phoneOn(env, '/wellness-score');
    const date = localDate();
    // The older app rated from 0: the server takes 1 to 5.
    await writtenByAnOlderApp(page, [
      { table: 'wellnessScores', id: `score:${date}`, fields: { date, score: 20, grade: 'Good', responses: { 1: 0, 2: 5, 3: 5, 4: 5, 5: 5 } } },
    ]);
    const problem = await pushRefused(page, 'Not saved: your wellness check of');
    assert.match(await problem.innerText(), /Your ratings: Statement 1 is rated 0, not 1 to 5\./);
    assert.deepEqual(await serverAnswer(page, '/api/wellness-scores/{userId}', {}), []);

    // Fix: the four ratings are back, the one refused is asked for, with focus on it.
    await problem.getByRole('button', { name: /^Fix/ }).click();
    const statements = page.locator('fieldset.rating');
    await statements.nth(0).getByText('Please rate this statement from 1 to 5.').waitFor();
    for (let i = 1; i < 5; i += 1) assert.equal(await statements.nth(i).getByLabel('5', { exact: true }).isChecked(), true);
    assert.equal(await statements.nth(0).locator('input:checked').count(), 0);
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'statement-1');
    await page.getByText(/Fixing your check of/).waitFor();

    await statements.nth(0).getByText('4', { exact: true }).click();
    await page.getByRole('button', { name: 'Get My Score' }).click();
    await page.getByText('Wellness score saved!').first().waitFor();
    await page.locator('.result').getByText('Great!', { exact: true }).waitFor();
    // The save settles the refusal; the page shows so a moment after the score.
    await problem.waitFor({ state: 'detached' });
    assert.equal(await page.getByText('Not saved: your wellness check of').count(), 0);
    const saved = await serverAnswer(page, '/api/wellness-scores/{userId}', { length: 1 });
    assert.equal(saved[0].score, 24);
    assert.deepEqual(saved[0].responses, { 1: 4, 2: 5, 3: 5, 4: 5, 5: 5 });
    assert.doesNotMatch(await page.locator('.sync-label').innerText(), /not saved/);
    await context.close();
  });

  test('a meal plan start: what and why on the plan, and Fix opens the start form with what was chosen', async () => {
    const { context, page } = await phoneOn(env, '/meal-plans/anti-inflammatory-7day');
    // The older app wrote the start date the American way.
    await writtenByAnOlderApp(page, [
      {
        table: 'mealPlanEnrollments',
        id: 'enrollment-oldapp',
        fields: {
          mealPlanId: 'anti-inflammatory-7day',
          startDate: '11/22/2026',
          preferences: { allergies: ['nuts', 'sesame'], dislikes: ['mushrooms'], dietaryRestrictions: ['vegetarian'] },
        },
      },
    ]);
    const problem = await pushRefused(page, 'Not saved: starting 7-Day Anti-Inflammatory Reset');
    assert.match(await problem.innerText(), /Start date: '11\/22\/2026' is not a date in the form YYYY-MM-DD\./);

    // Fix: the form shows what was chosen, and the start date's reason beside it, focused.
    await problem.getByRole('button', { name: /^Fix/ }).click();
    const form = page.getByRole('form', { name: 'Start 7-Day Anti-Inflammatory Reset' });
    await form.waitFor();
    assert.equal(await form.getByLabel('Nuts', { exact: true }).isChecked(), true);
    assert.equal(await form.getByLabel('Vegetarian', { exact: true }).isChecked(), true);
    assert.equal(await form.getByLabel('Other allergies').inputValue(), 'sesame');
    assert.equal(await form.getByLabel('Foods you dislike').inputValue(), 'mushrooms');
    await form.getByText("'11/22/2026' is not a date in the form YYYY-MM-DD.").waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('.field')?.textContent?.startsWith('Start date'));

    const today = localDate();
    await form.getByLabel('Start date').fill(today);
    await form.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Meal Plan Started!').first().waitFor();
    await problem.waitFor({ state: 'detached' });
    const words = new Date(`${today}T12:00:00`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    await page.getByText(`Started ${words} · today is day 1 of 7`).waitFor();
    const saved = await serverAnswer(page, '/api/users/{userId}/meal-plans', { length: 1, some: { startDate: today } });
    assert.equal(saved[0].id, 'enrollment-oldapp');
    assert.deepEqual(saved[0].preferences, { allergies: ['nuts', 'sesame'], dislikes: ['mushrooms'], dietaryRestrictions: ['vegetarian'] });
    assert.doesNotMatch(await page.locator('.sync-label').innerText(), /not saved/);
    await context.close();
  });

  test('a shopping list item: what and why on the lists, Try Again says why not, and Discard forgets it', async () => {
    const { context, page } = await phoneOn(env, '/shopping-lists');
    // A list the server takes, and an item in an aisle it does not know.
    await writtenByAnOlderApp(page, [
      {
        table: 'shoppingLists',
        id: 'list-oldapp',
        fields: { title: 'Weekend Market', status: 'active', createdAt: new Date().toISOString(), estimatedCost: null, weekNumber: null, planId: null, startDate: null },
      },
      {
        table: 'shoppingListItems',
        id: 'item-oldapp',
        fields: { listId: 'list-oldapp', itemName: 'Sourdough loaf', category: 'bakery', quantity: '1', isChecked: false, checkedAt: null },
      },
    ]);
    const problem = await pushRefused(page, 'Not saved: 1 Sourdough loaf on Weekend Market');
    assert.match(await problem.innerText(), /Aisle: .*bakery/);
    await serverAnswer(page, '/api/shopping-lists/user/{userId}', { length: 1 });
    assert.deepEqual(await serverAnswer(page, '/api/shopping-list-items/list-oldapp', {}), []);

    // Nothing to correct by hand: trying again meets the same rule on this device.
    await problem.getByRole('button', { name: 'Try Again 1 Sourdough loaf on Weekend Market' }).click();
    await page.getByText('Still Not Saved', { exact: true }).waitFor();
    await page.getByText(/Aisle: 'bakery' is not one of .* It cannot be saved as it is, so you may discard it\./).first().waitFor();
    await problem.getByRole('button', { name: 'Discard 1 Sourdough loaf on Weekend Market' }).click();
    await problem.waitFor({ state: 'detached' });
    const note = page.getByRole('status').filter({ hasText: 'Discarded: 1 Sourdough loaf on Weekend Market.' });
    await note.waitFor();
    // Focus moves to the note once it is drawn.
    await page.waitForFunction(() => document.activeElement?.classList.contains('refused-done'));
    assert.equal(await note.evaluate((el) => el === document.activeElement), true);
    await page.waitForFunction(() => !document.querySelector('.sync-label')?.textContent?.includes('not saved'));
    assert.equal(await page.getByRole('alert').filter({ hasText: 'Not saved' }).count(), 0);
    await context.close();
  });
});
