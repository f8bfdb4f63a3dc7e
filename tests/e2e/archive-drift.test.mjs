// The archive searched on the device finds what the server finds: for words
// taken from every field of the content the device saved, the offline search
// (the server stopped) shows exactly the server's results among the items
// this device holds.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getAsUser, registeredBrowser, serverAndBrowser, waitUntilOfflineReady } from './harness.mjs';

const OWNER = 'drift.owner@example.org';

/** The lists the app saves for the archive, by type (pwa/src/features/archive/offlineSearch.ts). */
const LISTS = {
  bible: '/api/bible-readings',
  health: '/api/health-tips',
  nutrition: '/api/food-spotlights',
  fitness: '/api/exercise-suggestions',
};

/** One long word of each text field of `item` (lists of text too): a word the
 *  search must find the item by, whichever field the server searches. */
function wordsOf(item) {
  const out = [];
  for (const [field, value] of Object.entries(item)) {
    if (field === 'id' || field === 'date') continue;
    const text = Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(' ') : typeof value === 'string' ? value : '';
    const words = text.match(/[A-Za-z]{6,}/g) ?? [];
    if (words.length > 0) out.push(words.sort((a, b) => b.length - a.length)[0].toLowerCase());
  }
  return out;
}

describe('the archive offline and online', () => {
  const env = serverAndBrowser({ env: { MANNA_OWNER_EMAILS: OWNER }, serviceWorkers: 'allow' });

  test('finds the same items on the device as on the server, for words of every field', async () => {
    const { server, browser } = env;
    const { context, page } = await registeredBrowser(server, browser, { email: OWNER });
    await page.goto('/');
    await waitUntilOfflineReady(page);

    // What the device saved, and words from every field of one item of each type.
    const saved = new Set(); // `${type}-${id}` of every item saved
    const terms = new Set();
    for (const [type, path] of Object.entries(LISTS)) {
      const list = await page.evaluate(getAsUser, path);
      assert.ok(list.length > 0, path);
      for (const item of list) saved.add(`${type}-${item.id}`);
      for (const word of wordsOf(list[0])) terms.add(word);
      for (const word of wordsOf(list[list.length - 1])) terms.add(word);
    }
    assert.ok(terms.size >= 12, [...terms].join(' '));

    // The server's answers, kept to what the device holds.
    const expected = new Map();
    for (const term of terms) {
      const keys = [];
      for (let p = 1; ; p += 1) {
        const answer = await page.evaluate(getAsUser, `/api/archive/search?q=${encodeURIComponent(term)}&limit=100&page=${p}`);
        keys.push(...answer.items.map((i) => `${i.type}-${i.id}`));
        if (!answer.hasMore) break;
      }
      expected.set(term, keys.filter((k) => saved.has(k)).sort());
    }

    await page.goto('/premium-archive');
    const found = page.getByRole('status').filter({ hasText: /^Found \d+ items?$/ });
    await found.waitFor();
    await server.stop();
    try {
      const search = page.getByPlaceholder('Search all content...');
      const shown = () => page.locator('.archive-card').evaluateAll((cards) => cards.map((c) => c.dataset.key).sort());
      for (const term of terms) {
        await search.fill(term);
        const want = expected.get(term);
        await page.getByText('You are offline', { exact: false }).first().waitFor();
        const same = await page
          .waitForFunction(
            (keys) => {
              const now = [...document.querySelectorAll('.archive-card')].map((c) => c.dataset.key).sort();
              const empty = keys.length === 0 && document.body.textContent.includes('No content found');
              return empty || (now.length === keys.length && now.every((k, i) => k === keys[i]));
            },
            want,
            { timeout: 10_000 },
          )
          .then(() => true, () => false);
        assert.ok(same, `"${term}": the device shows ${JSON.stringify(await shown())}, the server found ${JSON.stringify(want)}`);
      }
    } finally {
      await server.restart();
    }
    await context.close();
  });
});
