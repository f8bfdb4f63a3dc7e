// @vitest-environment node
// Saving on the device, with the real WebAssembly core: changes made together
// are kept together or not at all, a new record gets its table's defaults, and
// a change is checked against the record as the earlier changes of the same
// save left it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { pendingCount } from '../db/synced';
import { coreFromBytes, todayIn } from '../wasm/core';
import { recordsFromBytes } from '../wasm/records';

const core = await coreFromBytes(readFileSync(join(process.cwd(), 'src/wasm/pkg/manna_core_bg.wasm')));
const records = await recordsFromBytes(readFileSync(join(process.cwd(), 'src/wasm/pkg/manna_records_bg.wasm')));
vi.mock('../wasm/core', async (original) => ({
  ...(await original<typeof import('../wasm/core')>()),
  loadCore: () => Promise.resolve(core),
}));
vi.mock('../wasm/records', async (original) => ({
  ...(await original<typeof import('../wasm/records')>()),
  loadRecords: () => Promise.resolve(records),
}));
vi.mock('./engine', () => ({ syncSoon: () => undefined }));
const { RecordRefused, saveRecords } = await import('./saveRecords');

describe('saving changes made together', () => {
  beforeEach(async () => {
    const d = await db();
    await Promise.all([d.outbox.clear(), d.syncMeta.clear(), d.shoppingLists.clear(), d.shoppingListItems.clear()]);
  });

  it('gives a new record its defaults', async () => {
    await saveRecords([{ table: 'shoppingLists', id: 'l1', op: 'put', fields: { title: 'Market day' } }]);
    const stored = await (await db()).shoppingLists.get('l1');
    expect(stored?.fields).toMatchObject({ title: 'Market day', status: 'active' });
    expect(typeof stored?.fields.createdAt).toBe('string');
    expect(await pendingCount()).toBe(1);
  });

  it('keeps none of them when one is refused', async () => {
    const save = saveRecords([
      { table: 'shoppingLists', id: 'l2', op: 'put', fields: { title: 'Market day' } },
      { table: 'shoppingListItems', id: 'i1', op: 'put', fields: { listId: 'l2', itemName: '   ' } },
    ]);
    await expect(save).rejects.toBeInstanceOf(RecordRefused);
    await expect(save).rejects.toMatchObject({ refusal: { field: 'itemName' } });
    const d = await db();
    expect(await d.shoppingLists.get('l2')).toBeUndefined();
    expect(await pendingCount()).toBe(0);
  });

  it('checks a change against what an earlier change of the same save made', async () => {
    await saveRecords([
      { table: 'shoppingLists', id: 'l3', op: 'put', fields: { title: 'Market day' } },
      { table: 'shoppingLists', id: 'l3', op: 'patch', fields: { status: 'completed' } },
    ]);
    expect((await (await db()).shoppingLists.get('l3'))?.fields).toMatchObject({ title: 'Market day', status: 'completed' });
    expect(await pendingCount()).toBe(2);
  });

  it('refuses a weight or a journal entry for a day still to come, and keeps a day already stored', async () => {
    const d = await db();
    await Promise.all([d.weightEntries.clear(), d.prayerJournal.clear()]);
    const today = todayIn(core);
    const tomorrow = core.addDays(today, 1);
    const ahead = saveRecords([{ table: 'weightEntries', id: `weight:${tomorrow}`, op: 'put', fields: { weight: 1700, date: tomorrow } }]);
    await expect(ahead).rejects.toMatchObject({ refusal: { field: 'date', message: 'must be today or an earlier day' } });
    expect(await d.weightEntries.count()).toBe(0);

    const entry = { date: today, title: 'For Ruth', content: 'Healing', category: 'intercession' };
    await saveRecords([{ table: 'prayerJournal', id: 'journal-a1', op: 'put', fields: entry }]);
    const answeredAhead = saveRecords([{ table: 'prayerJournal', id: 'journal-a1', op: 'patch', fields: { answered: true, answeredOn: tomorrow } }]);
    await expect(answeredAhead).rejects.toMatchObject({ refusal: { field: 'answeredOn' } });
    await saveRecords([{ table: 'prayerJournal', id: 'journal-a1', op: 'patch', fields: { answered: true, answeredOn: today } }]);
    expect((await d.prayerJournal.get('journal-a1'))?.fields).toMatchObject({ answered: true, answeredOn: today });
    expect(await pendingCount()).toBe(2);
  });
});

