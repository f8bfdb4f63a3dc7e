// Notifications as a person turns them on: /prayer-reminders asks the
// browser's permission, subscribes and hands the subscription (with the
// device's time zone) to the server; "Send a test notification" reaches the
// push service encrypted to this browser's keys; the service worker shows
// what arrives, and a tap opens the page it names; "Turn off" ends it on both
// sides. The push service is a local one (`push.mjs`).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, controlledByServiceWorker, serverAndBrowser, serverPreferences } from './harness.mjs';
import { browserKeys, decrypt, fakePushManager, pushService } from './push.mjs';

describe('notifications', () => {
  const env = serverAndBrowser({ serviceWorkers: 'allow', push: true });

  test('turned on, tested, shown by the service worker, and turned off', { timeout: 180_000 }, async (t) => {
    const service = await pushService();
    t.after(service.close);
    const { ecdh, authSecret, keys } = browserKeys(service, 'phone');

    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, timezoneId: 'America/Denver' });
    await context.grantPermissions(['notifications'], { origin: env.server.base });
    await context.addInitScript(fakePushManager, keys);
    const page = await context.newPage();
    await page.goto('/prayer-reminders');
    await controlledByServiceWorker(page);

    const card = page.getByRole('region', { name: 'Notifications' });
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    await card.getByText('On for this device.').waitFor();
    await card.getByText('America/Denver time').first().waitFor();
    // Subscribed with the server's 65-byte public key.
    assert.equal(await page.evaluate(() => window.__subscribedWith), 65);

    await card.getByRole('button', { name: 'Send a test notification' }).click();
    await page.getByText('Test sent').first().waitFor();
    assert.equal(service.received.length, 1);
    const sent = service.received[0];
    assert.equal(sent.path, '/push/phone');
    assert.equal(sent.headers['content-encoding'], 'aes128gcm');
    assert.equal(sent.headers.ttl, '3600');
    assert.match(sent.headers.authorization, /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    const message = decrypt(sent.body, ecdh, authSecret);
    assert.equal(message.title, 'Manna');
    assert.match(message.body, /Notifications are on/);

    // What arrives is shown by the service worker, as the phone would show it.
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise((resolve, reject) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: r }) => {
        const live = r.filter((x) => !x.isDeleted && x.scopeURL === `${env.server.base}/`);
        if (live.length) resolve(live);
      });
      setTimeout(() => reject(new Error('the browser reported no service worker registration')), 20_000);
    });
    await cdp.send('ServiceWorker.enable');
    const [registration] = await registrations;
    const verse = { title: "Today's verse: Psalm 5:3", body: 'My voice shalt thou hear in the morning', url: '/wellness-score', tag: 'verse-x' };
    // A push the browser drops on a busy machine (its worker still waking) is
    // sent again, as a push service would; the same tag shows it once.
    // The notifications shown, once there are any, asked every 0.1 s for up to 5 s.
    const shownWithin5s = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        for (const until = Date.now() + 5_000; ; await new Promise((wake) => setTimeout(wake, 100))) {
          const shown = await r.getNotifications();
          if (shown.length > 0 || Date.now() > until) return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
        }
      });
    let notifications = [];
    for (let attempt = 0; attempt < 4 && notifications.length === 0; attempt += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: env.server.base,
        registrationId: registration.registrationId,
        data: JSON.stringify(verse),
      });
      // Shown within 5 s, or the push is sent again.
      notifications = await shownWithin5s();
    }
    assert.deepEqual(notifications, [{ title: verse.title, body: verse.body, tag: verse.tag }]);

    // Off: the server forgets it (a test has nowhere to go) and the page says so.
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByRole('button', { name: 'Turn on notifications' }).waitFor();
    const after = await page.evaluate(async () => {
      const res = await fetch('/api/push/test', {
        method: 'POST',
        headers: { 'X-User-ID': localStorage.getItem('manna-user-id'), Authorization: `Bearer ${localStorage.getItem('manna-device-token')}` },
      });
      return res.status;
    });
    assert.equal(after, 404);
    await context.close();
  });

  test('the verse of the day is chosen with its time and kept in the synced settings', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    const page = await context.newPage();
    await page.goto('/prayer-reminders');
    const verse = page.getByRole('group', { name: 'Verse of the day' });
    await verse.getByLabel('Time').fill('06:15');
    await verse.getByRole('checkbox').check();
    await page.getByText('Rings at 6:15 AM on devices with notifications on.').first().waitFor();
    // Kept across a reload, and on the server for the scheduler.
    await page.reload();
    await page.getByRole('group', { name: 'Verse of the day' }).getByRole('checkbox', { checked: true }).waitFor();
    assert.equal(await page.getByRole('group', { name: 'Verse of the day' }).getByLabel('Time').inputValue(), '06:15');
    const kept = await serverPreferences(page, (f) => f.verseTime === '06:15');
    assert.equal(kept?.verseTime, '06:15');
    await context.close();
  });

  test('a refusal is explained once, by its cause: no push service, blocked, an iPhone outside the Home Screen', { timeout: 120_000 }, async () => {
    // A browser whose push service cannot be reached: its subscribe fails as Chromium's does.
    const noService = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    await noService.grantPermissions(['notifications'], { origin: env.server.base });
    await noService.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      };
    });
    let page = await noService.newPage();
    await page.goto('/prayer-reminders');
    await controlledByServiceWorker(page);
    let card = page.getByRole('region', { name: 'Notifications' });
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    await card.getByRole('alert').filter({ hasText: 'could not reach its push service' }).waitFor();
    assert.equal(await card.getByText('That did not work').count(), 0);
    await noService.close();

    // The person says no: the page says blocked, once, with what to do.
    const blocked = await env.browser.newContext({ ...PHONE, baseURL: env.server.base });
    await blocked.addInitScript(() => {
      let permission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = async () => (permission = 'denied');
    });
    page = await blocked.newPage();
    await page.goto('/prayer-reminders');
    card = page.getByRole('region', { name: 'Notifications' });
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    await card.getByText('Notifications are blocked for Manna').waitFor();
    await card.getByRole('button', { name: 'Turn on notifications' }).waitFor({ state: 'detached' });
    assert.equal(await card.getByText(/blocked/).count(), 1, 'said once');
    await blocked.close();

    // Safari on an iPhone, not opened from the Home Screen: no Push API, and the way to get it.
    const iphone = await env.browser.newContext({
      ...PHONE,
      baseURL: env.server.base,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    await iphone.addInitScript(() => {
      delete window.PushManager;
    });
    page = await iphone.newPage();
    await page.goto('/prayer-reminders');
    card = page.getByRole('region', { name: 'Notifications' });
    await card.getByText('tap Share, then Add to Home Screen').waitFor();
    assert.equal(await card.getByRole('button', { name: 'Turn on notifications' }).count(), 0);
    await iphone.close();
  });
});
