// The exercise timer taken through its paces 25 times on a controlled clock:
// start, pause, resume and a reload each round. A page that works never shows
// the refresh overlay, logs no error, and React never has to recover from one;
// afterwards the timer shows the time it has really run.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, serverAndBrowser } from './harness.mjs';

const ROUNDS = 25;

async function secondsLeft(page) {
  const [m, s] = (await page.getByRole('timer').innerText()).split(':').map(Number);
  return m * 60 + s;
}

/** Everything the page reports going wrong: errors thrown, errors logged, and
 *  errors React recovered from (logged as warnings by the app). */
function watchProblems(page) {
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /recovered from an error/.test(text)) problems.push(`console ${message.type()}: ${text}`);
  });
  return problems;
}

describe('exercise timer, over and over', () => {
  const env = serverAndBrowser();

  test(`start, pause, resume and reload ${ROUNDS} times: no error, no overlay, the right time`, async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.clock.install();
    await page.goto('/exercise-timer');
    const total = await secondsLeft(page);
    assert.ok(total >= 5 * 60, `a session of ${total} s`);

    await page.getByRole('button', { name: 'Start' }).click();
    // Between the steps the clock also runs on by itself, as it would for a
    // session (most of all while a page reloads).
    const loopFrom = Date.now();
    for (let round = 1; round <= ROUNDS; round += 1) {
      await page.clock.runFor(2_000);
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByText('Paused. Resume when you are ready.').waitFor();
      await page.clock.runFor(10_000); // paused: no time passes
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.clock.runFor(1_000);
      await page.reload();
      // After the reload the timer carries on where it was.
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      assert.equal(await page.getByRole('alertdialog').count(), 0, `the refresh overlay in round ${round}`);
      assert.deepEqual(problems, [], `round ${round}`);
    }

    // 3 running seconds a round, and at most the time the rounds took.
    const ran = total - (await secondsLeft(page));
    const most = 3 * ROUNDS + Math.ceil((Date.now() - loopFrom) / 1000);
    assert.ok(ran >= 3 * ROUNDS && ran <= most, `ran ${ran} s in ${ROUNDS} rounds (at most ${most} s)`);
    assert.equal(await page.getByRole('heading', { name: 'Exercise Complete!' }).count(), 0);
    assert.equal(await page.title(), 'Exercise Timer · Manna');
    await context.close();
  });
});
