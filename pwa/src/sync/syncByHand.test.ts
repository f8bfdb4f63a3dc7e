// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db';
import { pendingCount, writeRecord } from '../db/synced';
import { ApiError } from '../api/client';
import { syncProblem } from './problem';
import { answer } from './syncByHand';

describe('what "Sync now" says', () => {
  it('counts the changes it sent, or says there was nothing to send', () => {
    expect(answer({ state: 'synced' }, 3, 0)).toEqual({ title: 'Synced: 3 changes sent', allSent: true });
    expect(answer({ state: 'synced' }, 1, 0)).toEqual({ title: 'Synced: 1 change sent', allSent: true });
    expect(answer({ state: 'synced' }, 0, 0).title).toBe('Already up to date');
  });

  it('a change the server refused is never counted as synced, and a guest is not offered an account for it', () => {
    expect(answer({ state: 'synced' }, 1, 0, 1)).toEqual({
      title: '1 change not saved',
      description: 'The server did not accept it: the page where it was made says why, with Fix.',
      variant: 'destructive',
    });
    const some = answer({ state: 'synced' }, 5, 0, 2);
    expect(some.title).toBe('2 changes not saved');
    expect(some.description).toBe('3 changes were sent. The server did not accept them: the page where they were made says why, with Fix.');
    expect(some.allSent).toBeUndefined();
  });

  it('changes turned away earlier and still on the device are named, so "up to date" is not read as all saved', () => {
    expect(answer({ state: 'synced' }, 0, 0, 0, 1)).toEqual({
      title: 'Already up to date',
      description: '1 change the server did not accept is still on this device: the page where it was made says why, with Fix.',
    });
    const sent = answer({ state: 'synced' }, 2, 0, 0, 3);
    expect(sent.title).toBe('Synced: 2 changes sent');
    expect(sent.description).toBe('3 changes the server did not accept are still on this device: the page where they were made says why, with Fix.');
    expect(sent.allSent).toBeUndefined();
  });

  it('offline: the changes are kept on the device until the connection is back', () => {
    const offline = answer({ state: 'offline' }, 3, 3);
    // jsdom reports being online: the server could not be reached.
    expect(offline).toEqual({ title: 'The server cannot be reached', description: '3 changes are saved on this device and will sync when it answers.' });
  });

  it('a failed sync says what is kept, why, and when it tries again', () => {
    const why = syncProblem(new ApiError(429, '{"error":"too_many_requests","message":"Too many attempts."}', 'Too Many Requests', 40 * 60_000), 15_000);
    const said = answer({ state: 'error', message: why.message }, 2, 1);
    expect(said).toEqual({
      title: 'Sync did not finish',
      description:
        '1 change is saved on this device. Many phones are reaching Manna just now, so the server asked this one to wait. Your changes are kept on this phone, and Manna tries again by itself in 40 minutes.',
      variant: 'destructive',
    });
    expect(answer({ state: 'error' }, 0, 0).description).toBe('Nothing is waiting to sync. Manna tries again by itself shortly.');
  });

  it('a version too old to sync is answered with the way to update; a server too old is waited for', () => {
    const tooOld = answer({ state: 'blocked', reason: 'clientTooOld', message: 'Please update the app.' }, 1, 1);
    expect(tooOld).toMatchObject({ title: 'Not syncing', description: 'Please update the app.' });
    expect(tooOld.action?.label).toBe('Update');
    expect(answer({ state: 'blocked', reason: 'serverTooOld', message: 'Wait.' }, 1, 1).action).toBeUndefined();
  });
});

describe('changes waiting to sync', () => {
  beforeEach(async () => {
    const d = await db();
    await Promise.all([d.outbox.clear(), d.syncMeta.clear()]);
  });

  it('are the changes written since the last one the server acknowledged', async () => {
    await writeRecord('prayerReminders', 'a', 'put', { title: 'Morning' });
    await writeRecord('prayerReminders', 'b', 'put', { title: 'Evening' });
    await writeRecord('prayerReminders', 'a', 'patch', { title: 'Dawn' });
    expect(await pendingCount()).toBe(3);
    await (await db()).syncMeta.put({ key: 'acked', value: 2 });
    expect(await pendingCount()).toBe(1);
  });
});
