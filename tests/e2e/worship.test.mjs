// The worship page: with the server gone when only Home was visited before;
// twelve hymns, one in full with search links that open in a new tab, another
// chosen with a short fade and a scroll to the top.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, serverAndBrowser, waitUntilOfflineReady } from './harness.mjs';

describe('worship music', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test('offline after visiting Home, twelve songs, search links, choosing one', async () => {
    const { server, browser } = env;
    const songs = await (await fetch(`${server.base}/api/worship-songs`)).json();
    assert.equal(songs.length, 12);
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/');
    await waitUntilOfflineReady(page);

    // Only Home was visited: the songs were saved with the coming days.
    await server.stop();
    await page.goto('/worship-music');
    await page.getByRole('heading', { name: songs[0].title, level: 2 }).waitFor();
    await server.restart();

    await page.goto('/');
    await page.getByRole('link', { name: /Worship Music/ }).click();
    await page.waitForURL(/\/worship-music$/);
    await page.getByRole('heading', { name: songs[0].title, level: 2 }).waitFor();
    assert.equal(await page.locator('.song-choice').count(), 12);

    for (const [name, host] of [['Spotify', 'open.spotify.com'], ['Apple Music', 'music.apple.com'], ['YouTube', 'www.youtube.com']]) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
      assert.equal(await link.getAttribute('target'), '_blank');
      const url = new URL(await link.getAttribute('href'));
      assert.equal(url.host, host);
      assert.ok(decodeURIComponent(url.href).includes(songs[0].title), `${name} searches for the song`);
    }

    const last = songs[11];
    await page.getByRole('button', { name: new RegExp(last.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await page.getByRole('heading', { name: last.title, level: 2 }).waitFor();
    await page.getByText(last.keyLines[0]).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });
});
