// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { saveList } from '../../db/lists';
import { searchFromBytes } from '../../wasm/search';

const search = await searchFromBytes(readFileSync(new URL('../../wasm/pkg/manna_search_bg.wasm', import.meta.url)));
vi.mock('../../wasm/search', async (original) => ({
  ...(await original<typeof import('../../wasm/search')>()),
  loadSearch: () => Promise.resolve(search),
}));
const { ARCHIVE_LISTS, searchOffline } = await import('./offlineSearch');

const reading = (id: string, reference: string, verse: string, date: string) => ({ id, reference, verse, content: 'A reflection.', date, dayNumber: 300 });

describe('offline archive search', () => {
  it('finds saved content by word, reference and plural, by type and up to today only, in the server shape', async () => {
    await saveList(ARCHIVE_LISTS.bible, [
      reading('r1', 'Psalm 23:1-3', 'The LORD is my shepherd; I shall not want.', '2026-11-20'),
      reading('r2', 'Isaiah 40:31', 'They that wait upon the LORD shall renew their strength.', '2026-11-22'),
      reading('r3', 'John 14:27', 'Peace I leave with you.', '2026-11-25'),
    ]);
    await saveList(ARCHIVE_LISTS.nutrition, [{ id: 'f1', name: 'Spinach', season: 'Spring', description: 'Leafy greens full of iron.', date: '2026-11-21' }]);
    const q = { type: 'all' as const, sort: 'recent' as const, today: '2026-11-23' };

    const psalm = await searchOffline({ ...q, text: 'Psalm 23' });
    expect(psalm.items.map((i) => i.title)).toEqual(['Psalm 23:1-3']);
    expect(psalm.items[0]).toMatchObject({ type: 'bible', badge: 'Day 324', date: '2026-11-20' });

    expect((await searchOffline({ ...q, text: 'green' })).items.map((i) => i.title)).toEqual(['Spinach']);
    expect((await searchOffline({ ...q, text: 'spinnach' })).total).toBe(0); // no guessing: the server does not guess either
    expect((await searchOffline({ ...q, text: 'peace' })).total).toBe(0); // shown after today
    expect((await searchOffline({ ...q, text: 'lord', type: 'nutrition' })).total).toBe(0);

    const all = await searchOffline({ ...q, text: '' });
    expect(all.items.map((i) => i.date)).toEqual(['2026-11-22', '2026-11-21', '2026-11-20']);
    const abc = await searchOffline({ ...q, text: '', sort: 'alphabetical' });
    expect(abc.items.map((i) => i.title)).toEqual(['Isaiah 40:31', 'Psalm 23:1-3', 'Spinach']);
    for (const item of all.items) expect(item.snippet.length).toBeLessThanOrEqual(120);
  });

  it('answers emoji or symbols alone with a hint in the server\'s words, and words with a search', () => {
    expect(search.searchHint('🙏🕊️')).toBe('type a word or a number to search for: emoji and symbols alone match nothing');
    expect(search.searchHint('!!!')).toBeDefined();
    expect(search.searchHint('')).toBeUndefined();
    expect(search.searchHint('🙏 grace')).toBeUndefined();
  });
});
