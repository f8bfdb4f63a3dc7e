import { describe, expect, it } from 'vitest';
import { assetsOf, BUILT_FOR_HEADER, DAY_ENDS_HEADER, keptFits } from './keptHome';

const BUILD = '/index.html?__WB_REVISION__=abc';

function kept(ends: string | null, build: string | null): Headers {
  const headers = new Headers({ 'Content-Type': 'text/html' });
  if (ends !== null) headers.set(DAY_ENDS_HEADER, ends);
  if (build !== null) headers.set(BUILT_FOR_HEADER, build);
  return headers;
}

describe('Home kept for the day', () => {
  it('opens Home until the visitor’s day ends, and not from its last millisecond on', () => {
    const ends = 1_796_450_400_000;
    expect(keptFits(kept(String(ends), BUILD), ends - 60_000, BUILD)).toBe(true);
    expect(keptFits(kept(String(ends), BUILD), ends, BUILD)).toBe(false);
    expect(keptFits(kept(String(ends), BUILD), ends + 86_400_000, BUILD)).toBe(false);
  });

  it('is not opened by another build of the app, nor when it says no end', () => {
    const ends = String(Date.now() + 3_600_000);
    expect(keptFits(kept(ends, '/index.html?__WB_REVISION__=old'), Date.now(), BUILD)).toBe(false);
    expect(keptFits(kept(ends, null), Date.now(), BUILD)).toBe(false);
    expect(keptFits(kept(ends, BUILD), Date.now(), undefined)).toBe(false);
    expect(keptFits(kept(null, BUILD), Date.now(), BUILD)).toBe(false);
    expect(keptFits(kept('soon', BUILD), Date.now(), BUILD)).toBe(false);
  });

  it('finds the app files a page loads', () => {
    const html =
      '<link rel="icon" href="/icons/icon-192.png"><script type="module" src="/assets/index-Dti2WAbA.js"></script>' +
      '<link rel="stylesheet" href="/assets/index-Yxx65to4.css"><a href="/read/kjv/John/3#v16">John 3:16</a>';
    expect(assetsOf(html)).toEqual(['/assets/index-Dti2WAbA.js', '/assets/index-Yxx65to4.css']);
    expect(assetsOf('<p>No files</p>')).toEqual([]);
  });
});
