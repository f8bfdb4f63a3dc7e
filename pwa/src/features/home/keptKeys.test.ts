import { describe, expect, it } from 'vitest';
import { KEYS_KEPT_ON_REFRESH } from './refreshContent';
import { storage } from '../../lib/storage';

describe('storage', () => {
  it('clears everything but the kept keys on refresh', () => {
    for (const key of [...KEYS_KEPT_ON_REFRESH, 'lastContentDate', 'something-else']) storage.set(key, 'x');
    storage.clearExcept(KEYS_KEPT_ON_REFRESH);
    expect(Object.keys(localStorage).sort()).toEqual([...KEYS_KEPT_ON_REFRESH].sort());
    expect(KEYS_KEPT_ON_REFRESH).toContain('manna-user-id');
  });
});
