// The tab bar at the foot of every page, as a person on a phone uses it: from
// Home, every page of the app's route table (read from pwa/src/app/routes.tsx,
// so a new route is checked too) is two taps away at most, a tab and then a
// link on the page it opens; a page that needs an id (a meal plan, a chapter)
// is a link on one of those pages. Wherever one arrives, the bar marks the tab
// one came through. The bar itself: five labelled tabs with pictures, thumb-
// sized, usable from the keyboard, and never over the end of a page.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { PHONE, SYNCED, postAsUser, serverAndBrowser } from './harness.mjs';

/**
 * The pages of the route table, each as the addresses it answers at: a
 * `path: '...'` entry is one page, and the paths of a `...['/a', '/b'].map(`
 * are one page under several names.
 */
function routePages() {
  const source = readFileSync(resolve(import.meta.dirname, '../../pwa/src/app/routes.tsx'), 'utf8');
  const single = [...source.matchAll(/path: '(\/[^']*)'/g)].map((m) => [m[1]]);
  const named = [...source.matchAll(/\.\.\.\[([^\]]*)\]\.map\(/g)].map((m) => [...m[1].matchAll(/'(\/[^']*)'/g)].map((p) => p[1]));
  const pages = [...single, ...named];
  // Every address the file names is one of them: a route written another way
  // fails here instead of going unchecked.
  const literals = new Set([...source.matchAll(/'(\/[^']*)'/g)].map((m) => m[1]));
  assert.deepEqual(new Set(pages.flat()), literals, 'routes.tsx names a path this test does not read');
  return pages;
}

/** Pages reached by address, not listed on any tab's page. */
const BY_ADDRESS = ['/payment', '/subscription-success', '/quick-access', '/activate-premium', '/manual-activation', '/aso-preview', '/welcome'];
/** Pages opened from a link shared outside the app (an invitation's). */
const BY_SHARED_LINK = ['/join/:code'];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `pathname` is an address of the route `pattern` (":name" is one segment). */
const matches = (pattern, pathname) =>
  new RegExp(`^${escape(pattern).replace(/:[^/]+/g, '[^/]+')}/?$`).test(decodeURIComponent(pathname));
const pathOf = (href) => new URL(href, 'http://x').pathname;

/** The visible links of the page's content (not its header's way back, not the tab bar). */
function contentLinks(page) {
  return page.locator('main a[href]').evaluateAll((links) => links.filter((a) => a.checkVisibility()).map((a) => a.getAttribute('href')));
}

/**
 * Clicks `locator`, a link to another page. The page shown now is marked
 * first: while the next one loads, the app keeps showing this one (the
 * address has already changed), and `settled` waits for the next.
 */
async function follow(page, locator) {
  await page.evaluate(() => document.querySelectorAll('main').forEach((m) => m.setAttribute('data-left', '')));
  await locator.click();
}

/** Waits until the page followed to is shown, with its heading, and nothing in it is still loading. */
async function settled(page) {
  // The app's own page: Home's first one from the server has no tab bar yet,
  // and the app's bar comes right after its first render.
  await page.locator('main:not([data-left]):not([data-first-screen])').first().waitFor();
  await page.locator('h1').first().waitFor();
  await bar(page).waitFor();
  await page
    .waitForFunction(() => !document.querySelector('main .skeleton, main .spinner, .spinner-screen, main [aria-busy="true"]'), null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const bar = (page) => page.getByRole('navigation', { name: 'Main' });

/** The labels of the tabs marked current, once the bar has caught up with `want`. */
async function markedTabs(page, want) {
  await page
    .waitForFunction(
      (label) => [...document.querySelectorAll('nav[aria-label="Main"] a[aria-current="page"]')].map((a) => a.textContent).join() === label,
      want,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return bar(page).locator('a[aria-current="page"]').allTextContents();
}

describe('the tab bar', () => {
  const env = serverAndBrowser();

  test('from Home, every page is a tab and a link away, and the bar marks the tab it belongs to', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/');
    await settled(page);
    // This phone has its device token once its first sync is done (the badge says so).
    await page.getByRole('button', { name: SYNCED }).waitFor({ timeout: 30_000 });
    // A group of this person's, so its page has a link to follow.
    assert.equal(await page.evaluate(postAsUser, { path: '/api/groups', body: { name: 'Walkers', kind: 'family', displayName: 'Ann' } }), 201);
    const tabs = await bar(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => ({ label: a.textContent, href: a.getAttribute('href') })));
    assert.equal(tabs.length, 5);
    assert.deepEqual(await markedTabs(page, 'Today'), ['Today']);
    const today = tabs.find((t) => t.href === '/');
    assert.ok(today, 'a tab leads to Home');

    /** Back to Home through its tab, as the start of every walk. */
    const home = async () => {
      if (pathOf(page.url()) !== '/') {
        await follow(page, bar(page).getByRole('link', { name: today.label, exact: true }));
        await page.waitForURL((u) => u.pathname === '/');
        // The app's own page: Home's first one from the server has no tab bar yet.
  await page.locator('main:not([data-left]):not([data-first-screen])').first().waitFor();
      }
    };
    const tap = async (tab) => {
      if (pathOf(page.url()) !== tab.href) {
        await follow(page, bar(page).getByRole('link', { name: tab.label, exact: true }));
        await page.waitForURL((u) => u.pathname === tab.href);
      }
      await settled(page);
    };

    // What each tab's page links to. Hubs first: a page they list belongs to
    // their tab; Home's own links come last.
    const order = [...tabs.filter((t) => t !== today), today];
    const linksOf = new Map();
    for (const tab of order) {
      await home();
      await tap(tab);
      linksOf.set(tab, await contentLinks(page));
    }

    const pages = routePages();
    const all = pages.flat();
    assert.ok(all.length >= 45, `${all.length} routes found`);
    /** Arrived at one of `addresses`; an address that opens a page under it
     *  (/read opens the chapter last read) arrives at a route of the table under it. */
    const arrivedAt = (addresses, pathname) =>
      addresses.some(
        (a) =>
          matches(a, pathname) ||
          (pathname.startsWith(`${a}/`) && all.some((r) => r.startsWith(`${a}/`) && matches(r, pathname))),
      );
    const expectArrival = async (addresses, via) => {
      await page
        .waitForURL((u) => arrivedAt(addresses, u.pathname), { timeout: 10_000 })
        .catch(() => assert.fail(`${via} did not reach ${addresses.join(' or ')} (at ${pathOf(page.url())})`));
      await settled(page);
    };

    const needsId = pages.filter((addresses) => addresses.some((a) => a.includes(':')) && !addresses.some((a) => BY_SHARED_LINK.includes(a)));
    const reachedPages = []; // [tab, href, that page's links]
    const shared = pages.filter((addresses) => addresses.some((a) => BY_SHARED_LINK.includes(a)));
    for (const addresses of pages.filter((p) => !needsId.includes(p) && !shared.includes(p))) {
      if (addresses.some((a) => BY_ADDRESS.includes(a))) {
        // Steps of paying and the spec's other pages: opened by address (or
        // from the step before), never listed among the person's own pages.
        const me = tabs.find((t) => t.href === '/me');
        assert.ok(!linksOf.get(me).some((href) => addresses.some((a) => matches(a, pathOf(href)))), `${addresses[0]} is listed on Me`);
        await page.goto(addresses[0]);
        await settled(page);
        assert.deepEqual(await markedTabs(page, me.label), [me.label], `${addresses[0]} (by address): the current tab`);
        continue;
      }
      await home();
      const own = tabs.find((t) => addresses.includes(t.href));
      if (own) {
        await tap(own);
        await expectArrival(addresses, `the ${own.label} tab`);
        assert.deepEqual(await markedTabs(page, own.label), [own.label], `${addresses[0]}: the current tab`);
        continue;
      }
      const tab = order.find((t) => linksOf.get(t).some((href) => addresses.some((a) => matches(a, pathOf(href)))));
      assert.ok(tab, `${addresses.join(', ')}: no tab's page links to it`);
      const href = linksOf.get(tab).find((h) => addresses.some((a) => matches(a, pathOf(h))));
      await tap(tab);
      await follow(page, page.locator(`main a[href="${href}"]:visible`).first());
      await expectArrival(addresses, `${tab.label} → ${href}`);
      assert.deepEqual(await markedTabs(page, tab.label), [tab.label], `${addresses[0]} (through ${tab.label}): the current tab`);
      reachedPages.push([tab, href, await contentLinks(page)]);
    }

    // A page that needs an id: a link on a tab's page, else on a page two taps away.
    for (const addresses of needsId) {
      const linked = (href) => addresses.some((a) => matches(a, pathOf(href)));
      const direct = order.find((t) => linksOf.get(t).some(linked));
      const through = direct ? null : reachedPages.find(([, , links]) => links.some(linked));
      assert.ok(direct || through, `${addresses.join(', ')}: no page within two taps links to it`);
      const tab = direct ?? through[0];
      await home();
      await tap(tab);
      let via = tab.label;
      if (through) {
        await follow(page, page.locator(`main a[href="${through[1]}"]:visible`).first());
        await page.waitForURL((u) => arrivedAt([pathOf(through[1])], u.pathname));
        await settled(page);
        via += ` → ${through[1]}`;
      }
      const href = (await contentLinks(page)).find(linked);
      assert.ok(href, `${via}: the link to ${addresses[0]} is gone`);
      await follow(page, page.locator(`main a[href="${href}"]:visible`).first());
      await expectArrival(addresses, `${via} → ${href}`);
      assert.deepEqual(await markedTabs(page, tab.label), [tab.label], `${addresses[0]} (through ${via}): the current tab`);
    }

    // A shared link's page opens by its address, in the tab of the pages it belongs with.
    for (const [address] of shared) {
      await page.goto(address.replace(':code', 'ABCDEFGHJK'));
      await settled(page);
      assert.deepEqual(await markedTabs(page, 'Pray'), ['Pray'], `${address} (by its link): the current tab`);
    }

    // An address the app does not have belongs to no tab.
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    assert.deepEqual(await markedTabs(page, ''), []);
    await context.close();
  });

  test('a page opens at its top, and Back returns to where the person was', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/');
    await settled(page);
    // Home, read to its end once all of it is in (the coming days saved): the
    // last link of its content is what is tapped.
    await page.getByText(/Saved for offline use through/).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    const last = page.locator('main a[href^="/"]:visible').last();
    await last.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    assert.ok(left > 1000, `Home scrolls (${left} px)`);
    const href = await last.getAttribute('href');
    await follow(page, last);
    await page.waitForURL((u) => u.pathname === pathOf(href));
    await settled(page);
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${href} opens at its top`);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left, { timeout: 10_000 });
    // Forward again: the page is where it was left too.
    await page.goForward();
    await page.waitForURL((u) => u.pathname === pathOf(href));
    await settled(page);
    const forward = await page.evaluate(() => window.scrollY);
    const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    assert.equal(forward, Math.min(200, room), 'Forward returns where the page was left');
    await context.close();
  });

  test('five labelled tabs with pictures, thumb-sized, from the keyboard too, never over the end of a page', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/');
    await settled(page);
    const links = bar(page).getByRole('link');
    assert.equal(await links.count(), 5);
    for (const link of await links.all()) {
      const label = (await link.innerText()).trim();
      assert.ok(label.length > 0, 'every tab has a label');
      assert.equal(await link.locator('svg[aria-hidden="true"]').count(), 1, `${label}: a picture`);
      const box = await link.boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `${label}: ${box.width}×${box.height}px`);
      assert.ok(box.y + box.height <= 844 + 0.5, `${label} is on the screen`);
    }
    // Room for the phone's home indicator.
    const padding = await page.evaluate(() => {
      for (const sheet of document.styleSheets) {
        for (const rule of sheet.cssRules) {
          if (rule.selectorText === '.tab-bar') return rule.style.getPropertyValue('padding-bottom');
        }
      }
      return null;
    });
    assert.match(padding ?? '', /env\(safe-area-inset-bottom/);

    // From the keyboard: a tab is a link like any other.
    await bar(page).getByRole('link', { name: 'Plans', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/plans');
    assert.deepEqual(await markedTabs(page, 'Plans'), ['Plans']);

    // Scrolled to the end, a page's last link sits above the bar, on Home and on a hub.
    for (const path of ['/', '/me']) {
      await page.goto(path);
      await settled(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const { last, top } = await page.evaluate(() => {
        const links = [...document.querySelectorAll('main a')];
        return {
          last: links[links.length - 1].getBoundingClientRect().bottom,
          top: document.querySelector('nav[aria-label="Main"]').getBoundingClientRect().top,
        };
      });
      assert.ok(last <= top, `${path}: the last link ends at ${last}px, under the bar at ${top}px`);
    }
    await context.close();
  });

  test('a tap is answered at once: while the next page is on its way, a bar runs across the top, and the page in view stays', async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/');
    await settled(page);
    // The app's code asked for from now on waits until let through, as on a slow network.
    let release;
    const held = new Promise((r) => (release = r));
    let waiting = 0;
    await page.route('**/assets/*.js', async (route) => {
      waiting += 1;
      await held;
      await route.continue();
    });
    const pending = page.locator('.route-pending');
    assert.equal(await pending.count(), 0, 'no bar before a tap');
    await bar(page).getByRole('link', { name: 'Pray', exact: true }).click();
    await pending.waitFor({ timeout: 5_000 });
    assert.ok(waiting > 0, "the Pray page's code was asked for");
    assert.equal(await pending.getAttribute('aria-hidden'), 'true', 'screen readers hear the page when it comes, not the bar');
    const box = await pending.boundingBox();
    assert.equal(box.y, 0, 'at the top of the screen');
    assert.ok(box.height >= 2 && box.width > 0, `the bar is ${box.width}x${box.height}px`);
    assert.ok(await page.locator('[data-card="reading"]').isVisible(), 'Home stays up meanwhile');
    release();
    await page.getByRole('heading', { name: 'Pray', exact: true }).waitFor();
    await pending.waitFor({ state: 'detached' });
    await page.unroute('**/assets/*.js');
    await context.close();
  });
});
