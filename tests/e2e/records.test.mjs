// Offline-first records as a person uses them: weight and reminders saved with
// no server, kept across reloads, synced exactly once when the server is back,
// and shared between two tabs.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, controlledByServiceWorker, createReminder, localDate, serverAndBrowser, serverAnswer, writtenByAnOlderApp } from './harness.mjs';

async function logWeight(page, pounds) {
  await page.getByLabel('Weight (lbs)').fill(String(pounds));
  await page.getByRole('button', { name: 'Log Weight' }).click();
  await page.getByText('Weight Logged!').first().waitFor();
}


describe('records saved offline', () => {
  const env = serverAndBrowser();

  test('a weight and a reminder logged with the server stopped survive a reload and sync once', async () => {
    const context = await env.browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(env.server.base);
    await page.getByRole('button', { name: SYNCED }).waitFor();
    await page.getByText(/Saved for offline use through/).waitFor();
    await controlledByServiceWorker(page);

    await env.server.stop();
    await page.goto(`${env.server.base}/weight-tracking`);
    await logWeight(page, 182.4);
    await page.getByRole('heading', { name: 'Already Logged Today!' }).waitFor();
    await page.goto(`${env.server.base}/prayer-reminders`);
    await createReminder(page, 'Evening thanks', ['Mon', 'Fri']);

    await page.reload();
    await page.getByRole('listitem', { name: 'Evening thanks' }).waitFor();
    assert.match(await page.getByRole('listitem', { name: 'Evening thanks' }).textContent(), /Mon, Fri/);
    await page.goto(`${env.server.base}/weight-tracking`);
    await page.getByText('182.4 lbs').first().waitFor();
    await page.getByRole('button', { name: /^Offline|^Sync paused/ }).waitFor();

    await env.server.restart();
    await page.getByRole('button', { name: /Sync now$/ }).click();
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 20_000 });
    const weights = await serverAnswer(page, '/api/weight-entries/{userId}', { minLength: 1 });
    assert.deepEqual(weights.map((w) => [w.date, w.weight]), [[localDate(), 1824]]);
    const reminders = await serverAnswer(page, '/api/prayer-reminders', { minLength: 1 });
    assert.equal(reminders.length, 1);
    assert.deepEqual(reminders[0].days, ['monday', 'friday']);
    await context.close();
  });

  test('two tabs share records live and every write lands exactly once', async () => {
    const context = await env.browser.newContext(PHONE);
    const [a, b] = [await context.newPage(), await context.newPage()];
    await a.goto(`${env.server.base}/prayer-reminders`);
    await b.goto(`${env.server.base}/prayer-reminders`);
    // One reminder in each tab, typed in the tab the user is looking at; each
    // shows in the other tab without a reload.
    await a.bringToFront();
    await createReminder(a, 'From tab A', ['Tue']);
    await b.bringToFront();
    await createReminder(b, 'From tab B', ['Wed']);
    await b.getByRole('listitem', { name: 'From tab A' }).waitFor();
    await a.bringToFront();
    await a.getByRole('listitem', { name: 'From tab B' }).waitFor();
    await a.getByRole('listitem', { name: 'From tab A' }).waitFor();

    // With no server at all, a toggle in one tab shows in the other.
    await env.server.stop();
    await a.bringToFront();
    await a.getByRole('listitem', { name: 'From tab A' }).getByRole('button', { name: 'Deactivate' }).click();
    await b.bringToFront();
    await b.getByRole('listitem', { name: 'From tab A' }).getByRole('button', { name: 'Activate' }).waitFor();

    await env.server.restart();
    await a.getByRole('button', { name: /Sync now$/ }).click();
    const reminders = await serverAnswer(a, '/api/prayer-reminders', { some: { isActive: 0 } });
    assert.deepEqual(reminders.map((r) => r.title).sort(), ['From tab A', 'From tab B']);
    assert.equal(reminders.find((r) => r.title === 'From tab A').isActive, 0);
    await context.close();
  });

  test('the wellness check scores, saves, joins the history and shows on Home', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${env.server.base}/wellness-score`);
    // The form is drawn: its button's place says what is left to rate.
    await page.getByText('5 statements left to rate.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Get My Score' }).count(), 0);
    const statements = page.locator('fieldset.rating');
    for (let i = 0; i < 5; i += 1) await statements.nth(i).getByText(i < 3 ? '5' : '4', { exact: true }).click();
    await page.getByRole('button', { name: 'Get My Score' }).click();
    await page.locator('.result').getByText('Great!', { exact: true }).waitFor();
    await page.getByText('Wellness score saved!').first().waitFor();
    // The history: today's check, and this week's average (no week before to compare).
    const history = page.getByRole('region', { name: 'Your Last Checks' });
    await history.locator('li', { hasText: '23 / 25' }).waitFor();
    assert.equal(await history.locator('.trend').innerText(), "This week's average: 23.0 of 25.");
    await page.getByRole('link', { name: 'Continue Journey' }).click();
    const summary = page.locator('[data-card="wellness-score"]');
    await summary.getByText('Great!', { exact: false }).waitFor();
    assert.match(await summary.textContent(), /This week's average: 23/);
    await context.close();
  });

  test('a change the server refuses is shown with its reason, fixed and then saved', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${env.server.base}/prayer-reminders`);
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 20_000 });
    // A reminder written by an older version of the app, whose time the
    // server's rules refuse: straight into this device's database and outbox.
    await writtenByAnOlderApp(page, [
      {
        table: 'prayerReminders',
        id: 'reminder-oldapp',
        fields: { title: 'Old app reminder', description: '', reminderTime: '7:5', isActive: 1, days: ['monday'], prayerType: 'morning' },
      },
    ]);
    await page.reload();
    await page.getByRole('button', { name: /Sync now$/ }).click();

    const problem = page.getByRole('alert').filter({ hasText: 'Not saved: Old app reminder' });
    await problem.waitFor({ timeout: 20_000 });
    assert.match(await problem.textContent(), /\bTime: '7:5' is not a time in the form HH:MM\./);
    await page.getByRole('button', { name: /1 change not saved/ }).waitFor();
    // Nothing was stored by the server.
    assert.deepEqual(await serverAnswer(page, '/api/prayer-reminders', {}), []);

    // "Sync now" answers in a toast at the foot of the page, which may lie over
    // the Fix button: it is closed first, as a person would close it.
    const toast = page.getByRole('region', { name: 'Notifications (F8)', exact: true }).getByRole('listitem');
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'detached' });
    // Fix: the form opens with what was written and the reason by the field.
    await problem.getByRole('button', { name: 'Fix' }).click();
    const dialog = page.getByRole('dialog');
    assert.equal(await dialog.getByLabel('Title').inputValue(), 'Old app reminder');
    await dialog.getByText("'7:5' is not a time in the form HH:MM").waitFor();
    await dialog.getByLabel('Time').fill('07:05');
    await dialog.getByRole('button', { name: 'Create Reminder' }).click();
    await page.getByRole('listitem', { name: 'Old app reminder' }).waitFor();
    // The refusal is settled by the same save; the page shows so a moment later.
    await problem.waitFor({ state: 'detached' });
    assert.equal(await page.getByText('Not saved: Old app reminder').count(), 0);
    const saved = await serverAnswer(page, '/api/prayer-reminders', { length: 1 });
    assert.equal(saved[0].reminderTime, '07:05');
    assert.equal(saved[0].id, 'reminder-oldapp');
    await context.close();
  });
});
