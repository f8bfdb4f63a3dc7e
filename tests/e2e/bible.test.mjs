// The Bible Study Center: today's reading in four tabs, the three study
// dialogs (keyboard: open, Escape, focus back), the group questions, and the
// same page with the server gone after one visit.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, localDate, serverAndBrowser, waitUntilOfflineReady } from './harness.mjs';

const SHOTS = process.env.SHOTS; // a folder: screenshots of each state, for a person to look at

describe('Bible Study Center', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test("today's study online, its dialogs, and offline", async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    const shot = async (name) => SHOTS && page.screenshot({ path: `${SHOTS}/bible-${name}.png`, fullPage: true });
    const reading = (await (await fetch(`${server.base}/api/daily-content?from=${localDate()}&days=1`)).json()).days[0]
      .bibleReading;
    const study = (await (await fetch(`${server.base}/api/bible-studies`)).json()).find((s) => s.readingId === reading.id);
    assert.ok(study, `a study for ${reading.id}`);

    // From Home's reading card.
    await page.goto('/');
    await waitUntilOfflineReady(page);
    await page.getByRole('link', { name: 'Study this passage' }).click();
    await page.waitForURL(/\/bible$/);

    const check = async (online) => {
      await page.getByRole('heading', { name: 'Bible Study Center' }).waitFor();
      const longDate = new Date(`${localDate()}T12:00:00`).toLocaleDateString('en-US', {
        weekday: 'long', month: 'long', day: 'numeric', year: 'numeric',
      });
      await page.locator('time', { hasText: longDate }).waitFor();
      // The date shows at once; the tabs once today's reading is read.
      await page.getByRole('tablist', { name: 'Bible study' }).waitFor();
      assert.deepEqual(await page.getByRole('tab').allInnerTexts(), ['Study', 'Context', 'Application', 'Resources']);

      // Study: the passage, the three words with Strong's numbers, Nave's passages.
      await page.locator('.verse', { hasText: reading.verse }).waitFor();
      await page.getByRole('heading', { name: 'Word Study' }).waitFor();
      for (const w of study.wordStudies) await page.getByText(`(Strong's ${w.strongs})`).waitFor();
      await page.getByRole('heading', { name: 'Cross References' }).waitFor();
      const first = study.crossReferences[0].passages[0];
      await page.locator('.passages li', { hasText: first.reference }).getByText(first.text).waitFor();
      if (online) await shot('study');

      // Context and Application, by keyboard: arrow keys move between tabs.
      await page.getByRole('tab', { name: 'Study' }).focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.getByRole('tab', { name: 'Context' }).getAttribute('aria-selected'), 'true');
      await page.getByText(study.context).waitFor();
      await page.getByRole('heading', { name: `Matthew Henry on ${study.commentary.section}` }).waitFor();
      if (online) await shot('context');
      await page.keyboard.press('ArrowRight');
      await page.getByText(study.application).waitFor();
      if (online) await shot('application');

      // Resources: each dialog opens, shows its text, closes with Escape and
      // gives focus back to the button that opened it.
      await page.getByRole('tab', { name: 'Resources' }).click();
      for (const q of study.discussion) await page.getByRole('listitem').filter({ hasText: q }).waitFor();
      const dialogs = [
        ['Lexicon', study.wordStudies[0].kjvUsage],
        ['Parallel Translations', study.parallel.web],
        ['Commentary', study.commentary.text.slice(0, 120)],
      ];
      for (const [name, text] of dialogs) {
        const button = page.getByRole('button', { name, exact: true });
        await button.click();
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        await dialog.getByText(text).first().waitFor();
        if (online) await shot(name.toLowerCase().replace(/ /g, '-'));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await button.evaluate((b) => b === document.activeElement), true, `focus back on ${name}`);
      }
      // The Close button closes too.
      await page.getByRole('button', { name: 'Parallel Translations' }).click();
      await page.getByRole('dialog', { name: 'Parallel Translations' }).getByText('World English Bible').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      if (online) await shot('resources');
    };

    await check(true);
    await server.stop();
    await page.goto('/bible');
    await check(false);

    // Home's button goes home.
    await page.getByRole('link', { name: '← Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});
