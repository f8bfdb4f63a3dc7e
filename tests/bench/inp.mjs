// How fast a tap is answered: Interaction to Next Paint, as the web-vitals
// library reports it, on a phone-sized page with the processor slowed 4x.
// Each flow opens its page afresh (so the page's INP is the flow's own taps,
// its worst one), makes its taps, and notes the INP; the p75 of 10 per flow.
// Usage: node inp.mjs (starts its own release server, MANNA_SERVER_BIN).
// Target: each flow's p75 <= 100 ms.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { launchBrowser, PHONE, startServer } from '../e2e/harness.mjs';

const REPEATS = Number(process.env.INP_REPEATS ?? 10);
const TARGET_MS = 100;
const SLOWDOWN = 4;
// The library's own browser build (a script defining `webVitals`), beside its package.
const vitals = readFileSync(join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js'), 'utf8');

const FLOWS = [
  {
    name: 'tab bar: Today to Pray',
    path: () => '/',
    ready: (p) => p.locator('[data-card="reading"] .reference').waitFor(),
    act: async (p) => {
      await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pray' }).click();
      await p.getByRole('heading', { name: 'Pray', exact: true }).waitFor();
    },
  },
  {
    name: "a page's tabs: the Bible study's Context",
    path: () => '/bible',
    ready: (p) => p.getByRole('tab', { name: 'Context' }).waitFor(),
    act: async (p) => {
      await p.getByRole('tab', { name: 'Context' }).click();
      await p.getByRole('heading', { name: /^The setting of/ }).waitFor();
    },
  },
  {
    name: 'reader: the next chapter',
    path: () => '/read/kjv/John/3',
    ready: (p) => p.locator('#v16').waitFor(),
    act: async (p) => {
      await p.getByRole('link', { name: 'John 4 →' }).click();
      await p.getByRole('heading', { name: 'John 4 KJV' }).waitFor();
    },
  },
  {
    name: 'reader: a verse highlighted',
    path: () => '/read/kjv/John/3',
    ready: (p) => p.locator('#v16').waitFor(),
    act: async (p, i) => {
      const verse = i + 1;
      await p.getByRole('button', { name: `Verse ${verse}: highlight or note` }).click();
      await p.getByRole('group', { name: `Highlight John 3:${verse}` }).getByRole('button', { name: 'Yellow' }).click();
      await p.locator(`#v${verse}.hl-yellow`).waitFor();
    },
  },
  {
    name: 'weight: a weight logged',
    // Today's weight, the daily tap: once a day, so a new phone each time.
    fresh: true,
    path: () => '/weight-tracking',
    ready: (p) => p.getByLabel('Weight (lbs)').waitFor(),
    act: async (p, i) => {
      // Typed without key events (no taps of their own): the tap is Log Weight.
      await p.getByLabel('Weight (lbs)').fill(String(180 - i / 10));
      await p.getByRole('button', { name: 'Log Weight' }).click();
      await p.getByText('Already Logged Today!').waitFor();
    },
  },
  {
    name: 'timer: started and paused',
    // A paused timer is still there after a reload: a new phone each time.
    fresh: true,
    path: () => '/exercise-timer',
    ready: (p) => p.getByRole('button', { name: 'Start' }).waitFor(),
    act: async (p) => {
      await p.getByRole('button', { name: 'Start' }).click();
      await p.getByRole('button', { name: 'Pause' }).click();
      await p.getByText('Paused. Resume when you are ready.').waitFor();
    },
  },
  {
    name: 'shopping: an item checked',
    setup: async (p) => {
      await p.goto('/shopping-lists');
      await p.getByRole('button', { name: 'Anti-Inflammatory Week 1' }).click();
      await p.waitForURL(/\/shopping-lists\?list=list-/);
      return new URL(p.url()).search;
    },
    path: (search) => `/shopping-lists${search}`,
    ready: (p) => p.getByRole('checkbox').first().waitFor(),
    act: async (p, i) => {
      await p.getByRole('checkbox').nth(i).click();
      await p.getByText(`${i + 1} of `).first().waitFor();
    },
  },
].filter((f) => !process.env.INP_FLOWS || process.env.INP_FLOWS.split(',').some((n) => f.name.includes(n)));

const server = await startServer();
const browser = await launchBrowser();
let missed = 0;
try {
  const phone = async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: server.base });
    await context.addInitScript(`${vitals}\n;window.__inp = undefined; webVitals.onINP((m) => { window.__inp = m.value; }, { reportAllChanges: true, durationThreshold: 16 });`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    return { context, page, slow: () => cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN }) };
  };
  console.log(`INP (web-vitals) with the processor slowed ${SLOWDOWN}x, p75 of ${REPEATS} per flow (target <= ${TARGET_MS} ms)`);
  for (const flow of FLOWS) {
    let current = await phone();
    const state = flow.setup ? await flow.setup(current.page) : undefined;
    const values = [];
    for (let i = 0; i < REPEATS; i += 1) {
      if (flow.fresh && i > 0) {
        await current.context.close();
        current = await phone();
      }
      const { page } = current;
      await current.slow();
      await page.goto(flow.path(state));
      await flow.ready(page);
      // The page settles (its first render's work and the sync's start) before the taps.
      await page.evaluate(() => new Promise((r) => (window.requestIdleCallback ?? setTimeout)(r, { timeout: 2000 })));
      await flow.act(page, i);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200))));
      // Below 16 ms the browser reports no interaction at all.
      values.push((await page.evaluate(() => window.__inp)) ?? 16);
    }
    await current.context.close();
    values.sort((a, b) => a - b);
    const p75 = values[Math.ceil(values.length * 0.75) - 1];
    const ok = p75 <= TARGET_MS;
    if (!ok) missed += 1;
    console.log(`${ok ? 'ok  ' : 'MISS'} ${flow.name}: p75 ${Math.round(p75)} ms  (all: ${values.map(Math.round).join(', ')})`);
  }
} finally {
  await browser.close();
  await server.dispose();
}
if (missed) process.exitCode = 1;
