// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DayContent } from '../generated/content';
import { openAppDb, SYNCED_TABLES } from './appDb';
import type { BibleChapter } from '../generated/content';
import { forgetChapters, saveChapters, storedChapter, storedChapterKeys, storedChapters } from './chapters';
import { forgetDaysBefore, lastStoredDate, recordVisit, saveDays, visitsBetween } from './days';
import { storedDay } from './index';
import { forgetPlaceSearch, keepPlaceSearch, placeSearch, placeSearches, savePlaceSearch } from './places';

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

  it("keeps the Bible's chapters by translation, each once", async () => {
    const chapter = (translation: string, osis: string, n: number, text: string): BibleChapter => ({
      translation,
      book: osis,
      osis,
      chapter: n,
      chapters: 4,
      verses: [{ verse: 1, text }],
    });
    await saveChapters([chapter('kjv', 'Ruth', 1, 'old'), chapter('kjv', 'Ruth', 2, 'b'), chapter('web', 'Ruth', 1, 'c')]);
    await saveChapters([chapter('kjv', 'Ruth', 1, 'new')]);
    expect((await storedChapter('kjv', 'Ruth', 1))?.verses[0].text).toBe('new');
    expect(await storedChapter('kjv', 'Ruth', 3)).toBeUndefined();
    expect([...(await storedChapterKeys('kjv'))].sort()).toEqual(['kjv/Ruth/1', 'kjv/Ruth/2']);
    expect((await storedChapters('web')).map((c) => c.verses[0].text)).toEqual(['c']);
    await forgetChapters('kjv');
    expect((await storedChapterKeys('kjv')).size).toBe(0);
    expect((await storedChapterKeys('web')).size).toBe(1);
  });

  it('keeps the last five searches of a kind and every area saved for offline', async () => {
    const row = (zip: string, savedAt: number, kind: 'farm' | 'trail' = 'farm') =>
      ({ key: `${kind}:${zip}:25`, kind, zip, radius: 25, result: { zip }, savedAt, kept: false }) as const;
    await savePlaceSearch(row('10001', 1));
    await keepPlaceSearch('farm:10001:25', true);
    for (let i = 2; i <= 8; i++) await savePlaceSearch(row(`1000${i}`, i));
    await savePlaceSearch(row('20001', 9, 'trail'));
    // Searched again: still saved for offline.
    await savePlaceSearch(row('10001', 10));
    const farms = await placeSearches('farm');
    expect(farms.map((r) => r.zip)).toEqual(['10001', '10008', '10007', '10006', '10005', '10004']);
    expect(farms[0].kept).toBe(true);
    expect((await placeSearches('trail')).map((r) => r.zip)).toEqual(['20001']);
    await forgetPlaceSearch('farm:10001:25');
    expect(await placeSearch('farm:10001:25')).toBeUndefined();
  });

  it('opens at the latest schema version with every table', async () => {
    const db = openAppDb('schema-check');
    await db.open();
    expect(db.verno).toBe(10);
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      ['bibleChapters', 'days', 'lists', 'outbox', 'placeSearches', 'refused', 'syncMeta', 'visits', ...SYNCED_TABLES].sort(),
    );
    db.close();
  });
});
