// Listening to the day's reading on a phone: the Listen button above the
// verse, the reading spoken sentence by sentence with a voice on the device
// (it works with no signal), Pause, Resume, a new speed and Stop. The browser's
// speech is replaced by a stand-in whose sentences end when the test says so.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, localDate, serverAndBrowser } from './harness.mjs';

/** Runs in the page before the app: a speechSynthesis that records what it
 *  is asked to say and ends each sentence only on `__speech.finishCurrent()`. */
function installSpeechStandIn() {
  const voices = [
    { name: 'Google UK English Male', lang: 'en-GB', localService: false, default: true, voiceURI: 'Google UK English Male' },
    { name: 'Google US English', lang: 'en-US', localService: false, default: false, voiceURI: 'Google US English' },
    { name: 'Thomas', lang: 'fr-FR', localService: true, default: false, voiceURI: 'Thomas' },
    { name: 'Samantha', lang: 'en-US', localService: true, default: false, voiceURI: 'Samantha' },
  ];
  class Utterance extends EventTarget {
    constructor(text = '') {
      super();
      Object.assign(this, { text, rate: 1, pitch: 1, volume: 1, voice: null, lang: '', onstart: null, onend: null, onerror: null });
    }
  }
  const record = { spoken: [], calls: [] };
  let queue = [];
  let current = null;
  const synth = new EventTarget();
  const fire = (u, type, extra = {}) => u[`on${type}`]?.(Object.assign(new Event(type), { utterance: u }, extra));
  const startNext = () => {
    if (current || queue.length === 0) return;
    current = queue.shift();
    synth.speaking = true;
    fire(current, 'start');
  };
  Object.assign(synth, {
    paused: false,
    speaking: false,
    pending: false,
    getVoices: () => voices,
    speak(u) {
      record.calls.push('speak');
      record.spoken.push({ text: u.text, rate: u.rate, voice: u.voice?.name ?? null });
      queue.push(u);
      startNext();
    },
    pause() {
      record.calls.push('pause');
      synth.paused = true;
    },
    resume() {
      record.calls.push('resume');
      synth.paused = false;
    },
    cancel() {
      record.calls.push('cancel');
      const dropped = [current, ...queue].filter(Boolean);
      [current, queue] = [null, []];
      synth.speaking = false;
      // As browsers do: the dropped sentences report an interruption, later.
      setTimeout(() => dropped.forEach((u) => fire(u, 'error', { error: 'interrupted' })));
    },
  });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = Utterance;
  window.__speech = {
    ...record,
    /** The sentence being read reaches its end. */
    finishCurrent() {
      const u = current;
      current = null;
      synth.speaking = false;
      if (u) fire(u, 'end');
      startNext();
    },
  };
}

/** Waits until the stand-in has been asked to say `count` sentences, and gives them. */
async function spokenOnceThere(page, count) {
  await page.waitForFunction((n) => window.__speech.spoken.length === n, count);
  return page.evaluate(() => window.__speech.spoken);
}

const calls = (page) => page.evaluate(() => window.__speech.calls);

describe('listening to the reading', () => {
  const env = serverAndBrowser();

  test('Listen sits above the verse and reads sentence by sentence, with Pause, Resume, speed and Stop', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    await context.addInitScript(installSpeechStandIn);
    const page = await context.newPage();
    await page.goto('/');
    const res = await fetch(`${env.server.base}/api/daily-content?from=${localDate()}&days=1`);
    const [{ bibleReading: reading }] = (await res.json()).days;

    const card = page.locator('[data-card="reading"]');
    const controls = card.getByRole('group', { name: 'Read aloud' });
    const listen = controls.getByRole('button', { name: 'Listen' });
    const verse = card.locator('blockquote.verse');
    await listen.waitFor();
    await verse.waitFor();
    const [listenBox, verseBox, speedBox] = await Promise.all([listen.boundingBox(), verse.boundingBox(), controls.getByLabel('Speed').boundingBox()]);
    assert.ok(listenBox.y + listenBox.height <= verseBox.y, `Listen (${JSON.stringify(listenBox)}) is above the verse (${JSON.stringify(verseBox)})`);
    for (const box of [listenBox, speedBox]) assert.ok(box.width >= 24 && box.height >= 24, `a tap target of ${box.width}×${box.height}`);
    assert.equal(await controls.getByLabel('Speed').inputValue(), '0.85');

    // The reference first, with the device's own English voice at the gentle pace.
    await listen.click();
    const status = card.getByRole('status').filter({ hasText: /Listening…|Paused/ });
    await status.filter({ hasText: 'Listening…' }).waitFor();
    let spoken = await spokenOnceThere(page, 1);
    assert.equal(spoken[0].text, `${reading.reference}.`);
    assert.equal(spoken[0].rate, 0.85);
    assert.equal(spoken[0].voice, 'Samantha');
    // The sentence being read is marked where it stands in the text, and only it.
    const now = card.locator('mark.reading-now');
    await card.locator('.reference mark.reading-now', { hasText: reading.reference }).waitFor();
    assert.equal(await now.count(), 1);

    // Each next sentence once the one before ends, in the reading's order.
    await page.evaluate(() => window.__speech.finishCurrent());
    await spokenOnceThere(page, 2);
    await page.evaluate(() => window.__speech.finishCurrent());
    spoken = await spokenOnceThere(page, 3);
    const whole = [reading.reference, reading.verse, reading.reflection, reading.csLewisQuote, reading.quoteSource, reading.prayer].filter(Boolean).join(' ');
    let at = 0;
    for (const { text, voice } of spoken) {
      const found = whole.indexOf(text.replace(/[.,:]$/, ''), at);
      assert.ok(found >= at, `"${text}" follows what was read before it`);
      at = found + 1;
      assert.ok(text.length <= 200);
      assert.equal(voice, 'Samantha');
    }
    assert.ok(spoken[1].text.length > 0 && reading.verse.startsWith(spoken[1].text.replace(/\.$/, '')), 'the verse comes after the reference');
    await now.filter({ hasText: spoken[2].text.replace(/[.,:]$/, '') }).waitFor();
    assert.equal(await now.count(), 1);

    // Pause and Resume.
    await controls.getByRole('button', { name: 'Pause' }).click();
    await controls.getByRole('button', { name: 'Resume' }).waitFor();
    await status.filter({ hasText: 'Paused' }).waitFor();
    assert.ok((await calls(page)).includes('pause'));
    assert.equal(await page.evaluate(() => window.speechSynthesis.paused), true);
    await controls.getByRole('button', { name: 'Resume' }).click();
    await controls.getByRole('button', { name: 'Pause' }).waitFor();
    await status.filter({ hasText: 'Listening…' }).waitFor();
    assert.ok((await calls(page)).includes('resume'));

    // A new speed is heard from the next sentence.
    await controls.getByLabel('Speed').selectOption('1.25');
    await page.evaluate(() => window.__speech.finishCurrent());
    spoken = await spokenOnceThere(page, 4);
    assert.deepEqual(spoken.map((s) => s.rate), [0.85, 0.85, 0.85, 1.25]);

    // Stop silences it all and brings Listen back.
    const before = (await calls(page)).length;
    await controls.getByRole('button', { name: 'Stop' }).click();
    await listen.waitFor();
    assert.ok((await calls(page)).slice(before).includes('cancel'));
    await status.waitFor({ state: 'detached' });
    assert.equal(await now.count(), 0);
    // The speed stays chosen for next time.
    await page.reload();
    await listen.waitFor();
    assert.equal(await controls.getByLabel('Speed').inputValue(), '1.25');
    await context.close();
  });

  test('a browser that cannot speak says so', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    await context.addInitScript(() => {
      delete Window.prototype.speechSynthesis;
      delete window.speechSynthesis;
    });
    const page = await context.newPage();
    await page.goto('/');
    const listen = page.locator('[data-card="reading"]').getByRole('button', { name: 'Listen' });
    await listen.waitFor();
    const dialog = new Promise((resolve) => page.once('dialog', (d) => d.dismiss().then(() => resolve(d.message()))));
    await listen.click();
    assert.equal(await dialog, 'Text-to-speech is not supported in your browser.');
    await listen.waitFor();
    await context.close();
  });
});
