// Session timers as a person uses them, on a controlled clock: today's
// exercise counts down, pauses, keeps time while the page sleeps and across a
// reload, checks its steps off evenly, rings the bell at the end, and the page
// opens again with the server gone.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, localDate, noonToday, serverAndBrowser, waitUntilOfflineReady } from './harness.mjs';

/** Records every oscillator the page starts (the bell is made of them). */
function recordBells() {
  window.__bells = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (when = 0) {
    window.__bells.push({ when, now: this.context.currentTime });
    return start.call(this, when);
  };
}

async function secondsLeft(page) {
  const [m, s] = (await page.getByRole('timer').innerText()).split(':').map(Number);
  return m * 60 + s;
}

describe('exercise timer', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test("today's exercise: start, pause, sleep, reload, steps, completion with the bell, offline", async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    await context.addInitScript(recordBells);
    const page = await context.newPage();
    await page.clock.install({ time: noonToday() });
    const answer = await fetch(`${server.base}/api/daily-content?from=${localDate()}&days=1`);
    const today = (await answer.json()).days[0].exerciseSuggestion;

    // From Home's Today's Movement card.
    await page.goto('/');
    await waitUntilOfflineReady(page);
    await page.locator('[data-card="movement"]').getByRole('link', { name: 'Start Exercise' }).click();
    await page.waitForURL(/\/exercise-timer$/);
    await page.getByRole('heading', { name: today.title }).waitFor();
    const minutes = Number(/\d+/.exec(today.duration)?.[0] ?? 10);
    const total = minutes * 60;
    assert.equal(await secondsLeft(page), total);
    await page.getByText(today.spiritualComponent).waitFor();
    const steps = page.locator('.timer-steps li');
    assert.equal(await steps.count(), today.instructions.length);

    // From here the page's clock moves only when the test moves it: seconds
    // a busy machine spends between two steps do not pass on the timer.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.getByRole('button', { name: 'Start' }).click();
    assert.ok(await page.getByRole('button', { name: 'Reset' }).isDisabled(), 'Reset is disabled while active');
    await page.clock.runFor(5_000);
    // The ticks have run; the page shows their time a moment later.
    await page.waitForFunction((left) => document.querySelector('[role="timer"]')?.textContent === left, clockText(total - 5));
    assert.equal(await secondsLeft(page), total - 5);

    // Paused for a minute: no time passes.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.clock.runFor(60_000);
    assert.equal(await secondsLeft(page), total - 5);
    await page.getByRole('button', { name: 'Resume' }).click();

    // The screen locks: the page's timers sleep while the clock moves on. On
    // waking, the countdown is right at once.
    const half = Math.floor(total / 2);
    await page.clock.fastForward((half - 5) * 1000);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByText(new RegExp(`^${Math.floor((total - half) / 60)}:${String((total - half) % 60).padStart(2, '0')}$`)).waitFor();
    const doneSoFar = Math.floor((half * today.instructions.length) / total);
    assert.equal(await page.locator('.timer-steps li.done').count(), doneSoFar);
    await page.locator('.timer-steps li[aria-current="step"]').getByText(today.instructions[doneSoFar]).waitFor();

    // A reload mid-session carries on where it was (the clock runs again).
    await page.clock.resume();
    await page.reload();
    await page.getByRole('heading', { name: today.title }).waitFor();
    assert.ok((await secondsLeft(page)) <= total - half);
    await page.getByRole('button', { name: 'Pause' }).waitFor();

    const bellsBefore = await page.evaluate(() => window.__bells.length);
    await page.clock.fastForward(total * 1000);
    await page.clock.runFor(1_000);
    await page.getByRole('heading', { name: 'Exercise Complete!' }).waitFor();
    const bells = await page.evaluate(() => window.__bells);
    assert.ok(bells.length > bellsBefore, 'the bell rang at the end');
    assert.ok(bells.slice(bellsBefore).every((b) => b.when - b.now < 1), 'it rang at once');

    await page.getByRole('button', { name: 'Do It Again' }).click();
    assert.equal(await secondsLeft(page), total);

    // With the server gone, the page still opens.
    await server.stop();
    await page.reload();
    await page.getByRole('heading', { name: today.title }).waitFor();
    await page.getByRole('button', { name: 'Start' }).waitFor();

    await page.getByRole('link', { name: '← Home' }).click();
    await page.waitForURL(`${server.base}/`);
    await context.close();
  });
});

describe('meditation and prayer sessions', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow' });

  test('a meditation on a controlled clock: start, pause, resume, a hidden page, the bell; premium locked; offline', async () => {
    const { server, browser } = env;
    const sessions = await (await fetch(`${server.base}/api/meditation-sessions`)).json();
    const free = sessions.find((s) => s.isPremium === 0);
    const locked = sessions.find((s) => s.isPremium === 1);
    assert.equal(locked.scriptContent, null, 'the server does not send a premium script to a non-member');
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    await context.addInitScript(recordBells);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await waitUntilOfflineReady(page);

    await page.getByRole('link', { name: /Meditation/ }).first().click();
    await page.waitForURL(/\/meditation$/);
    const card = page.locator('.session-card', { has: page.getByRole('heading', { name: free.title }) });
    // The preview is the first 300 characters, cut at a word, with an ellipsis.
    const shown = await card.locator('.session-preview').innerText();
    await card.getByText(free.description).waitFor();
    assert.ok(shown.endsWith('…') && shown.length <= 301, shown);
    assert.ok(free.scriptContent.startsWith(shown.slice(0, -1)));
    const lockedCard = page.locator('.session-card', { has: page.getByRole('heading', { name: locked.title }) });
    await lockedCard.getByRole('link', { name: 'Unlock with Premium' }).waitFor();
    assert.equal(await lockedCard.getByRole('button', { name: /Begin/ }).count(), 0);

    await card.getByRole('button', { name: `Begin ${free.title}` }).click();
    await page.getByRole('heading', { name: free.title, level: 2 }).waitFor();
    const total = free.duration * 60;
    assert.equal(await secondsLeft(page), total);
    // From here the page's clock moves only when the test moves it: seconds
    // a busy machine spends between two steps do not pass on the timer.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.getByRole('button', { name: 'Start' }).click();
    await page.clock.runFor(5_000);
    await page.waitForFunction((left) => document.querySelector('[role="timer"]')?.textContent === left, clockText(total - 5));
    assert.equal(await secondsLeft(page), total - 5);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.clock.runFor(60_000);
    assert.equal(await secondsLeft(page), total - 5);
    await page.getByRole('button', { name: 'Resume' }).click();

    // The screen locks for 30 s: the page is hidden and its timers sleep.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.clock.fastForward(30_000);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForFunction((left) => document.querySelector('[role="timer"]')?.textContent === left, clockText(total - 35));

    const bellsBefore = await page.evaluate(() => window.__bells.length);
    await page.clock.fastForward(total * 1000);
    await page.clock.runFor(1_000);
    await page.getByText('Session complete. Amen.').waitFor();
    // The bell's sound may start a moment after the words show.
    await page.waitForFunction((before) => window.__bells.length > before, bellsBefore);
    const bells = await page.evaluate(() => window.__bells);
    assert.ok(bells.length > bellsBefore, 'the bell rang at the end');

    // Prayer sessions, with the server gone: saved with the coming days.
    await page.clock.resume();
    await server.stop();
    await page.goto('/prayer-sessions');
    await page.getByRole('heading', { name: 'Sessions', exact: true }).waitFor();
    // The heading shows at once; the list once it is read from the device.
    await page.locator('.session-card').first().waitFor();
    assert.ok((await page.locator('.session-card').count()) >= 12);
    await context.close();
  });
});

function clockText(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
