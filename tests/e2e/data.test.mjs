// A person's data leaving and returning: the calendar address a phone's
// calendar reads (parsed here by a calendar library: readings, and the
// reminders as weekly repeating events), turned off again; everything
// exported as JSON and weights as CSV, then imported into another browser
// after a preview, with a file that is not an export refused.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import ICAL from 'ical.js';
import { PHONE, SYNCED, createReminder, localDate, serverAndBrowser, serverAnswer } from './harness.mjs';


describe('your data', () => {
  const env = serverAndBrowser();

  test('the calendar address carries the readings and the reminders as repeating events, until turned off', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });
    await page.goto('/prayer-reminders');
    // Days that leave today out, so the first time is a later day (a start on
    // today, outside the rule, is what calendar apps show as an extra event).
    const todayIs = new Date(`${localDate()}T12:00:00`).getDay();
    const [labels, byday, numbers] = [1, 3, 5].includes(todayIs)
      ? [['Tue', 'Thu', 'Sat'], ['TU', 'TH', 'SA'], [2, 4, 6]]
      : [['Mon', 'Wed', 'Fri'], ['MO', 'WE', 'FR'], [1, 3, 5]];
    await createReminder(page, 'Morning prayer', labels);
    await serverAnswer(page, '/api/prayer-reminders', { length: 1 });

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Add to My Calendar' }).click();
    const url = await page.getByLabel('Your calendar address').inputValue();
    assert.match(url, /\/api\/calendar\/[0-9a-f]{48}\.ics$/);
    assert.equal(new URL(url).origin, env.server.base, 'the address this browser reached');
    const feedPath = new URL(url).pathname;
    const res = await fetch(`${env.server.base}${feedPath}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const readings = events.filter((e) => e.summary.startsWith('Bible reading: '));
    assert.equal(readings.length, 30);
    const reminder = events.find((e) => e.summary === 'Morning prayer');
    assert.ok(reminder, 'the reminder is an event');
    assert.ok(reminder.isRecurring());
    const rule = reminder.component.getFirstPropertyValue('rrule');
    assert.equal(rule.freq, 'WEEKLY');
    assert.deepEqual(rule.parts.BYDAY, byday);
    assert.equal(reminder.startDate.hour * 60 + reminder.startDate.minute, 8 * 60, 'at the reminder time (08:00, the default)');
    // It starts on its first real day (the first chosen day after today), and
    // its next times fall on the chosen days.
    const today = new Date(`${localDate()}T12:00:00`);
    const first = [0, 1, 2, 3, 4, 5, 6].map((n) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + n)).find((d) => numbers.includes(d.getDay()));
    const start = reminder.startDate.toJSDate();
    assert.deepEqual([start.getFullYear(), start.getMonth(), start.getDate()], [first.getFullYear(), first.getMonth(), first.getDate()]);
    const it = reminder.iterator();
    for (let i = 0; i < 4; i += 1) assert.ok(numbers.includes(it.next().toJSDate().getDay()));
    // And it rings: a display alarm at its time.
    const alarm = reminder.component.getFirstSubcomponent('valarm');
    assert.ok(alarm, 'the reminder carries an alarm');
    assert.equal(alarm.getFirstPropertyValue('action'), 'DISPLAY');
    assert.equal(alarm.getFirstPropertyValue('trigger').toSeconds(), 0);
    assert.equal(readings.filter((e) => e.component.getFirstSubcomponent('valarm')).length, 0, 'readings do not ring');

    await page.getByRole('button', { name: 'Turn Off' }).click();
    await page.getByText('Calendar Address Turned Off').first().waitFor();
    assert.equal((await fetch(`${env.server.base}${feedPath}`)).status, 404);
    await page.getByRole('button', { name: 'Add to My Calendar' }).waitFor();
    await context.close();
  });

  test('everything exported, weights as CSV, imported into another browser after a preview', async () => {
    const first = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, acceptDownloads: true });
    const page = await first.newPage();
    await page.goto('/weight-tracking');
    await page.getByLabel('Weight (lbs)').fill('180.5');
    await page.getByLabel('Notes').fill('After "Sunday", lunch');
    await page.getByRole('button', { name: 'Log Weight' }).click();
    await page.getByText('Weight Logged!').first().waitFor();
    // The entry and the toast say its date in words, never as 2026-11-24.
    await page.locator('.entry-date').first().waitFor();
    assert.doesNotMatch(await page.locator('body').innerText(), /\b\d{4}-\d{2}-\d{2}\b/);
    await page.goto('/prayer-reminders');
    await createReminder(page, 'Evening thanks', ['Sun']);

    await page.goto('/settings');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All My Records (JSON)' }).click()]);
    assert.match(json.suggestedFilename(), /^manna-export-\d{4}-\d{2}-\d{2}\.json$/);
    const jsonPath = await json.path();
    const exported = JSON.parse(readFileSync(jsonPath, 'utf8'));
    assert.equal(exported.format, 'manna-export');
    assert.equal(exported.tables.weightEntries.length, 1);
    assert.equal(exported.tables.prayerReminders.length, 1);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Weights (CSV)' }).click()]);
    const csvText = readFileSync(await csv.path(), 'utf8');
    assert.match(csvText, /^date,weight_lb,mood,notes\r\n\d{4}-\d{2}-\d{2},180\.5,,"After ""Sunday"", lunch"\r\n$/);

    const second = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const other = await second.newPage();
    await other.goto('/settings');
    await other.getByLabel('Export file (.json)').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
    await other.getByText('This file is not a Manna export: it is not JSON.').waitFor();
    await other.getByLabel('Export file (.json)').setInputFiles(jsonPath);
    const preview = other.getByRole('region', { name: 'What the import adds' });
    await preview.getByRole('row', { name: 'Weight entries 1 0 0' }).waitFor();
    await preview.getByRole('row', { name: 'Prayer reminders 1 0 0' }).waitFor();
    await other.getByRole('button', { name: /^Import \d+ Records$/ }).click();
    await other.getByText('Import Complete').first().waitFor();
    await other.goto('/weight-tracking');
    await other.getByText('180.5').first().waitFor();
    await other.goto('/prayer-reminders');
    await other.getByText('Evening thanks').waitFor();
    // The same file again adds nothing: what is here is kept as it is.
    await other.goto('/settings');
    await other.getByLabel('Export file (.json)').setInputFiles(jsonPath);
    await other.getByRole('button', { name: 'Nothing New to Import' }).waitFor();
    await second.close();
    await first.close();
  });
});
