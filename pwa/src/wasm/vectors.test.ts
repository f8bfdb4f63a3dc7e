// @vitest-environment node
// The WASM build must give the same answers as the native Rust: both are checked
// against core-wasm/tests/vectors.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreFromBytes } from './core';

const vectors = JSON.parse(readFileSync(new URL('../../../core-wasm/tests/vectors.json', import.meta.url), 'utf8'));
const core = await coreFromBytes(readFileSync(new URL('./pkg/manna_core_bg.wasm', import.meta.url)));

describe('manna-core in WebAssembly', () => {
  it('counts the day of year like the native build', () => {
    for (const v of vectors.dayOfYear) expect(core.dayOfYear(v.date), v.date).toBe(v.dayOfYear);
  });

  it('picks the same rotation item as the server', () => {
    for (const v of vectors.rotation) {
      expect(core.rotationIndex(v.date, v.count, v.salt), `${v.date} ${v.count} ${v.salt}`).toBe(v.index ?? -1);
    }
  });

  it('builds the same week strip', () => {
    for (const v of vectors.weekStrip) expect(core.weekStrip(v.today, v.visited), v.today).toEqual(v.strip);
  });

  it('refuses an impossible date with a reason', () => {
    expect(() => core.dayOfYear('2026-02-30')).toThrow(/does not exist/);
  });

  it('finds the local date on either side of midnight UTC', () => {
    const instant = Date.UTC(2026, 0, 1, 3, 30);
    expect(core.localDate(instant, -300)).toBe('2025-12-31');
    expect(core.localDate(instant, 60)).toBe('2026-01-01');
  });
});
