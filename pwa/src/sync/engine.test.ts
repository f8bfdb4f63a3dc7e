import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { SYNCED_TABLES } from '../db/appDb';
import { getMeta, setMeta } from '../db/meta';
import { pendingAfter, writeRecord } from '../db/synced';
import { ensureDevice } from '../identity/device';
import { SCHEMA_VERSION } from '../generated/sync';
import { betweenSyncs, syncNow, type SyncStatus } from './engine';

type Handler = (body: unknown, headers: Record<string, string>) => { status?: number; json: unknown; answerHeaders?: Record<string, string> };

function stubServer(routes: Record<string, Handler>) {
  const calls: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const headers = init.headers as Record<string, string>;
    calls.push({ url, body, headers });
    const handler = routes[url];
    if (!handler) return new Response('{"message":"no route"}', { status: 404 });
    const { status = 200, json, answerHeaders } = handler(body, headers);
    return new Response(JSON.stringify(json), { status, headers: answerHeaders });
  }));
  return calls;
}

beforeEach(async () => {
  const d = await db();
  await Promise.all([...SYNCED_TABLES.map((t) => d[t].clear()), d.outbox.clear(), d.syncMeta.clear(), d.refused.clear()]);
});

afterEach(() => vi.unstubAllGlobals());

describe('sync engine', () => {
  it('sends again what a restored server lost, numbered from 1, before taking its snapshot', async () => {
    // This device synced a journal entry the server then lost to a restore,
    // and has one more change waiting (acknowledged up to 3 before).
    const d = await db();
    await d.prayerJournal.put({ id: 'j-lost', fields: { title: 'After the backup' }, version: 12 });
    await d.prayerJournal.put({ id: 'j-kept', fields: { title: 'In the backup' }, version: 4 });
    await setMeta('acked', 3);
    await setMeta('nextSeq', 4);
    await setMeta('cursor', { epoch: 'old', version: 12 });
    await writeRecord('prayerReminders', 'r-new', 'put', { title: 'Noon' });
    let restoredAcked = 0;
    const server = new Map<string, { version: number; fields: Record<string, unknown> }>([['prayerJournal/j-kept', { version: 4, fields: { title: 'In the backup' } }]]);
    const snapshot = () => ({
      changes: [...server].map(([key, r]) => {
        const [table, id] = key.split('/');
        return { table, id, op: 'put', version: r.version, fields: r.fields };
      }),
      cursor: { epoch: 'new', version: 20 },
      hasMore: false,
      ackedSeq: restoredAcked,
    });
    const calls = stubServer({
      '/api/devices': () => ({ status: 201, json: { userId: 'u', deviceId: 'dev-1', deviceToken: 'secret' } }),
      '/api/sync/push': (body) => {
        const mutations = (body as { mutations: { seq: number; table: string; id: string; fields: Record<string, unknown> }[] }).mutations;
        if (mutations[0].seq !== restoredAcked + 1) {
          return { json: { ackedSeq: restoredAcked, rejected: [], gap: { expected: restoredAcked + 1, received: mutations[0].seq } } };
        }
        for (const m of mutations) server.set(`${m.table}/${m.id}`, { version: 20 + m.seq, fields: m.fields });
        restoredAcked = mutations[mutations.length - 1].seq;
        return { json: { ackedSeq: restoredAcked, rejected: [] } };
      },
      '/api/sync/pull': (body) =>
        (body as { cursor: { epoch: string } | null }).cursor?.epoch === 'old' ? { json: { reset: 'epochChanged' } } : { json: snapshot() },
    });
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    expect(await syncNow()).toBe(true);
    const pushes = calls.filter((c) => c.url === '/api/sync/push').map((c) => (c.body as { mutations: { seq: number; id: string }[] }).mutations);
    // Seq 4 meets a gap that goes back: the device re-numbers and resends.
    expect(pushes[0].map((m) => m.seq)).toEqual([4]);
    expect(pushes[1].map((m) => `${m.seq} ${m.id}`)).toEqual(['1 j-lost', '2 r-new']);
    expect([...server.keys()].sort()).toEqual(['prayerJournal/j-kept', 'prayerJournal/j-lost', 'prayerReminders/r-new']);
    expect((await getMeta<SyncStatus>('status'))?.state).toBe('synced');
    expect((await d.prayerJournal.toArray()).map((r) => r.id).sort()).toEqual(['j-kept', 'j-lost']);
    expect(await pendingAfter(0)).toEqual([]);
  });

  it('registers the device, pushes the outbox, pulls and reports synced', async () => {
    await writeRecord('weightEntries', 'weight:2026-11-22', 'put', { weight: 1805, date: '2026-11-22' });
    const calls = stubServer({
      '/api/devices': () => ({ status: 201, json: { userId: 'u', deviceId: 'dev-1', deviceToken: 'secret' } }),
      '/api/sync/push': (body) => {
        const seqs = (body as { mutations: { seq: number }[] }).mutations.map((m) => m.seq);
        return { json: { ackedSeq: Math.max(...seqs), rejected: [] } };
      },
      '/api/sync/pull': () => ({
        json: {
          changes: [{ table: 'weightEntries', id: 'weight:2026-11-22', op: 'put', version: 1, fields: { weight: 1805, date: '2026-11-22' } }],
          cursor: { epoch: 'e', version: 1 }, hasMore: false, ackedSeq: 1,
        },
      }),
    });
    expect(await syncNow()).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/devices', '/api/sync/push', '/api/sync/pull']);
    expect(calls[1].headers.Authorization).toBe('Bearer secret');
    expect(calls[1].body).toMatchObject({ deviceId: 'dev-1', mutations: [{ seq: 1, table: 'weightEntries' }] });
    expect(await pendingAfter(0)).toEqual([]);
    expect((await (await db()).weightEntries.get('weight:2026-11-22'))?.version).toBe(1);
    expect((await getMeta<SyncStatus>('status'))?.state).toBe('synced');
  });

  it('registers once when several callers ask at the same time, keeping the same identity', async () => {
    localStorage.removeItem('manna-device-id');
    localStorage.removeItem('manna-device-token');
    localStorage.setItem('manna-user-id', 'user-1700000000000-same');
    let registered = 0;
    const calls = stubServer({
      '/api/devices': () =>
        registered++ === 0
          ? { status: 201, json: { userId: 'user-1700000000000-same', deviceId: 'dev-1', deviceToken: 'secret' } }
          : { status: 409, json: { message: 'this user id is already registered' } },
    });
    expect(await Promise.all([ensureDevice(), ensureDevice(), ensureDevice()])).toEqual(['dev-1', 'dev-1', 'dev-1']);
    expect(calls.filter((c) => c.url === '/api/devices')).toHaveLength(1);
    expect(localStorage.getItem('manna-user-id')).toBe('user-1700000000000-same');
  });

  it('takes the identity another tab registered even before its local storage shows it', async () => {
    localStorage.setItem('manna-user-id', 'user-1700000000000-first');
    const calls = stubServer({
      '/api/devices': (_body, headers) =>
        calls.filter((c) => c.url === '/api/devices').length === 1
          ? { status: 201, json: { userId: headers['X-User-ID'], deviceId: 'dev-1', deviceToken: 'secret' } }
          : { status: 409, json: { message: 'this user id is already registered' } },
    });
    expect(await ensureDevice()).toBe('dev-1');
    // A second tab whose view of local storage is older: no id, no token.
    localStorage.clear();
    expect(await ensureDevice()).toBe('dev-1');
    expect(calls.filter((c) => c.url === '/api/devices')).toHaveLength(1);
    expect(localStorage.getItem('manna-user-id')).toBe('user-1700000000000-first');
    expect(localStorage.getItem('manna-device-token')).toBe('secret');
  });

  it('syncs as the registered identity when this tab still holds an older anonymous id', async () => {
    localStorage.setItem('manna-user-id', 'user-1700000000000-first');
    const calls = stubServer({
      '/api/devices': (_body, headers) => ({ status: 201, json: { userId: headers['X-User-ID'], deviceId: 'dev-1', deviceToken: 'secret' } }),
      '/api/sync/pull': () => ({ json: { changes: [], cursor: { epoch: 'e', version: 0 }, hasMore: false, ackedSeq: 0 } }),
    });
    await ensureDevice();
    // Another tab's id, created at the same first visit, reached this tab's storage late.
    localStorage.setItem('manna-user-id', 'user-1700000000001-other');
    await syncNow();
    const pull = calls.find((c) => c.url === '/api/sync/pull');
    expect(pull?.headers['X-User-ID']).toBe('user-1700000000000-first');
    expect(localStorage.getItem('manna-user-id')).toBe('user-1700000000000-first');
    expect((await getMeta<SyncStatus>('status'))?.state).toBe('synced');
  });

  it('keeps every write and reports offline when the server cannot be reached', async () => {
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    await writeRecord('prayerReminders', 'r1', 'put', { title: 'Morning' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await syncNow();
    expect((await getMeta<SyncStatus>('status'))?.state).toBe('offline');
    expect(await pendingAfter(0)).toHaveLength(1);
    expect(await (await db()).prayerReminders.get('r1')).toBeDefined();
  });

  it('resends everything it holds from where the server is after a gap that goes back', async () => {
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    for (const id of ['a', 'b', 'c']) await writeRecord('prayerReminders', id, 'put', { title: id });
    await setMeta('acked', 2); // believes 1-2 were acknowledged; the server only has 1
    let serverAcked = 1;
    const calls = stubServer({
      '/api/sync/push': (body) => {
        const seqs = (body as { mutations: { seq: number }[] }).mutations.map((m) => m.seq);
        if (seqs[0] !== serverAcked + 1) return { json: { ackedSeq: serverAcked, rejected: [], gap: { expected: serverAcked + 1, received: seqs[0] } } };
        serverAcked = Math.max(...seqs);
        return { json: { ackedSeq: serverAcked, rejected: [] } };
      },
      '/api/sync/pull': () => ({ json: { changes: [], cursor: { epoch: 'e', version: 3 }, hasMore: false, ackedSeq: serverAcked } }),
    });
    await syncNow();
    const pushes = calls.filter((c) => c.url === '/api/sync/push').map((c) => (c.body as { mutations: { seq: number; id: string }[] }).mutations.map((m) => `${m.seq} ${m.id}`));
    // The server lost change 2: every record the device holds goes again, from 2.
    expect(pushes).toEqual([['3 c'], ['2 a', '3 b', '4 c']]);
    expect(serverAcked).toBe(4);
  });

  it('starts a new identity when this id is registered elsewhere', async () => {
    localStorage.setItem('manna-user-id', 'user-1-taken');
    let registrations = 0;
    stubServer({
      '/api/devices': (_body, headers) => {
        registrations += 1;
        if (headers['X-User-ID'] === 'user-1-taken') return { status: 409, json: { error: 'conflict', message: 'registered' } };
        return { status: 201, json: { userId: headers['X-User-ID'], deviceId: 'dev-2', deviceToken: 't2' } };
      },
      '/api/sync/pull': () => ({ json: { changes: [], cursor: { epoch: 'e', version: 0 }, hasMore: false, ackedSeq: 0 } }),
    });
    await syncNow();
    expect(registrations).toBe(2);
    expect(localStorage.getItem('manna-user-id')).not.toBe('user-1-taken');
    expect(localStorage.getItem('manna-device-token')).toBe('t2');
  });

  it('keeps a change the server refuses, with its reason, instead of dropping it', async () => {
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    await setMeta('cursor', { epoch: 'e', version: 1 });
    await writeRecord('prayerReminders', 'reminder-1', 'put', { title: 'Noon', days: [] });
    const calls = stubServer({
      '/api/sync/push': () => ({ json: { ackedSeq: 1, rejected: [{ seq: 1, message: 'days: select at least one day', field: 'days' }] } }),
      '/api/sync/pull': () => ({ json: { changes: [], cursor: { epoch: 'e', version: 1 }, hasMore: false, ackedSeq: 1 } }),
    });
    await syncNow();
    // A refusal asks for a snapshot: the device's records become the server's again.
    expect(calls.filter((c) => c.url === '/api/sync/pull').map((c) => (c.body as { cursor: unknown }).cursor)).toEqual([null]);
    const d = await db();
    expect(await d.refused.toArray()).toMatchObject([
      { seq: 1, table: 'prayerReminders', id: 'reminder-1', fields: { title: 'Noon', days: [] }, refusal: { field: 'days', message: 'select at least one day' } },
    ]);
    // The server never had it: after the pull the device no longer pretends it does.
    expect(await d.prayerReminders.get('reminder-1')).toBeUndefined();
    expect(await pendingAfter(0)).toEqual([]);
    expect((await getMeta<SyncStatus>('status'))?.state).toBe('synced');
  });

  it('starts again from a snapshot once when the cursor is too old', async () => {
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    await setMeta('cursor', { epoch: 'old', version: 3 });
    await setMeta('cursorSchema', SCHEMA_VERSION);
    const calls = stubServer({
      '/api/sync/pull': (body) =>
        (body as { cursor: unknown }).cursor
          ? { json: { reset: 'cursorTooOld' } }
          : { json: { changes: [], cursor: { epoch: 'new', version: 9 }, hasMore: false, ackedSeq: 0 } },
    });
    await syncNow();
    expect(calls.map((c) => (c.body as { cursor: unknown }).cursor)).toEqual([{ epoch: 'old', version: 3 }, null]);
    expect(await getMeta('cursor')).toEqual({ epoch: 'new', version: 9 });
    expect((await getMeta<SyncStatus>('status'))?.state).toBe('synced');
  });

  it('an updated app starts again from a snapshot once, keeping what waits to be sent', async () => {
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    await setMeta('cursor', { epoch: 'e', version: 7 });
    await setMeta('cursorSchema', SCHEMA_VERSION - 1);
    await writeRecord('prayerReminders', 'reminder-9', 'put', { title: 'Noon' });
    const calls = stubServer({
      '/api/sync/push': () => ({ json: { ackedSeq: 0, rejected: [] } }),
      '/api/sync/pull': () => ({ json: { changes: [], cursor: { epoch: 'e', version: 8 }, hasMore: false, ackedSeq: 0 } }),
    });
    await syncNow();
    const pulls = calls.filter((c) => c.url === '/api/sync/pull').map((c) => c.body as { cursor: unknown; schemaVersion: number });
    expect(pulls[0]).toMatchObject({ cursor: null, schemaVersion: SCHEMA_VERSION });
    expect(await getMeta('cursorSchema')).toBe(SCHEMA_VERSION);
    expect(await pendingAfter(0)).toHaveLength(1);
    await syncNow();
    const later = calls.filter((c) => c.url === '/api/sync/pull').map((c) => (c.body as { cursor: unknown }).cursor);
    expect(later.at(-1)).toEqual({ epoch: 'e', version: 8 });
  });

  it('stops, says why and keeps every change when the server does not speak this version', async () => {
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    const calls = stubServer({ '/api/sync/pull': () => ({ json: { reset: 'serverTooOld' } }) });
    await syncNow();
    expect(calls).toHaveLength(1); // asked once, not in a loop
    const status = await getMeta<SyncStatus>('status');
    expect(status?.state).toBe('blocked');
    expect(status?.message).toMatch(/kept on this device/);
    // Automatic syncs do not try again; one the user asks for does.
    await writeRecord('prayerReminders', 'reminder-2', 'put', { title: 'Evening' });
    await syncNow();
    expect(calls).toHaveLength(1);
    await syncNow({ wait: true });
    expect(calls.length).toBeGreaterThan(1);
    expect(await pendingAfter(0)).toHaveLength(1);
  });

  it('asks for an update when the app is too old for the server', async () => {
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
    await writeRecord('prayerReminders', 'reminder-3', 'put', { title: 'Morning' });
    stubServer({
      '/api/sync/push': () => ({ status: 409, json: { error: 'clientTooOld', message: 'too old' } }),
    });
    await syncNow();
    const status = await getMeta<SyncStatus>('status');
    expect(status?.state).toBe('blocked');
    expect(status?.reason).toBe('clientTooOld');
    expect(status?.message).toMatch(/update the app/);
    expect(await pendingAfter(0)).toHaveLength(1);
  });
});

/** The Web Locks the engine asks for, as one browser grants them: one holder
 *  at a time, `ifAvailable` refused while held. */
function oneLock() {
  let tail: Promise<unknown> = Promise.resolve();
  let held = false;
  return {
    /** Requests waiting for the holder to let go. */
    queued: 0,
    request(_name: string, ...args: unknown[]) {
      const callback = args.pop() as (lock: object | null) => Promise<unknown>;
      const options = (args[0] ?? {}) as { ifAvailable?: boolean };
      if (options.ifAvailable && held) return Promise.resolve(callback(null));
      this.queued += 1;
      const result = tail.then(async () => {
        this.queued -= 1;
        held = true;
        try {
          return await callback({});
        } finally {
          held = false;
        }
      });
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

describe('a change of identity (login, logout) and the sync under way', () => {
  let locks: ReturnType<typeof oneLock>;
  beforeEach(() => {
    locks = oneLock();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    localStorage.setItem('manna-device-id', 'dev-1');
    localStorage.setItem('manna-device-token', 'secret');
  });
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  const PULLED = {
    changes: [{ table: 'prayerReminders', id: 'r9', op: 'put', version: 1, fields: { title: 'Account reminder' } }],
    cursor: { epoch: 'e', version: 1 }, hasMore: false, ackedSeq: 0,
  };

  it('waits for the sync to end: what it pulled is in place before the change, none of it after', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn((url: string) =>
      url === '/api/sync/pull'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(new Response('{"message":"no route"}', { status: 404 }))));
    const sync = syncNow();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/sync/pull', expect.anything()), { timeout: 10_000 });
    const seen: string[] = [];
    const change = betweenSyncs(async () => {
      seen.push(`change saw ${(await (await db()).prayerReminders.get('r9'))?.fields.title}`);
      await (await db()).prayerReminders.clear();
    });
    // The change waits its turn behind the sync, not yet run.
    await vi.waitFor(() => expect(locks.queued).toBe(1), { timeout: 10_000 });
    expect(seen).toEqual([]);
    answer(new Response(JSON.stringify(PULLED)));
    await Promise.all([sync, change]);
    expect(seen).toEqual(['change saw Account reminder']);
    expect(await (await db()).prayerReminders.count()).toBe(0);
  });

  it('stops a sync that never gets an answer instead of waiting for it forever', async () => {
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))));
    const sync = syncNow();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 10_000 });
    let changed = false;
    await betweenSyncs(async () => {
      changed = true;
    }, 50);
    expect(changed).toBe(true);
    await sync;
    expect(await (await db()).prayerReminders.count()).toBe(0);
  });

  it('a change that fails (a wrong password) leaves a sync to follow, for what waits to be sent', async () => {
    const calls = stubServer({
      '/api/sync/push': () => ({ json: { ackedSeq: 1, rejected: [] } }),
      '/api/sync/pull': () => ({ json: { changes: [], cursor: { epoch: 'e', version: 1 }, hasMore: false, ackedSeq: 1 } }),
    });
    await writeRecord('prayerReminders', 'r1', 'put', { title: 'Morning' });
    await expect(betweenSyncs(() => Promise.reject(new Error('401: wrong password')))).rejects.toThrow('wrong password');
    // The sync that follows sends the change and empties the outbox once the
    // push's answer is applied: wait for that, not for the request.
    await vi.waitFor(async () => expect(await pendingAfter(0)).toEqual([]), { timeout: 10_000, interval: 50 });
    expect(calls.map((c) => c.url)).toContain('/api/sync/push');
  });
});

describe('a phone turned away (many phones on one network, a busy server)', () => {
  it('says why in a sentence, waits as long as the server asked, then syncs by itself', async () => {
    localStorage.removeItem('manna-device-id');
    localStorage.removeItem('manna-device-token');
    let open = false;
    const calls = stubServer({
      '/api/devices': () =>
        open
          ? { status: 201, json: { userId: 'u', deviceId: 'dev-9', deviceToken: 'token-9' } }
          : {
              status: 429,
              json: { error: 'too_many_requests', message: 'Too many attempts. Please wait 2 minutes and try again.' },
              answerHeaders: { 'Retry-After': '120' },
            },
      '/api/sync/push': () => ({ json: { ackedSeq: 1, rejected: [] } }),
      '/api/sync/pull': () => ({ json: { changes: [], cursor: { epoch: 'e', version: 1 }, hasMore: false, ackedSeq: 1 } }),
    });
    await writeRecord('prayerReminders', 'r1', 'put', { title: 'Morning' });
    const before = Date.now();
    await syncNow();
    const status = (await getMeta<SyncStatus>('status'))!;
    expect(status.state).toBe('error');
    expect(status.message).toBe(
      'Many phones are reaching Manna just now, so the server asked this one to wait. Your changes are kept on this phone, and Manna tries again by itself in 2 minutes.',
    );
    expect(status.retryAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(status.retryAt).toBeLessThanOrEqual(Date.now() + 144_000);
    // Before then, an automatic sync (a write, a reload) asks nothing.
    const asked = calls.length;
    expect(await syncNow()).toBe(false);
    expect(calls.length).toBe(asked);
    expect(await pendingAfter(0)).toHaveLength(1);
    // Its time come, it goes by itself and the change is sent.
    open = true;
    await setMeta('status', { ...status, retryAt: Date.now() - 1 });
    await syncNow();
    expect((await getMeta<SyncStatus>('status'))?.state).toBe('synced');
    expect(await pendingAfter(0)).toEqual([]);
  });
});
