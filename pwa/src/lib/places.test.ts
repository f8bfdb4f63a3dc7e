// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canonicalOrder, placeName } from './places';

describe('verses as the Saved page lists them', () => {
  it('names a verse as a reader writes it', () => {
    expect(placeName({ book: 'John', chapter: 3, verse: 16 })).toBe('John 3:16');
    expect(placeName({ book: 'Ps', chapter: 23, verse: 1 }, 3)).toBe('Psalm 23:1-3');
    expect(placeName({ book: '1Cor', chapter: 13, verse: 4 })).toBe('1 Corinthians 13:4');
  });

  it('orders verses as the Bible does, not by their names', () => {
    const verses = [
      { book: 'Rev', chapter: 1, verse: 1 },
      { book: 'John', chapter: 3, verse: 16 },
      { book: 'Gen', chapter: 1, verse: 2 },
      { book: 'John', chapter: 1, verse: 1 },
      { book: 'Gen', chapter: 1, verse: 1 },
    ];
    expect([...verses].sort(canonicalOrder).map((v) => placeName(v))).toEqual(['Genesis 1:1', 'Genesis 1:2', 'John 1:1', 'John 3:16', 'Revelation 1:1']);
  });
});
