// @vitest-environment node
import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, openAppDb, SCHEMAS, SYNCED_TABLES } from './appDb';
import { db } from './index';
import { applyPull, discardRefused, keepRefused, pendingAfter, recordKey, requeueAfterRestore, writeRecord } from './synced';

const cursor = (version: number) => ({ epoch: 'e1', version });

beforeEach(async () => {
  const d = await db();
  await Promise.all([...SYNCED_TABLES.map((t) => d[t].clear()), d.outbox.clear(), d.syncMeta.clear(), d.refused.clear()]);
});

describe('synced records on the device', () => {
  it('after a server restore, queue again from 1 what the server lacks or holds older', async () => {
    const put = (table: 'prayerJournal' | 'prayerReminders', id: string, version: number, title: string) => ({
      table,
      id,
      op: 'put' as const,
      version,
      fields: { title },
    });
    // What this device synced before the server was restored from an older backup.
    await applyPull(
      null,
      [put('prayerJournal', 'same', 5, 'In the backup'), put('prayerJournal', 'newer', 9, 'Edited later'), put('prayerJournal', 'lost', 11, 'Written later'), put('prayerReminders', 'gone', 6, 'Deleted here')],
      cursor(11),
      false,
      0,
    );
    await writeRecord('prayerReminders', 'gone', 'delete');
    await writeRecord('prayerReminders', 'fresh', 'put', { title: 'Never synced' });
    await writeRecord('prayerJournal', 'same', 'patch', { title: 'Changed offline' });
    const d = await db();
    await d.syncMeta.put({ key: 'acked', value: 40 });
    // The restored server: 'same' and 'gone' as they were, 'newer' older, no 'lost'.
    const server = new Map([
      [recordKey('prayerJournal', 'same'), 5],
      [recordKey('prayerJournal', 'newer'), 7],
      [recordKey('prayerReminders', 'gone'), 6],
    ]);
    expect(await requeueAfterRestore(server)).toBe(5);
    const queued = await pendingAfter(0);
    expect(queued.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(queued.map((m) => `${m.op} ${m.id}`).sort()).toEqual(['delete gone', 'put fresh', 'put lost', 'put newer', 'put same']);
    expect(queued.find((m) => m.id === 'same')?.fields).toEqual({ title: 'Changed offline' });
    expect(queued.every((m) => m.baseVersion === undefined)).toBe(true);
    expect((await d.syncMeta.get('acked'))?.value).toBe(0);
    expect((await d.syncMeta.get('nextSeq'))?.value).toBe(6);
    expect(await d.syncMeta.get('cursor')).toBeUndefined();
    // Nothing the device showed is gone.
    expect((await d.prayerJournal.toArray()).map((r) => r.id).sort()).toEqual(['lost', 'newer', 'same']);
  });

  it('save the change and its outbox entry together, numbered without gaps', async () => {
    expect(await writeRecord('weightEntries', 'weight:2026-11-22', 'put', { weight: 1805, date: '2026-11-22' })).toBe(1);
    expect(await writeRecord('prayerReminders', 'r1', 'put', { title: 'Morning' })).toBe(2);
    const d = await db();
    expect(await d.weightEntries.get('weight:2026-11-22')).toEqual({ id: 'weight:2026-11-22', fields: { weight: 1805, date: '2026-11-22' }, version: null });
    expect((await pendingAfter(0)).map((m) => m.seq)).toEqual([1, 2]);
    expect((await pendingAfter(1)).map((m) => m.seq)).toEqual([2]);
  });

  it('base a change on what the user saw: the pending change, not a newer pull', async () => {
    await applyPull(null, [{ table: 'prayerJournal', id: 'j1', op: 'put', version: 4, fields: { title: 'T', content: 'old' } }], cursor(4), false, 0);
    await writeRecord('prayerJournal', 'j1', 'patch', { content: 'mine' });
    // Another device's change arrives while mine is pending: it stays under mine.
    await applyPull(cursor(4), [{ table: 'prayerJournal', id: 'j1', op: 'put', version: 7, fields: { title: 'T2', content: 'theirs' } }], cursor(7), false, 0);
    const d = await db();
    expect((await d.prayerJournal.get('j1'))?.fields).toEqual({ title: 'T2', content: 'mine' });
    await writeRecord('prayerJournal', 'j1', 'patch', { content: 'mine again' });
    expect((await pendingAfter(0)).map((m) => m.baseVersion)).toEqual([4, 4]);
  });

  it('leave a table this app does not know on the server, and take the rest', async () => {
    const unknown = { table: 'pushSubscriptions', id: 'sub-1', op: 'put', version: 2, fields: { endpoint: 'x' } } as unknown as Parameters<typeof applyPull>[1][number];
    await applyPull(null, [unknown, { table: 'prayerJournal', id: 'j2', op: 'put', version: 3, fields: { title: 'T' } }], cursor(3), false, 0);
    expect((await (await db()).prayerJournal.get('j2'))?.version).toBe(3);
  });

  it('forget every record of a group it is told to, and keep the other groups and its own records', async () => {
    const request = (id: string, groupId: string) => ({ table: 'groupRequests' as const, id, op: 'put' as const, version: 1, fields: { groupId, title: 'Pray' } });
    await applyPull(
      null,
      [
        request('request:g1:a', 'g1'),
        request('request:g2:b', 'g2'),
        { table: 'groupPrayers', id: 'prayed:g1:c', op: 'put', version: 2, fields: { groupId: 'g1', requestId: 'request:g1:a' } },
        { table: 'prayerJournal', id: 'j1', op: 'put', version: 3, fields: { title: 'Mine' } },
      ],
      cursor(3),
      false,
      0,
    );
    await applyPull(cursor(3), [], cursor(3), false, 0, ['g1']);
    const d = await db();
    expect((await d.groupRequests.toArray()).map((r) => r.id)).toEqual(['request:g2:b']);
    expect(await d.groupPrayers.count()).toBe(0);
    expect(await d.prayerJournal.count()).toBe(1);
  });

  it('after a server restore, send again only its own pending shares of a group, never others\' posts', async () => {
    await applyPull(null, [{ table: 'groupRequests', id: 'request:g1:theirs', op: 'put', version: 4, fields: { groupId: 'g1', title: 'Theirs' } }], cursor(4), false, 0);
    await writeRecord('groupRequests', 'request:g1:mine', 'put', { groupId: 'g1', title: 'Mine, offline' });
    const queued = await requeueAfterRestore(new Map(), 1);
    const d = await db();
    expect(queued).toBe(1);
    expect((await d.outbox.toArray()).map((m) => m.id)).toEqual(['request:g1:mine']);
  });

  it('drop confirmed changes only after the last page of a pull', async () => {
    await writeRecord('weightEntries', 'weight:2026-11-22', 'put', { weight: 1805, date: '2026-11-22' });
    const change = { table: 'weightEntries' as const, id: 'weight:2026-11-22', op: 'put' as const, version: 1, fields: { weight: 1805, date: '2026-11-22' } };
    await applyPull(null, [change], cursor(1), true, 1);
    expect(await pendingAfter(0)).toHaveLength(1);
    await applyPull(cursor(1), [], cursor(1), false, 1);
    expect(await pendingAfter(0)).toHaveLength(0);
    expect((await (await db()).weightEntries.get('weight:2026-11-22'))?.version).toBe(1);
  });

  it('replace everything with a snapshot, keeping pending changes on top', async () => {
    await applyPull(null, [{ table: 'prayerReminders', id: 'gone', op: 'put', version: 1, fields: { title: 'Old' } }], cursor(1), false, 0);
    await writeRecord('prayerReminders', 'mine', 'put', { title: 'Pending' });
    await applyPull(null, [{ table: 'prayerReminders', id: 'kept', op: 'put', version: 9, fields: { title: 'Kept' } }], cursor(9), false, 0);
    const ids = (await (await db()).prayerReminders.toArray()).map((r) => r.id).sort();
    expect(ids).toEqual(['kept', 'mine']);
  });

  it('keep a refused change with its reason until it is fixed or discarded', async () => {
    await applyPull(null, [{ table: 'prayerReminders', id: 'r1', op: 'put', version: 3, fields: { title: 'Morning', days: ['monday'] } }], cursor(3), false, 0);
    const seq = await writeRecord('prayerReminders', 'r1', 'patch', { days: [] });
    await keepRefused([{ seq, message: 'days: select at least one day', field: 'days' }], 42);
    const d = await db();
    expect(await d.refused.toArray()).toEqual([
      {
        seq,
        table: 'prayerReminders',
        id: 'r1',
        op: 'patch',
        fields: { title: 'Morning', days: [] },
        refusal: { field: 'days', message: 'select at least one day' },
        refusedAt: 42,
      },
    ]);
    // The next pull (a snapshot, after a refusal) puts the server's record back.
    await applyPull(null, [{ table: 'prayerReminders', id: 'r1', op: 'put', version: 3, fields: { title: 'Morning', days: ['monday'] } }], cursor(3), false, seq);
    expect((await d.prayerReminders.get('r1'))?.fields).toEqual({ title: 'Morning', days: ['monday'] });
    expect(await d.refused.count()).toBe(1);
    // A new change to the record settles the refusal; so does discarding it.
    await writeRecord('prayerReminders', 'r1', 'patch', { days: ['friday'] });
    expect(await d.refused.count()).toBe(0);
    const again = await writeRecord('prayerReminders', 'r2', 'put', { title: '' });
    await keepRefused([{ seq: again, message: 'title: must not be empty' }]);
    expect((await d.refused.get(again))?.refusal).toEqual({ field: 'title', message: 'must not be empty' });
    await discardRefused(again);
    expect(await d.refused.count()).toBe(0);
  });

  it('open every released version of the database with the new code without losing its content', async () => {
    const name = 'upgrade-check';
    const old = new Dexie(name);
    old.version(1).stores(SCHEMAS[0]);
    await old.table('days').put({ date: '2026-11-22', content: { date: '2026-11-22' }, contentVersion: 'v', savedAt: 1 });
    await old.table('visits').put({ date: '2026-11-21' });
    old.close();
    const v2 = openAppDb(name, 2);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect(await v2.days.get('2026-11-22')).toMatchObject({ contentVersion: 'v' });
    await v2.weightEntries.put({ id: 'weight:2026-11-22', fields: { weight: 1805 }, version: 4 });
    await v2.outbox.add({ seq: 1, table: 'weightEntries', id: 'weight:2026-11-22', op: 'put', fields: {} });
    v2.close();
    const latest = openAppDb(name);
    await latest.open();
    expect(latest.verno).toBe(SCHEMAS.length);
    expect(await latest.visits.count()).toBe(1);
    expect((await latest.weightEntries.get('weight:2026-11-22'))?.version).toBe(4);
    expect(await latest.outbox.count()).toBe(1);
    expect(await latest.refused.count()).toBe(0);
    expect(await latest.lists.count()).toBe(0);
    expect(await latest.dailyCompletions.count()).toBe(0);
    expect(await latest.bibleChapters.count()).toBe(0);
    expect(await latest.highlights.count()).toBe(0);
    latest.close();
    expect(DB_NAME).toBe('manna');
  });

  it('have a table for every synced table of the Rust list', async () => {
    const latest = openAppDb('every-table');
    await latest.open();
    const names = latest.tables.map((t) => t.name);
    for (const table of SYNCED_TABLES) expect(names).toContain(table);
    latest.close();
  });
});

describe('live lists', () => {
  it('follow later writes even when the database opens after they are asked for', async () => {
    // A page can ask for a live list before this tab's database is open (a
    // fresh tab on a busy phone); the list must still follow every later write
    // instead of showing its first answer forever.
    vi.resetModules();
    let open = () => {};
    let asked = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const askedForDb = new Promise<void>((resolve) => (asked = resolve));
    vi.doMock('./index', async () => {
      const actual = await vi.importActual<typeof import('./index')>('./index');
      const db = () => {
        setImmediate(asked); // outside the caller's context
        return opened.then(() => actual.db());
      };
      return { ...actual, db };
    });
    try {
      const fresh = await import('./synced');
      const seen: string[][] = [];
      const subscribed = Promise.resolve(fresh.liveRecords('prayerReminders')).then((list) =>
        list.subscribe((rows) => seen.push(rows.map((r) => r.id))),
      );
      await askedForDb;
      await new Promise((resolve) => setImmediate(resolve)); // the database opens a task later
      open();
      const sub = await subscribed;
      try {
        await vi.waitFor(() => expect(seen).toEqual([[]]), { timeout: 10_000 });
        await fresh.writeRecord('prayerReminders', 'r1', 'put', { title: 'Morning' });
        await vi.waitFor(() => expect(seen.at(-1)).toEqual(['r1']), { timeout: 10_000 });
      } finally {
        sub.unsubscribe();
      }
    } finally {
      vi.doUnmock('./index');
    }
  });
});
