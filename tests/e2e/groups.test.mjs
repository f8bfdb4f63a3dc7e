// Praying together as three people on three phones: Ruth starts a group and
// invites by its link, Naomi and Boaz join from it; Naomi asks for prayer
// while offline and it reaches the others when she is back (Ruth's phone is
// notified through the push service); Boaz prays;
// Naomi marks it answered; Ruth removes Boaz (his phone forgets the group)
// and then deletes the group (Naomi's phone forgets it too).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, controlledByServiceWorker, inPhoneDb, serverAndBrowser, serverPreferences, syncUntil } from './harness.mjs';
import { browserKeys, decrypt, fakePushManager, pushService } from './push.mjs';

async function phone(env, options = {}) {
  const context = await env.browser.newContext({ ...PHONE, baseURL: env.server.base, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** The notifications sent to `path` once there are `count` of them (30 s at most), decrypted. */
async function notified(service, path, { ecdh, authSecret }, count = 1) {
  for (let i = 0; i < 300; i += 1) {
    const sent = service.received.filter((r) => r.path === path);
    if (sent.length >= count) return sent.map((r) => decrypt(r.body, ecdh, authSecret));
    await new Promise((wake) => setTimeout(wake, 100));
  }
  return service.received.filter((r) => r.path === path).map((r) => decrypt(r.body, ecdh, authSecret));
}

describe('praying together', () => {
  const env = serverAndBrowser({ push: true });

  test('start, invite by link, join, ask offline, notify, pray, answer, remove and delete', async (t) => {
    // Ruth's phone has notifications on, through a local push service.
    const service = await pushService();
    t.after(service.close);
    const ruthKeys = browserKeys(service, 'ruth');
    const ruth = await phone(env, { serviceWorkers: 'allow' });
    await ruth.context.grantPermissions(['notifications'], { origin: env.server.base });
    await ruth.context.addInitScript(fakePushManager, ruthKeys.keys);
    const naomi = await phone(env);
    const boaz = await phone(env);

    // Ruth starts the group from the Pray tab.
    await ruth.page.goto('/pray');
    await ruth.page.getByRole('link', { name: /^Groups/ }).click();
    await ruth.page.getByRole('heading', { name: 'Praying Together', level: 1 }).waitFor();
    await ruth.page.getByText('You are not in a group yet.').waitFor();
    await ruth.page.getByLabel('Group name').fill('Bethlehem small group');
    await ruth.page.getByLabel('Your name in the group').fill('Ruth');
    await ruth.page.getByRole('button', { name: 'Start the group' }).click();
    await ruth.page.getByRole('heading', { name: 'Bethlehem small group', level: 1 }).waitFor();
    const groupPath = new URL(ruth.page.url()).pathname;

    // The invitation link, with its code and QR code.
    await ruth.page.getByRole('tab', { name: /^Members/ }).click();
    await ruth.page.getByRole('button', { name: 'Make an invitation link' }).click();
    const link = await ruth.page.locator('.invitation-link a').getAttribute('href');
    assert.match(link, /\/join\/[2-9A-HJ-NP-Z]{10}$/);
    await ruth.page.getByRole('img', { name: /QR code of the invitation link/ }).waitFor();

    // Naomi and Boaz open the link on their phones and join.
    for (const [who, name] of [
      [naomi, 'Naomi'],
      [boaz, 'Boaz'],
    ]) {
      await who.page.goto(new URL(link).pathname);
      await who.page.getByRole('heading', { name: 'Bethlehem small group' }).waitFor();
      await who.page.getByText('Small group · ').waitFor();
      await who.page.getByRole('button', { name: 'Join the group' }).click();
      await who.page.getByText('Must not be empty.').waitFor();
      await who.page.getByLabel('Your name in the group').fill(name);
      await who.page.getByRole('button', { name: 'Join the group' }).click();
      await who.page.getByRole('heading', { name: 'Bethlehem small group', level: 1 }).waitFor();
    }

    // Ruth turns notifications on; her group tells her of each request (a
    // small group's default), which she can change on the group's page.
    await ruth.page.goto('/prayer-reminders');
    await controlledByServiceWorker(ruth.page);
    await ruth.page.getByRole('button', { name: 'Turn on notifications' }).click();
    await ruth.page.getByText('On for this device.').waitFor();
    await ruth.page.goto(groupPath);
    await ruth.page.getByText('Notifications from this group').click();
    assert.equal(await ruth.page.getByLabel('New prayer requests').inputValue(), 'each');
    await ruth.page.getByLabel('New prayer requests').selectOption('digest');
    await ruth.page.getByLabel('Daily at').waitFor();
    await ruth.page.getByLabel('New prayer requests').selectOption('each');
    await ruth.page.getByText('· each request').waitFor();

    // Boaz keeps quiet hours for his groups, with his synced preferences.
    await boaz.page.goto('/groups');
    const quiet = boaz.page.getByRole('region', { name: 'Quiet hours' });
    await quiet.getByLabel('From').fill('22:30');
    await quiet.getByRole('checkbox').check();
    await boaz.page.getByText('Quiet hours on').first().waitFor();
    const kept = await serverPreferences(boaz.page, (f) => f.quietFrom === '22:30');
    assert.deepEqual([kept?.quietFrom, kept?.quietTo], ['22:30', '07:00']);
    await boaz.page.goto(groupPath);

    // Naomi asks for prayer with no signal; it is kept and shared when she is back.
    await naomi.context.setOffline(true);
    await naomi.page.getByRole('tab', { name: 'Members' }).click();
    await naomi.page.getByText('You are offline: the group is shown as of your last connection.', { exact: false }).waitFor();
    await naomi.page.getByRole('tab', { name: 'Requests' }).click();
    await naomi.page.getByLabel('Your request').fill("My mother's surgery on Friday");
    await naomi.page.getByLabel('Details (optional)').fill('That the doctors have steady hands.');
    await naomi.page.getByRole('button', { name: 'Share with the group' }).click();
    const request = (page) => page.getByRole('listitem', { name: "My mother's surgery on Friday" });
    await request(naomi.page).waitFor();
    await naomi.context.setOffline(false);
    await syncUntil(boaz.page, request(boaz.page));
    assert.match(await request(boaz.page).textContent(), /Naomi/);
    // Ruth's phone is told, opening the group.
    const [told] = await notified(service, '/push/ruth', ruthKeys);
    assert.deepEqual(
      { title: told?.title, body: told?.body, url: told?.url },
      { title: 'New prayer request in Bethlehem small group', body: "My mother's surgery on Friday", url: groupPath },
    );

    // Boaz prays, showing his name; Naomi sees it.
    await request(boaz.page).getByRole('button', { name: 'I prayed' }).click();
    await request(boaz.page).getByRole('button', { name: 'You prayed today' }).waitFor();
    await syncUntil(naomi.page, request(naomi.page).getByText('Prayed 1 time · Boaz'));

    // Naomi marks it answered; it moves to the answered list on every phone.
    await request(naomi.page).getByText('Add news or mark answered').click();
    await request(naomi.page).getByLabel('What happened (a few words, optional)').fill('The surgery went well.');
    await request(naomi.page).getByRole('button', { name: 'Mark answered' }).click();
    await ruth.page.getByRole('tab', { name: /^Answered/ }).click();
    await syncUntil(ruth.page, request(ruth.page).getByText('The surgery went well.'));

    // Ruth removes Boaz: his phone forgets the group.
    await ruth.page.getByRole('tab', { name: /^Members/ }).click();
    ruth.page.once('dialog', (d) => void d.accept());
    await ruth.page.getByRole('listitem').filter({ hasText: 'Boaz' }).getByRole('button', { name: 'Remove' }).click();
    await ruth.page.getByText('Member Removed').first().waitFor();
    await boaz.page.reload();
    await boaz.page.getByText('You are no longer a member of this group.').waitFor();
    await syncUntil(boaz.page, boaz.page.getByText('You are no longer a member of this group.'));
    const boazHolds = await inPhoneDb(boaz.page, async ({ db }) => {
      const count = (table) =>
        new Promise((resolve, reject) => {
          const asked = db.transaction(table).objectStore(table).count();
          asked.onsuccess = () => resolve(asked.result);
          asked.onerror = () => reject(asked.error);
        });
      return (await count('groupRequests')) + (await count('groupPrayers'));
    });
    assert.equal(boazHolds, 0, "Boaz's phone keeps nothing of the group");

    // Ruth deletes the group; Naomi's phone is told.
    ruth.page.once('dialog', (d) => void d.accept());
    await ruth.page.getByRole('button', { name: 'Delete this group' }).click();
    await ruth.page.getByRole('heading', { name: 'Praying Together', level: 1 }).waitFor();
    await ruth.page.getByText('You are not in a group yet.').waitFor();
    await naomi.page.goto(groupPath);
    await naomi.page.getByText('This group no longer exists: it was deleted.').waitFor();

    for (const p of [ruth, naomi, boaz]) await p.context.close();
  });
});
