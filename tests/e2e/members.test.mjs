// What premium members pay for, as a person meets it: the premium workouts
// (a routine started from the dashboard with autostart, finished on a
// controlled clock, and the dashboard's progress moving), the archive (searched
// on the server, and on the device with the server stopped), the prayer journal
// (written offline, synced, edited and marked answered on a second browser,
// seen on both), and the gates everyone else sees instead.

import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, controlledByServiceWorker, loggedInBrowser, nowUnlessNearMidnight, registeredBrowser, serverAndBrowser, syncUntil, waitUntilOfflineReady } from './harness.mjs';

const OWNER = 'grace.owner@example.org';
const PASSWORD = 'manna password';

const memberBrowser = (server, browser) => registeredBrowser(server, browser, { email: OWNER, password: PASSWORD });

describe('premium members', () => {
  const env = serverAndBrowser({ env: { MANNA_OWNER_EMAILS: OWNER } });

  test('everyone else sees the gates and previews, never the premium content', async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    const premiumAnswers = [];
    page.on('response', (r) => {
      if (/\/api\/(premium-exercises|home-remedies|biohack-categories|premium-library|archive)/.test(r.url())) premiumAnswers.push(r.status());
    });
    await page.goto('/premium-exercises');
    await page.getByRole('heading', { name: 'Premium Routine Preview' }).waitFor();
    await page.getByText('Faithful Fitness Circuit').waitFor();
    await page.getByRole('link', { name: 'Upgrade to Access Full Workouts' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: "Today's Premium Workouts" }).count(), 0);
    await page.goto('/prayer-journal');
    await page.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Write' }).count(), 0);
    await page.goto('/premium-dashboard');
    await page.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor();
    assert.equal(await page.getByText('Welcome to Your Premium Dashboard').count(), 0);
    await page.goto('/home-remedies');
    await page.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Find Remedies' }).count(), 0);
    await page.goto('/biohack-glossary');
    await page.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor();
    await page.goto('/premium-library');
    await page.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor();
    await page.goto('/archive');
    await page.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' }).waitFor();
    assert.deepEqual(premiumAnswers, [], 'the pages ask for no premium content for a free user');
    // Asked directly, the server refuses it with a reason.
    const answer = await page.evaluate(async () => {
      const r = await fetch('/api/premium-exercises');
      return { status: r.status, body: await r.json() };
    });
    assert.ok(answer.status === 401 || answer.status === 403, JSON.stringify(answer));
    await context.close();
  });

  test('a routine started from the dashboard with autostart runs at once; finishing it moves the progress', async () => {
    const { server, browser } = env;
    const { context, page } = await memberBrowser(server, browser);
    // The workout runs for its minutes on the page's clock, and its
    // completion must fall on the day the dashboard counts.
    await page.clock.install({ time: nowUnlessNearMidnight(2) });
    await page.goto('/premium-dashboard');
    await page.getByRole('heading', { name: 'Welcome to Your Premium Dashboard' }).waitFor();
    await page.getByText('Member Since').waitFor({ state: 'detached' }); // an owner has no subscription start
    const progress = page.getByRole('progressbar', { name: "Today's wellness progress" });
    await page.getByText('0% · 0 of 4 done today').waitFor();
    assert.equal(await progress.getAttribute('aria-valuenow'), '0');

    await page.getByRole('tab', { name: 'Physical' }).click();
    await page.waitForURL(/tab=physical/);
    assert.match(page.url(), /tab=physical/);
    const start = page.getByRole('link', { name: 'Start Guided Workout' });
    const href = await start.getAttribute('href');
    assert.match(href, /^\/premium-exercises\?workout=premium-[abi]\d\d&autostart=true$/);
    const title = await page.locator('#workout-title + h3').textContent();
    await start.click();

    // Started at once: the toast, the timer running, the address without autostart.
    await page.getByText('Workout Started!').first().waitFor();
    await page.getByRole('heading', { name: title }).first().waitFor();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.waitForURL((u) => !u.search.includes('autostart'));
    const minutes = Number(/(\d+) minutes/.exec(await page.locator('.routine-session .meta').first().textContent())[1]);
    await page.clock.runFor(3_000);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.clock.fastForward(minutes * 60_000);
    await page.clock.runFor(1_000);
    await page.getByRole('heading', { name: 'Workout Complete!' }).waitFor();

    await page.getByRole('button', { name: 'See My Progress' }).click();
    await page.getByText('25% · 1 of 4 done today').waitFor();
    assert.equal(await progress.getAttribute('aria-valuenow'), '25');
    // Reading done away from the app is ticked here.
    await page.getByRole('button', { name: 'Mark as Read' }).click();
    await page.getByText('50% · 2 of 4 done today').waitFor();
    // Home's week strip shows today's practices too.
    await page.goto('/');
    await page.locator('.week-day-today[aria-label$="2 of 4 practices done"]').waitFor();
    await context.close();
  });

  test('remedies: a typo still finds the symptom; a quick symptom searches at a tap', async () => {
    const { server, browser } = env;
    const { context, page } = await loggedInBrowser(server, browser, { email: OWNER, password: PASSWORD });
    await page.goto('/home-remedies');
    await page.getByRole('heading', { name: 'Natural Remedies from Your Kitchen' }).waitFor();
    const box = page.getByLabel('What symptom would you like help with?');
    assert.equal(await page.getByRole('button', { name: 'Find Remedies' }).isDisabled(), true);
    await box.fill('sore throt');
    await page.getByRole('button', { name: 'Find Remedies' }).click();
    await page.getByRole('heading', { name: 'Remedies for Sore Throat' }).waitFor();
    await page.getByRole('heading', { name: 'What to Avoid' }).waitFor();
    await page.getByRole('heading', { name: 'When to Seek Professional Care' }).waitFor();
    await page.getByText(/do not replace medical advice/).waitFor();

    await page.getByRole('button', { name: 'Insomnia' }).click();
    assert.equal(await box.inputValue(), 'Insomnia');
    await page.getByRole('heading', { name: 'Remedies for Insomnia' }).waitFor();

    await box.fill('purple elbows');
    await page.getByRole('button', { name: 'Find Remedies' }).click();
    await page.getByRole('heading', { name: 'No Remedies Found' }).waitFor();
    await context.close();
  });

  test('the glossary: categories with real counts, the techniques of a category and their Safety tab', async () => {
    const { server, browser } = env;
    const { context, page } = await loggedInBrowser(server, browser, { email: OWNER, password: PASSWORD });
    await page.goto('/biohack-glossary');
    const stat = (label) => page.locator('.stat').filter({ hasText: label }).locator('.stat-value');
    await stat('Categories').waitFor();
    const glossary = JSON.parse(readFileSync(new URL('../../server/content/biohack-categories.json', import.meta.url), 'utf8')).items;
    assert.ok(glossary.length >= 10, `${glossary.length} categories`);
    assert.equal(await stat('Categories').textContent(), String(glossary.length));
    assert.equal(await stat('Techniques').textContent(), String(glossary.reduce((n, c) => n + c.techniques.length, 0)));
    assert.equal(await stat('Possibilities').textContent(), '∞');
    await page.getByRole('button', { name: /Cold Therapy/ }).click();
    await page.getByRole('heading', { name: 'Cold Plunge' }).waitFor();
    const plunge = page.locator('article').filter({ has: page.getByRole('heading', { name: 'Cold Plunge' }) });
    await plunge.getByRole('tab', { name: 'Safety' }).click();
    await plunge.getByText(/Never plunge alone/).waitFor();
    await page.getByRole('button', { name: '← All Categories' }).click();
    // The library: filtered by author, each link a search in a new tab.
    await page.goto('/premium-library');
    await page.getByRole('heading', { name: 'Recommended Reading' }).waitFor();
    const count = async () => Number(/(\d+) readings/.exec(await page.getByRole('status').filter({ hasText: 'readings' }).textContent())[1]);
    assert.ok((await count()) >= 27);
    await page.getByLabel('Author').selectOption('Brother Lawrence');
    await page.getByRole('heading', { name: 'The Practice of the Presence of God', exact: true }).waitFor();
    assert.equal(await count(), 3);
    const link = page.getByRole('link', { name: /^Read Article ?: The Practice of the Presence of God \(/ });
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.match(await link.getAttribute('href'), /^https:\/\/www\.gutenberg\.org\/ebooks\/search\/\?query=/);
    await page.getByRole('heading', { name: 'About These Experts' }).waitFor();
    // The dashboard's quick button counts the categories.
    await page.goto('/premium-dashboard');
    await page.getByText(`${glossary.length} optimization categories`).waitFor();
    await context.close();
  });

  test('the archive: search by word, phrase and reference, filter, sort, clear', async () => {
    const { server, browser } = env;
    const { context, page } = await loggedInBrowser(server, browser, { email: OWNER, password: PASSWORD, serviceWorkers: 'allow' });
    await page.goto('/premium-archive');
    const found = page.getByRole('status').filter({ hasText: /^Found \d+ items?$/ });
    const count = async () => Number(/Found (\d+)/.exec(await found.textContent())[1]);
    await found.waitFor();
    const everything = await count();
    assert.ok(everything >= 4 * 31, `${everything}`);
    const search = page.getByPlaceholder('Search all content...');
    await search.fill('Psalm 23');
    await page.getByRole('heading', { name: 'Psalm 23:1-6' }).waitFor();
    assert.match(await page.locator('.archive-card').first().textContent(), /Day \d+/);
    await search.fill('"still waters"');
    await page.getByText('Found 1 item', { exact: true }).waitFor();
    await search.fill('spinach');
    await page.getByLabel('Type').selectOption('nutrition');
    await page.getByRole('heading', { name: 'Spinach', exact: true }).waitFor();
    for (const snippet of await page.locator('.archive-card > p:not(.meta)').allTextContents()) assert.ok(snippet.length <= 120, snippet);
    await search.fill('zzzzqqq');
    await page.getByText('No content found').waitFor();
    // Emoji alone: a hint, not all of the archive.
    await search.fill('🙏🕊️');
    await page.getByText('Type a word or a number to search for: emoji and symbols alone match nothing.').waitFor();
    assert.equal(await page.locator('.archive-card').count(), 0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText(`Found ${everything} items`).waitFor();
    assert.equal(await search.inputValue(), '');
    await page.getByLabel('Sort').selectOption('alphabetical');
    await page.waitForFunction(() => {
      const titles = [...document.querySelectorAll('.archive-card h2')].map((h) => h.textContent.toLowerCase());
      return titles.length > 1 && titles.every((t, i) => i === 0 || titles[i - 1] <= t);
    });

    // With the server stopped, the device searches what it saved, and says so.
    await page.goto('/');
    await waitUntilOfflineReady(page);
    await page.goto('/premium-archive');
    await found.waitFor();
    await server.stop();
    try {
      await search.fill('the');
      await page.getByText('You are offline: results are limited to content saved on this device.').waitFor();
      const offlineCount = await count();
      assert.ok(offlineCount > 0 && offlineCount < everything, `${offlineCount} of ${everything}`);
      await page.getByLabel('Type').selectOption('bible');
      await page.locator('.archive-card').first().waitFor();
      for (const card of await page.locator('.archive-card .tag.capitalize').allTextContents()) assert.equal(card, 'bible');
      await search.fill('zzzzqqq');
      await page.getByText('No content found').waitFor();
      await page.getByText('You are offline: only content saved on this device was searched.').waitFor();
    } finally {
      await server.restart();
    }
    await context.close();
  });

  test('the journal: written offline, synced, edited and answered on a second browser, the same on both', async () => {
    const { server, browser } = env;
    const { context, page } = await loggedInBrowser(server, browser, { email: OWNER, password: PASSWORD, serviceWorkers: 'allow' });
    await page.goto('/prayer-journal');
    await page.getByRole('heading', { name: "Today's Prayer Prompts" }).waitFor();
    await page.locator('.tag').first().waitFor(); // the day's prompts
    await controlledByServiceWorker(page);

    // Saving without a title is refused with the spec's words, and nothing typed is lost.
    await page.getByLabel('Your prayer').fill('Lord, give my brother work that honours you.');
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await page.getByText('Please add a title and content for your prayer entry.').first().waitFor();
    await page.reload();
    assert.equal(await page.getByLabel('Your prayer').inputValue(), 'Lord, give my brother work that honours you.');

    await context.setOffline(true);
    await page.getByLabel('Title').fill('Work for Daniel');
    await page.getByLabel('Category').selectOption('intercession');
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await page.getByText('Prayer Saved').first().waitFor();
    await page.getByRole('tab', { name: 'My Entries (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Work for Daniel' }).waitFor();
    await page.getByRole('button', { name: /^Offline/ }).waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });

    const second = await loggedInBrowser(server, browser, { email: OWNER, password: PASSWORD });
    const page2 = second.page;
    await page2.goto('/prayer-journal');
    await syncUntil(page2, page2.getByRole('tab', { name: 'My Entries (1)' }));
    await page2.getByRole('tab', { name: 'My Entries (1)' }).click();
    await page2.getByRole('heading', { name: 'Work for Daniel' }).waitFor();
    await page2.getByRole('button', { name: 'Edit Work for Daniel' }).click();
    await page2.getByLabel('Your prayer').fill('Lord, thank you for the interview on Monday.');
    await page2.getByRole('button', { name: 'Save Changes' }).click();
    await page2.getByText('Prayer Updated').first().waitFor();
    await page2.getByRole('button', { name: 'Mark as Answered' }).click();
    await page2.getByText('Prayer Answered').first().waitFor();
    await page2.getByRole('tab', { name: 'Answered (1)' }).click();
    await page2.getByText(/^Answered \w+ \d+, \d{4}$/).waitFor();

    await page.reload();
    await syncUntil(page, page.getByRole('tab', { name: 'Answered (1)' }));
    await page.getByRole('tab', { name: 'Answered (1)' }).click();
    await page.getByText('Lord, thank you for the interview on Monday.').waitFor();
    await page.getByText(/^Answered \w+ \d+, \d{4}$/).waitFor();

    // Deleted, then brought back with Undo.
    await page.getByRole('tab', { name: 'My Entries (1)' }).click();
    await page.getByRole('button', { name: 'Delete Work for Daniel' }).click();
    await page.getByRole('tab', { name: 'My Entries (0)' }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('tab', { name: 'My Entries (1)' }).waitFor();
    await page.getByText('Lord, thank you for the interview on Monday.').waitFor();

    // A long prayer shows its first lines in the list, and all of it on a tap.
    const long = Array.from({ length: 200 }, (_, i) => `Day ${i + 1}: thank you for the work and for the rest.`).join(' ');
    await page.getByRole('button', { name: 'Edit Work for Daniel' }).click();
    await page.getByLabel('Your prayer').fill(long);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Prayer Updated').first().waitFor();
    const text = page.locator('.journal-entry .entry-content').first();
    const read = page.getByRole('button', { name: 'Read all' });
    await read.waitFor();
    const short = (await text.boundingBox()).height;
    assert.ok(short < 200, `the list shows ${short} px of it`);
    await read.click();
    await page.getByRole('button', { name: 'Show less' }).waitFor();
    assert.ok((await text.boundingBox()).height > 4 * short, 'the whole prayer, on a tap');
    await second.context.close();
    await context.close();
  });

  test('logging out leaves no sign of the member: no premium banner, card or name, after a reload too', async () => {
    const { server, browser } = env;
    const { context, page } = await loggedInBrowser(server, browser, { email: OWNER, password: PASSWORD });
    await page.goto('/');
    await page.getByRole('heading', { name: /PREMIUM MEMBER/ }).waitFor();
    // An account's badge says Synced (a guest's says where the data is).
    await page.getByRole('button', { name: /^Synced/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    const signs = async () =>
      page.evaluate(() => ({
        member: /PREMIUM MEMBER|Full Access/.test(document.body.innerText),
        email: document.body.innerText.includes('grace.owner'),
      }));
    // The login page as it settles, and again after a reload and on Home.
    await page.getByRole('button', { name: 'Log In' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await signs(), { member: false, email: false });
    await page.reload();
    await page.getByRole('button', { name: 'Log In' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await signs(), { member: false, email: false });
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await signs(), { member: false, email: false });
    await context.close();
  });
});
