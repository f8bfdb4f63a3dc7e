// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dayCookie } from './dayCookie';

describe('the day cookie', () => {
  it('holds the date and the zone for the whole site', () => {
    expect(dayCookie('2026-11-28', 'America/Argentina/Buenos_Aires', true)).toBe(
      'manna-day=2026-11-28~America/Argentina/Buenos_Aires; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
  });

  it('leaves out a zone name a cookie cannot carry', () => {
    expect(dayCookie('2026-11-28', 'Bad; zone=1', false)).toBe('manna-day=2026-11-28~; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});
