import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteBanner } from './dayCookie';
import { KEPT_HOME_CACHE } from './keptHome';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'manna-prompt=; Path=/; Max-Age=0';
});

describe('the banner cookie', () => {
  it('notes what the top of the pages shows, and forgets Home kept with another banner only when that changes', async () => {
    const remove = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { delete: remove });
    noteBanner('prompt');
    expect(document.cookie).toContain('manna-prompt=1');
    expect(remove).toHaveBeenCalledWith(KEPT_HOME_CACHE);
    // The same banner drawn again (another page, a reload) keeps the page.
    noteBanner('prompt');
    expect(remove).toHaveBeenCalledTimes(1);
    // A member now: the kept page's notice would be wrong.
    noteBanner('annual');
    expect(document.cookie).toContain('manna-prompt=annual');
    expect(remove).toHaveBeenCalledTimes(2);
    noteBanner(null);
    expect(document.cookie).toContain('manna-prompt=0');
    expect(remove).toHaveBeenCalledTimes(3);
  });

  it('still notes the banner where there is no cache to forget', () => {
    vi.stubGlobal('caches', undefined);
    noteBanner('monthly');
    expect(document.cookie).toContain('manna-prompt=monthly');
  });
});
