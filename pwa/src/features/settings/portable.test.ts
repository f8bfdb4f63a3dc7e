// @vitest-environment node
// Export and import as a person relies on them: what goes out comes back in,
// nothing on the device is replaced, records breaking the rules are named, and
// files that are not exports are refused with a reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Table } from '../../generated/tables';
import { recordsFromBytes } from '../../wasm/records';
import { exportAll, NotAnExport, preview, weightsCsv, type ExportedRecord, type Store } from './portable';

const records = await recordsFromBytes(readFileSync(new URL('../../wasm/pkg/manna_records_bg.wasm', import.meta.url)));

function memoryStore(initial: Partial<Record<Table, ExportedRecord[]>>): Store {
  const data = new Map(Object.entries(initial) as [Table, ExportedRecord[]][]);
  return {
    records: async (t) => data.get(t) ?? [],
    exists: async (t, id) => (data.get(t) ?? []).some((r) => r.id === id),
    check: async (t, id, fields) => records.validateRecord(t, id, fields),
  };
}

const weight = (date: string, tenths: number, notes: string | null = null): ExportedRecord => ({
  id: `weight:${date}`,
  fields: { date, weight: tenths, notes, mood: 'good' },
});

describe('export and import', () => {
  it('brings back what it took out, adding only what the device lacks', async () => {
    const mine = memoryStore({
      weightEntries: [weight('2026-11-21', 1805), weight('2026-11-22', 1798)],
      prayerJournal: [{ id: 'journal-a1', fields: { date: '2026-11-22', title: 'Thanks', content: 'For today', category: 'gratitude' } }],
    });
    const file = await exportAll(mine, new Date('2026-11-23T08:00:00Z'));
    expect(file.exportedAt).toBe('2026-11-23T08:00:00.000Z');
    const text = JSON.stringify(file);

    const fresh = await preview(text, memoryStore({}));
    expect(fresh.tables.map((t) => [t.table, t.add.length, t.present, t.refused.length])).toEqual([
      ['prayerJournal', 1, 0, 0],
      ['weightEntries', 2, 0, 0],
    ]);
    const same = await preview(text, mine);
    expect(same.tables.every((t) => t.add.length === 0 && t.present > 0)).toBe(true);
  });

  it('names the records that break the rules and skips unknown tables', async () => {
    const text = JSON.stringify({
      format: 'manna-export',
      version: 1,
      exportedAt: '',
      tables: { weightEntries: [weight('2026-11-22', 1798), { id: 'weight:2026-11-23', fields: { date: '2026-11-22', weight: 1800 } }, { fields: {} }], recipesILike: [] },
    });
    const p = await preview(text, memoryStore({}));
    const weights = p.tables[0];
    expect(weights.add.map((r) => r.id)).toEqual(['weight:2026-11-22']);
    expect(weights.refused.map((r) => [r.id, r.refusal.field])).toEqual([
      ['weight:2026-11-23', 'id'],
      ['(no id)', 'id'],
    ]);
    expect(p.unknown).toEqual(['recipesILike']);
  });

  it('refuses files that are not exports, saying why', async () => {
    const store = memoryStore({});
    await expect(preview('not json', store)).rejects.toThrow(/not JSON/);
    await expect(preview('{"tables":{}}', store)).rejects.toBeInstanceOf(NotAnExport);
    await expect(preview('{"format":"manna-export","version":9,"tables":{}}', store)).rejects.toThrow(/newer version/);
  });

  it('writes weights as a spreadsheet reads them', () => {
    const csv = weightsCsv([weight('2026-11-22', 1798, 'After "Sunday", lunch'), weight('2026-11-21', 1805)]);
    expect(csv).toBe('date,weight_lb,mood,notes\r\n2026-11-21,180.5,good,\r\n2026-11-22,179.8,good,"After ""Sunday"", lunch"\r\n');
  });
});
