import { describe, expect, it } from 'vitest';
import type { DayContent } from '../generated/content';
import { openAppDb, SYNCED_TABLES } from './appDb';
import { forgetDaysBefore, lastStoredDate, recordVisit, saveDays, storedDay, visitsBetween } from './index';

const day = (date: string) => ({ date, dayNumber: 1 }) as DayContent;

describe('browser database', () => {
  it('keeps days for offline use and forgets past ones', async () => {
    await saveDays(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-29'].map(day), 'v1');
    expect(await storedDay('2026-11-23')).toMatchObject({ date: '2026-11-23' });
    expect(await lastStoredDate('2026-11-22')).toBe('2026-11-29');
    await forgetDaysBefore('2026-11-22');
    expect(await storedDay('2026-11-21')).toBeUndefined();
    expect(await storedDay('2026-11-22')).toBeDefined();
  });

  it('records each visit once per date', async () => {
    await recordVisit('2026-11-16');
    await recordVisit('2026-11-16');
    await recordVisit('2026-11-18');
    await recordVisit('2026-11-30');
    expect(await visitsBetween('2026-11-16', '2026-11-22')).toEqual(['2026-11-16', '2026-11-18']);
  });

  it('opens at the latest schema version with every table', async () => {
    const db = openAppDb('schema-check');
    await db.open();
    expect(db.verno).toBe(5);
    expect(db.tables.map((t) => t.name).sort()).toEqual(['days', 'lists', 'outbox', 'refused', 'syncMeta', 'visits', ...SYNCED_TABLES].sort());
    db.close();
  });
});
