// A locked journal as its writer meets it: what locking means, said before
// it is done; the recovery key shown once; the server then holding only
// sealed text; a second browser asking for the passphrase once (a wrong one
// said so) and reading the entries, offline too after a reload; an entry
// written there offline, found by the search on the device, and read on the
// first browser; an export of it in words.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { SYNCED, controlledByServiceWorker, loggedInBrowser, registeredBrowser, serverAndBrowser, serverAnswer, syncUntil } from './harness.mjs';

const OWNER = 'hannah.locked@example.org';
const PASSPHRASE = 'a quiet room at shiloh';

describe('a locked journal', () => {
  const env = serverAndBrowser({ env: { MANNA_OWNER_EMAILS: OWNER } });

  test('locked on one browser, opened on another with the passphrase, written offline and searched there', async () => {
    const { server, browser } = env;
    const { context, page } = await registeredBrowser(server, browser, { email: OWNER, firstName: 'Hannah' });
    await page.goto('/prayer-journal');
    await page.getByLabel('Title').fill('A son for Hannah');
    await page.getByLabel('Your prayer').fill('Remember me, and give me a child; I will give him back to you.');
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await page.getByText('Prayer Saved').first().waitFor();

    // What locking means is said before it is done; a short passphrase and
    // an unticked promise are refused in words.
    await page.getByRole('tab', { name: 'Write' }).click();
    await page.getByText('Lock with a passphrase').click();
    await page.getByText(/no one can read your entries again/).waitFor();
    await page.getByLabel('New passphrase').fill('short');
    await page.getByLabel('The same passphrase again').fill('short');
    await page.getByRole('button', { name: 'Lock My Journal' }).click();
    await page.getByText(/Must be at least 8 characters/).waitFor();
    await page.getByLabel('New passphrase').fill(PASSPHRASE);
    await page.getByLabel('The same passphrase again').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Lock My Journal' }).click();
    await page.getByText('Tick the box to say you understand what a lost passphrase means.').waitFor();
    await page.getByLabel(/I understand that without my passphrase/).check();
    await page.getByRole('button', { name: 'Lock My Journal' }).click();

    // The recovery key, shown once.
    await page.getByRole('heading', { name: /Write down your recovery key/ }).waitFor({ timeout: 30_000 });
    const code = (await page.locator('.recovery-code').textContent()).trim();
    assert.match(code, /^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/);
    await page.getByRole('button', { name: 'I Have Written It Down' }).click();
    await page.getByRole('heading', { name: 'Your journal is locked' }).waitFor();
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });

    // The server holds the entry sealed: neither its title nor its words.
    const held = await serverAnswer(page, '/api/prayer-journal', { some: { locked: true } });
    assert.equal(held.length, 1);
    assert.match(held[0].title, /^v1\./);
    assert.doesNotMatch(JSON.stringify(held), /Hannah|child/);

    // A second browser asks for the passphrase once; a wrong one is said so.
    const second = await loggedInBrowser(server, browser, { email: OWNER, serviceWorkers: 'allow' });
    const page2 = second.page;
    await page2.goto('/prayer-journal');
    await syncUntil(page2, page2.getByLabel('Journal passphrase'));
    await page2.getByLabel('Journal passphrase').fill('a quiet room at bethel');
    await page2.getByRole('button', { name: 'Open Journal' }).click();
    await page2.getByText('That passphrase does not open this journal. Check it and try again.').waitFor({ timeout: 30_000 });
    await page2.getByLabel('Journal passphrase').fill(PASSPHRASE);
    await page2.getByRole('button', { name: 'Open Journal' }).click();
    await page2.getByRole('tab', { name: 'My Entries (1)' }).click({ timeout: 30_000 });
    await page2.getByRole('heading', { name: 'A son for Hannah' }).waitFor();

    // Offline, the journal opens again without the passphrase (its key is
    // kept on this device); written there, an entry is sealed before it is
    // kept, and the search on the device finds it.
    await controlledByServiceWorker(page2);
    await second.context.setOffline(true);
    await page2.reload();
    await page2.getByRole('tab', { name: 'My Entries (1)' }).click();
    await page2.getByRole('heading', { name: 'A son for Hannah' }).waitFor();
    assert.equal(await page2.getByLabel('Journal passphrase').count(), 0);
    await page2.getByRole('tab', { name: 'Write' }).click();
    await page2.getByLabel('Title').fill('Samuel at the temple');
    await page2.getByLabel('Your prayer').fill('Keep the boy near you in the house at Shiloh.');
    await page2.getByRole('button', { name: 'Save Prayer' }).click();
    await page2.getByText('Prayer Saved').first().waitFor();
    await page2.getByRole('tab', { name: 'My Entries (2)' }).waitFor();
    await page2.getByLabel('Search your journal').fill('shiloh');
    await page2.getByRole('heading', { name: 'Samuel at the temple' }).waitFor();
    assert.equal(await page2.getByRole('heading', { name: 'A son for Hannah' }).count(), 0);
    await page2.getByLabel('Search your journal').fill('jericho');
    await page2.getByText('No entry holds “jericho”.').waitFor();
    await second.context.setOffline(false);
    await page2.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });

    // The first browser reads it, and the server still holds no words.
    await page.getByRole('tab', { name: /My Entries/ }).click();
    await syncUntil(page, page.getByRole('heading', { name: 'Samuel at the temple' }));
    const both = await serverAnswer(page, '/api/prayer-journal', { length: 2 });
    assert.ok(both.every((e) => e.locked === true));
    assert.doesNotMatch(JSON.stringify(both), /Samuel|Shiloh|Hannah/);

    // An export writes the person's own words, opened on the device, and no key.
    await page2.goto('/settings');
    const [download] = await Promise.all([page2.waitForEvent('download'), page2.getByRole('button', { name: 'Download All My Records (JSON)' }).click()]);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    const titles = exported.tables.prayerJournal.map((e) => e.fields.title).sort();
    assert.deepEqual(titles, ['A son for Hannah', 'Samuel at the temple']);
    assert.ok(exported.tables.prayerJournal.every((e) => e.fields.locked === undefined));
    assert.equal(exported.tables.journalKeys, undefined);
    await second.context.close();
    await context.close();
  });
});
