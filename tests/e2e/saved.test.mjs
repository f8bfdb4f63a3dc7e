// What a person keeps from their reading: the heart on today's reading, a
// highlight and a note on the reading card and in the Bible reader, all made
// with the server stopped, kept across a reload, listed on the Saved page,
// synced when the server is back and shown in a second browser signed in to
// the same account; a favorite let go there leaves the first browser too.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SYNCED, getAsUser, localDate, loggedInBrowser, registeredBrowser, serverAndBrowser, syncUntil, waitUntilOfflineReady } from './harness.mjs';

const SHOTS = process.env.SHOTS; // a folder: screenshots of each state, for a person to look at
const EMAIL = 'kept@example.com';

describe('favorites, highlights and notes', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test('made offline, kept across a reload, listed on Saved, synced to a second browser', async () => {
    const { context, page } = await registeredBrowser(env.server, env.browser, { email: EMAIL });
    const shot = async (name) => SHOTS && page.screenshot({ path: `${SHOTS}/saved-${name}.png`, fullPage: true });
    const today = localDate();
    const days = await page.evaluate(getAsUser, `/api/daily-content?from=${today}&days=1`);
    const { reference, verse, passage } = days.days[0].bibleReading;
    // A verse of the reader apart from today's reading.
    const [osis, chapter, name, words] =
      passage.osis === 'Ps' && passage.chapter === 23 ? ['John', 1, 'John 1', 'In the beginning was the Word'] : ['Ps', 23, 'Psalm 23', 'The LORD is my shepherd'];

    // Online once: Home saves the coming days, and a chapter is read (kept).
    await page.goto(`/read/kjv/${osis}/${chapter}`);
    await page.locator('#v1').getByText(words).waitFor();
    await page.getByText('1 of 1,189 chapters on this device.').waitFor();
    await page.goto('/');
    await waitUntilOfflineReady(page);
    await env.server.stop();

    // The heart, a colour and a note on today's reading, with no server.
    await page.reload();
    const card = page.locator('[data-card="reading"]');
    const heart = card.getByRole('button', { name: `Favorite: ${reference}` });
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    await heart.click();
    await card.locator(`button[aria-label="Favorite: ${reference}"][aria-pressed="true"]`).waitFor();
    await card.getByRole('button', { name: 'Highlight or note' }).click();
    await card.getByRole('group', { name: `Highlight ${reference}` }).getByRole('button', { name: 'Green' }).click();
    await card.locator('blockquote.verse.hl-green').waitFor();
    await card.getByRole('button', { name: 'Add a note' }).click();
    await card.getByLabel(`Your note on ${reference}`).fill('Read on the trail, no signal.');
    await card.getByRole('button', { name: 'Save note' }).click();
    // Saved: the form closes and the note shows (a textarea holds its words too).
    await card.locator('.verse-note-text', { hasText: 'Read on the trail, no signal.' }).waitFor();
    await card.getByRole('textbox').waitFor({ state: 'detached' });
    await shot('reading-card');

    // In the reader: verse 1 in yellow, with a note. A note typed and not
    // yet saved is still there after a reload.
    await page.goto(`/read/kjv/${osis}/${chapter}`);
    await page.getByRole('button', { name: 'Verse 1: highlight or note' }).click();
    await page.getByRole('group', { name: `Highlight ${name}:1` }).getByRole('button', { name: 'Yellow' }).click();
    await page.locator('#v1.hl-yellow').waitFor();
    await page.getByRole('button', { name: 'Add a note' }).click();
    await page.getByLabel(`Your note on ${name}:1`).fill('Said at the graveside');
    await page.reload();
    const field = page.getByLabel(`Your note on ${name}:1`);
    assert.equal(await field.inputValue(), 'Said at the graveside', 'nothing typed is lost to a reload');
    await field.fill('Said at the graveside, and true.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.locator('.verse-note-text').getByText('Said at the graveside, and true.').waitFor();
    await page.getByRole('textbox', { name: `Your note on ${name}:1` }).waitFor({ state: 'detached' });
    await shot('reader');

    // A note with nothing in it is refused by the rule, beside the field.
    await page.getByRole('button', { name: 'Verse 2: highlight or note' }).click();
    await page.getByRole('button', { name: 'Add a note' }).click();
    await page.getByLabel(`Your note on ${name}:2`).fill('   ');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByRole('alert').getByText('Note: Must not be empty.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The Saved page lists all of it, offline and after a reload.
    await page.goto('/saved');
    await page.reload();
    const favorites = page.locator('section', { has: page.getByRole('heading', { name: /^Favorite readings/ }) });
    await favorites.getByText(reference, { exact: true }).waitFor();
    const highlights = page.locator('section', { has: page.getByRole('heading', { name: /^Highlights/ }) });
    await highlights.getByRole('link', { name: `${name}:1` }).waitFor();
    const notes = page.locator('section', { has: page.getByRole('heading', { name: /^Notes/ }) });
    await notes.getByText('Said at the graveside, and true.').waitFor();
    await notes.getByText('Read on the trail, no signal.').waitFor();
    const passageVerses = passage.to - passage.from + 1;
    assert.equal(await highlights.locator('li.saved-item').count(), 1 + passageVerses);
    await highlights.getByRole('button', { name: /^Yellow/ }).click();
    assert.equal(await highlights.locator('li.saved-item').count(), 1, 'the colour filter shows only yellow');
    await shot('page');

    // The server back: everything reaches it once.
    await env.server.restart();
    await page.getByRole('button', { name: /Sync now$/ }).click();
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 20_000 });
    const kept = await page.evaluate(getAsUser, '/api/favorites');
    assert.deepEqual(
      kept.map((f) => [f.date, f.reference, f.verse]),
      [[today, reference, verse]],
    );
    const marks = await page.evaluate(getAsUser, '/api/highlights');
    assert.equal(marks.length, 1 + passageVerses);
    assert.ok(marks.some((h) => h.book === osis && h.chapter === chapter && h.verse === 1 && h.color === 'yellow' && h.text.startsWith(words)));
    assert.ok(marks.filter((h) => h.color === 'green').every((h) => h.book === passage.osis && h.chapter === passage.chapter));
    const written = await page.evaluate(getAsUser, '/api/verse-notes');
    assert.deepEqual(written.map((n) => n.note).sort(), ['Read on the trail, no signal.', 'Said at the graveside, and true.']);

    // A second browser, signed in to the same account, shows them all.
    const second = await loggedInBrowser(env.server, env.browser, { email: EMAIL });
    await second.page.goto('/saved');
    await syncUntil(second.page, second.page.getByRole('link', { name: `${name}:1` }));
    await second.page.getByText('Said at the graveside, and true.').waitFor();
    await second.page.goto(`/read/kjv/${osis}/${chapter}`);
    await second.page.locator('#v1.hl-yellow').waitFor();
    await second.page.goto('/');
    const secondHeart = second.page.locator(`[data-card="reading"] button[aria-label="Favorite: ${reference}"]`);
    await secondHeart.and(second.page.locator('[aria-pressed="true"]')).waitFor();

    // Let go on the second: the first browser's heart is no longer pressed.
    await secondHeart.click();
    await secondHeart.and(second.page.locator('[aria-pressed="false"]')).waitFor();
    await second.page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 20_000 });
    await page.goto('/');
    await syncUntil(page, card.locator(`button[aria-label="Favorite: ${reference}"][aria-pressed="false"]`));
    await second.context.close();
    await context.close();
  });
});
