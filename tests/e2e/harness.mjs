// Starts the real server (its own port, its own data folder) and Debian's
// Chromium for the end-to-end tests.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '../..');
const serverBin = process.env.MANNA_SERVER_BIN ?? join(root, 'target/release/manna-server');
const emulatorBin = process.env.MANNA_EMULATOR_BIN ?? join(root, 'target/release/manna-stripe-emulator');
for (const bin of [serverBin, emulatorBin]) {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build it, or set MANNA_SERVER_BIN and MANNA_EMULATOR_BIN (make test does)`);
}
const WEBHOOK_SECRET = 'whsec_e2e_secret';

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePromise(port));
    });
  });
}

/** The Stripe emulator, sending its webhooks to a server on `serverPort`. */
async function startEmulator(serverPort) {
  const child = spawn(emulatorBin, [], {
    env: {
      ...process.env,
      EMULATOR_PORT: '0',
      EMULATOR_WEBHOOK_URL: `http://127.0.0.1:${serverPort}/api/stripe/webhook`,
      EMULATOR_WEBHOOK_SECRET: WEBHOOK_SECRET,
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise((resolvePromise, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolvePromise(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${output}`)));
  });
  const exited = new Promise((r) => child.on('exit', r));
  return {
    base,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function spawnServer(dataDir, port, extraEnv = {}) {
  const child = spawn(serverBin, [], {
    cwd: root,
    env: {
      ...process.env,
      ...extraEnv,
      MANNA_PORT: String(port),
      MANNA_HOST: '127.0.0.1',
      MANNA_DATA_DIR: dataDir,
      MANNA_STATIC_DIR: join(root, 'pwa/dist'),
      // A local test server: test mode (the Stripe emulator) and the outbox.
      MANNA_ENV: 'development',
      NO_COLOR: '1',
      RUST_LOG: 'manna_server=info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolvePromise, reject) => {
    const onData = (chunk) => {
      output += chunk;
      // eslint-disable-next-line no-control-regex
      const m = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
      if (m) resolvePromise(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  const exited = new Promise((r) => child.on('exit', r));
  return { child, ready, exited };
}

/**
 * The real server on a free port with its own data folder; restartable on the
 * same port and data. With `{ stripe: true }` the Stripe emulator runs beside
 * it (test mode), at `emulator.base`; `env` adds settings (MANNA_OWNER_EMAILS).
 */
export async function startServer({ stripe = false, env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'manna-e2e-'));
  let port = 0;
  let emulator = null;
  let extraEnv = { ...env };
  if (stripe) {
    port = await freePort();
    emulator = await startEmulator(port);
    extraEnv = {
      ...extraEnv,
      STRIPE_API_BASE: emulator.base,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Where Stripe sends the browser back to.
      MANNA_PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
  }
  let proc = spawnServer(dataDir, port, extraEnv);
  const base = await proc.ready;
  port = Number(new URL(base).port);
  return {
    base,
    dataDir,
    emulator,
    async stop() {
      if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
      await proc.exited;
    },
    async restart() {
      await this.stop();
      proc = spawnServer(dataDir, port, extraEnv);
      await proc.ready;
    },
    async dispose() {
      await this.stop();
      await emulator?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Chromium's headless shell (the browser without its desktop shell) runs the
// app as Chromium does for about two thirds of the processor time. It has no
// Push API, so the tests of notifications launch the whole browser.
const BROWSERS = {
  shell: process.env.CHROMIUM_SHELL_BIN ?? '/usr/bin/chromium-headless-shell',
  full: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
};
/** How Chromium is launched: the whole browser when `push`, else the shell. */
const chromiumLaunch = ({ push = false } = {}) => ({
  executablePath: push ? BROWSERS.full : BROWSERS.shell,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** The 6-digit code in the newest email the server's outbox holds for `to`. */
export async function emailedCode(server, to) {
  const body = await (await fetch(`${server.base}/dev/outbox.json`)).json();
  const mail = body.emails.find((e) => e.to === to);
  if (!mail) throw new Error(`no email to ${to} in the outbox`);
  return /\b(\d{6})\b/.exec(mail.text)[1];
}

/**
 * In every context the tests make, the person has met the welcome already
 * (skipped it on an earlier visit, whose first page then had the premium
 * notice), unless the context is made with `firstVisit: true`.
 */
async function returningVisitor(context, baseURL) {
  await context.addInitScript(() => {
    try {
      if (!localStorage.getItem('manna.welcome')) localStorage.setItem('manna.welcome', 'skipped');
    } catch {
      // A page with no storage of its own (about:blank) has no welcome either.
    }
  });
  if (baseURL) await context.addCookies([{ name: 'manna-prompt', value: '1', url: baseURL }]);
}

/**
 * Chromium, whose contexts are phones that have met the welcome (see
 * `returningVisitor`). Its contexts run the app without its service worker
 * (as a first visit does before the worker takes over) unless made with
 * `serviceWorkers: 'allow'`, or the browser launched with it: the tests about
 * offline use, installing and notifications need the worker, and for the rest
 * its install (fetching and caching the whole app) and its handling of every
 * request only cost time. With `push: true` it is the whole browser, which
 * has a push service (see `BROWSERS`).
 */
export async function launchBrowser({ serviceWorkers = 'block', push = false } = {}) {
  const browser = await chromium.launch(chromiumLaunch({ push }));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async ({ firstVisit = false, ...options } = {}) => {
    const workers = options.serviceWorkers ?? serviceWorkers;
    const context = await newContext({ ...options, serviceWorkers: workers });
    context.serviceWorkersBlocked = workers === 'block';
    if (!firstVisit) await returningVisitor(context, options.baseURL);
    return context;
  };
  return browser;
}

/** A browser with a real (non-incognito) profile, as installing an app needs; removed on close. */
export async function launchProfile(options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'manna-profile-'));
  const context = await chromium.launchPersistentContext(dir, { ...chromiumLaunch(), ...options });
  await returningVisitor(context, options.baseURL);
  return {
    context,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `work({ db, arg })` in the page with the app's IndexedDB open, and
 * closes it after; answers what `work` answers. An open the browser refuses
 * or holds blocked fails the test with the browser's reason instead of
 * waiting forever (`page.evaluate` has no timeout of its own).
 */
export async function inPhoneDb(page, work, arg) {
  const db = await page.evaluateHandle(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('manna');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
        open.onblocked = () => reject(new Error("the phone's database is blocked by another connection"));
      }),
  );
  try {
    return await page.evaluate(work, { db, arg });
  } finally {
    await db.evaluate((d) => d.close());
    await db.dispose();
  }
}

/** Records written by an older app straight into the phone's database (`{ table, id, fields }`):
 *  each record and its outbox entry, in one transaction. */
export async function writtenByAnOlderApp(page, records) {
  await inPhoneDb(page, async ({ db, arg: records }) => {
    const tables = [...new Set(records.map((r) => r.table))];
    const tx = db.transaction([...tables, 'outbox', 'syncMeta'], 'readwrite');
    let next = await new Promise((r) => {
      const get = tx.objectStore('syncMeta').get('nextSeq');
      get.onsuccess = () => r(get.result?.value ?? 1);
    });
    for (const { table, id, fields } of records) {
      tx.objectStore(table).put({ id, fields, version: null });
      tx.objectStore('outbox').add({ seq: next, table, id, op: 'put', fields });
      next += 1;
    }
    tx.objectStore('syncMeta').put({ key: 'nextSeq', value: next });
    await new Promise((r) => (tx.oncomplete = r));
  }, records);
}

/** The browser's local date (this machine's time zone) as YYYY-MM-DD, `offsetDays` ahead. */
export function localDate(offsetDays = 0, from = new Date()) {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offsetDays, 12);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Noon today on this machine's clock: where a test that drives the page's
 *  clock through minutes starts it, so a run late in the evening does not
 *  cross midnight (and into the next day's content and practices). */
export function noonToday() {
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  return noon;
}

/** Where a test starts the page's clock when the page holds an entitlement
 *  issued now (which the app refuses when dated ahead of its clock) and the
 *  test then drives the clock through up to `hours`: now, or, when that would
 *  cross midnight, eight the next morning, so all of it falls on one day. */
export function nowUnlessNearMidnight(hours) {
  const start = new Date();
  const end = new Date(start.getTime() + hours * 3600_000);
  if (end.getDate() !== start.getDate()) {
    start.setDate(start.getDate() + 1);
    start.setHours(8, 0, 0, 0);
  }
  return start;
}

/** The sync badge once all is sent: 'Synced …' for an account, 'On this phone' for a guest. */
export const SYNCED = /^(Synced|On this phone)/;

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** A server and a browser for the tests of one describe block; `serviceWorkers`
 *  and `push` are the browser's (see `launchBrowser`), the rest the server's options. */
export function serverAndBrowser({ serviceWorkers, push, ...options } = {}) {
  const env = {};
  before(async () => {
    [env.server, env.browser] = await Promise.all([startServer(options), launchBrowser({ serviceWorkers, push })]);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.dispose();
  });
  return env;
}

/** Waits until the service worker has installed and controls the page (the
 *  app then opens with no server). */
export async function controlledByServiceWorker(page) {
  if (page.context().serviceWorkersBlocked) {
    throw new Error("this browser context blocks service workers: make it with serviceWorkers: 'allow'");
  }
  const stuck = await page.evaluate(uncontrolled, 60_000);
  if (stuck) throw new Error(`the service worker did not take over ${page.url()} within 60 s: ${JSON.stringify(stuck)}`);
}

/** In the page: null once the service worker controls it, else (after `ms`)
 *  where the worker stands. Bounded: page.evaluate has no timeout of its own. */
async function uncontrolled(ms) {
  const sw = navigator.serviceWorker;
  const controlled = sw.controller
    ? Promise.resolve()
    : new Promise((r) => sw.addEventListener('controllerchange', r, { once: true }));
  await Promise.race([controlled, new Promise((r) => setTimeout(r, ms))]);
  if (sw.controller) return null;
  const registration = await sw.getRegistration();
  const state = (w) => w?.state ?? 'none';
  return registration
    ? { installing: state(registration.installing), waiting: state(registration.waiting), active: state(registration.active) }
    : { registration: 'none' };
}

/** Waits until Home says the coming days are saved and the service worker controls the page. */
export async function waitUntilOfflineReady(page) {
  await page.getByText(/Saved for offline use through/).waitFor({ timeout: 30_000 });
  await controlledByServiceWorker(page);
}

/** Adds up, in `window.__shift`, the page's layout shifts not caused by input;
 *  counts, in `window.__gone`, the states after a change in which `css` had
 *  been shown and is missing. */
export async function watchShiftsAnd(page, css) {
  await page.addInitScript((css) => {
    window.__shift = 0;
    window.__gone = 0;
    let seen = false;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.querySelector(css)) seen = true;
      else if (seen) window.__gone += 1;
    }).observe(document, { childList: true, subtree: true });
  }, css);
}

/** Waits until the service worker keeps Home's page for the day (lib/keptHome.ts). */
export async function waitUntilHomeKept(page) {
  await page.waitForFunction(() => caches.match('/', { cacheName: 'manna-home' }).then(Boolean), undefined, { timeout: 30_000 });
}

/** A new browser (phone-sized) whose user registered `email`, proving it with
 *  the emailed code; with the email among MANNA_OWNER_EMAILS it is premium. */
export async function registeredBrowser(server, browser, { email, password = 'manna password', firstName = 'Grace', serviceWorkers }) {
  const context = await browser.newContext({ ...PHONE, baseURL: server.base, serviceWorkers });
  const page = await context.newPage();
  await register(page, server, { email, password, firstName });
  return { context, page };
}

/** On `page`, registers `email` through the app's form, proving it with the emailed code. */
export async function register(page, server, { email, password = 'manna password', firstName = 'Grace' }) {
  await page.goto(`${server.base}/register`);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
  await page.getByLabel('6-digit code').fill(await emailedCode(server, email));
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Account Created!').first().waitFor();
}

/**
 * In the page: keeps one request for `path` in flight, as this browser's user,
 * and answers the latest body once it is a list that `want` describes
 * (`length`, `minLength`, `some`: field values one item has). Plain data, not a
 * function: the app's Content-Security-Policy rightly forbids evaluating code
 * from strings in the page.
 */
function latestAnswer({ path, want }) {
  const slots = (window.__serverAnswers ??= {});
  const slot = (slots[path] ??= { busy: false, body: null });
  if (!slot.busy) {
    slot.busy = true;
    const userId = localStorage.getItem('manna-user-id');
    const token = localStorage.getItem('manna-device-token');
    fetch(path.replace('{userId}', userId), { headers: { 'X-User-ID': userId, Authorization: `Bearer ${token}` } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => (slot.body = body))
      .catch(() => (slot.body = null))
      .finally(() => (slot.busy = false));
  }
  const body = slot.body;
  const ok =
    Array.isArray(body) &&
    (want.length === undefined || body.length === want.length) &&
    (want.minLength === undefined || body.length >= want.minLength) &&
    (want.some === undefined || body.some((item) => Object.entries(want.some).every(([k, v]) => item[k] === v)));
  return ok ? body : false;
}

/**
 * Waits until the server's answer to a REST call, made as this browser's user,
 * is a list that `want` describes; answers it. No fixed sleeps: the browser polls.
 */
export async function serverAnswer(page, path, want) {
  try {
    const handle = await page.waitForFunction(latestAnswer, { path, want }, { timeout: 20_000, polling: 250 });
    return handle.jsonValue();
  } catch (error) {
    // Why it never came: what the server last answered, and what this
    // browser's device still holds waiting or refused.
    const last = await page.evaluate((p) => window.__serverAnswers?.[p]?.body ?? null, path).catch(() => 'unknown');
    const device = await waitingOnDevice(page).catch((e) => `unreadable (${e.message})`);
    throw new Error(
      `${path} never answered ${JSON.stringify(want)} within 20 s.\nIts last answer: ${JSON.stringify(last)?.slice(0, 2000)}\nOn the device: ${JSON.stringify(device)}`,
      { cause: error },
    );
  }
}

/** This browser's changes not yet acknowledged, those refused, and its sync status. */
function waitingOnDevice(page) {
  return inPhoneDb(page, ({ db }) => {
    const all = (store) =>
      new Promise((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    return Promise.all([all('outbox'), all('refused'), all('syncMeta')]).then(([outbox, refused, meta]) => ({
      outbox: outbox.map((e) => `${e.seq} ${e.table}/${e.id} ${e.op}`),
      refused: refused.map((r) => `${r.table}/${r.id}: ${r.refusal?.message}`),
      meta: meta.filter((m) => m.key !== 'cursor' && m.key !== 'identity'),
    }));
  });
}

/**
 * The account's preferences as the server holds them (pulled as this browser's
 * device), once `ok(fields)` holds of them; asked again every quarter second
 * for up to 20 s, then the last seen is answered for the test to judge.
 */
export async function serverPreferences(page, ok) {
  const pull = () =>
    page.evaluate(async () => {
      const res = await fetch('/api/sync/pull', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-User-ID': localStorage.getItem('manna-user-id'),
          Authorization: `Bearer ${localStorage.getItem('manna-device-token')}`,
        },
        body: JSON.stringify({ protocolVersion: 1, deviceId: localStorage.getItem('manna-device-id'), cursor: null, limit: 500 }),
        // page.evaluate has no timeout of its own.
        signal: AbortSignal.timeout(20_000),
      });
      const body = await res.json();
      return (body.changes ?? []).find((c) => c.table === 'userSettings' && c.id === 'settings-preferences')?.fields ?? null;
    });
  let fields = await pull();
  for (const until = Date.now() + 20_000; !(fields && ok(fields)) && Date.now() < until; fields = await pull()) {
    await new Promise((r) => setTimeout(r, 250));
  }
  return fields;
}

/** Creates a prayer reminder on the reminders page (days as the form shows them: Mon, Fri). */
export async function createReminder(page, title, days) {
  await page.getByRole('button', { name: 'Create Prayer Reminder' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  for (const d of days) await dialog.getByLabel(d, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Create Reminder' }).click();
  await page.getByText('Prayer reminder created').first().waitFor();
}

/** In the page (`page.evaluate(getAsUser, path)`): a GET answer's JSON, asked
 *  as this browser's user. */
export function getAsUser(path) {
  const userId = localStorage.getItem('manna-user-id');
  const token = localStorage.getItem('manna-device-token');
  return fetch(path, { headers: { 'X-User-ID': userId, Authorization: `Bearer ${token}` } }).then((r) => r.json());
}

/** In the page (`page.evaluate(postAsUser, { path, body })`): the status of a
 *  POST of `body` as JSON, made as this browser's user. */
export function postAsUser({ path, body }) {
  const userId = localStorage.getItem('manna-user-id');
  const token = localStorage.getItem('manna-device-token');
  return fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-User-ID': userId, Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then((r) => r.status);
}

/** A new phone-sized browser signed in to an existing account. */
export async function loggedInBrowser(server, browser, { email, password = 'manna password', serviceWorkers }) {
  const context = await browser.newContext({ ...PHONE, baseURL: server.base, serviceWorkers });
  const page = await context.newPage();
  await logIn(page, server, { email, password });
  return { context, page };
}

/** On `page`, signs in to an existing account through the app's form. */
export async function logIn(page, server, { email, password = 'manna password' }) {
  await page.goto(`${server.base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Welcome back!').first().waitFor();
}

/** Presses the badge's Sync now until `locator` shows: another device's
 *  change may reach the server a moment after this one asks. Each press waits
 *  for the sync it started to end and closes the answer it shows, as a person
 *  would before going on (a toast over a button takes its taps); then waits
 *  for `locator`, and asks again when a second passes without it. */
export async function syncUntil(page, locator, timeout = 30_000) {
  const until = Date.now() + timeout;
  const badge = page.getByRole('button', { name: /Sync now$/ });
  for (;;) {
    if ((await locator.count()) > 0) return;
    await badge.click();
    // The press's answer comes once its sync ends: every press not made
    // during another one's gets one.
    const answer = page.locator('.toast').filter({ has: page.locator('.toast-title', { hasText: SYNC_ANSWER }) });
    await answer.waitFor({ timeout: Math.max(1, until - Date.now()) });
    await answer.getByRole('button', { name: 'Close' }).click();
    await answer.waitFor({ state: 'detached' });
    await badge.and(page.locator('[aria-busy="false"]')).waitFor();
    const left = until - Date.now();
    if (left <= 0) break;
    try {
      await locator.first().waitFor({ timeout: Math.min(1_000, left) });
      return;
    } catch {
      // Not yet: ask again.
    }
  }
  await locator.first().waitFor({ timeout: 1 });
}

/** The titles "Sync now" answers with (`pwa/src/sync/syncByHand.ts`). */
const SYNC_ANSWER = /^(Synced: |Already up to date|\d+ changes? not saved|The server cannot be reached|No connection|Not syncing|Sync did not finish)/;
