// @vitest-environment node
// A personal plan's day on the person's own calendar, far from UTC: made at
// 8 in the morning in Kiritimati (UTC+14) it is day 1 that day (its UTC date
// is the day before), made in the evening in Pago Pago (UTC-11) it is day 1
// that evening (its UTC date is the day after). Each zone is set before the
// dates of its tests are read (Node reads TZ again whenever it is set).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreFromBytes, localDateOf, todayIn } from '../../wasm/core';
import { personalPlanDay } from './personalPlanDay';

const core = await coreFromBytes(readFileSync(new URL('../../wasm/pkg/manna_core_bg.wasm', import.meta.url)));
const zoneBefore = process.env.TZ;

/** Runs `tests` with the process in time zone `zone`. */
function inZone(zone: string, tests: () => void) {
  describe(zone, () => {
    beforeAll(() => {
      process.env.TZ = zone;
    });
    tests();
  });
}

afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

inZone('Pacific/Kiritimati', () => {
  // 08:00 on 24 November 2026 in Kiritimati is 18:00 on the 23rd in UTC.
  const createdAt = '2026-11-23T18:00:00.000Z';

  it('runs 14 hours ahead of UTC', () => {
    expect(new Date(createdAt).getTimezoneOffset()).toBe(-14 * 60);
    expect(new Date(createdAt).getHours()).toBe(8);
  });

  it('starts a plan made at 8 in the morning on that local day, as day 1', () => {
    const now = new Date(createdAt);
    expect(localDateOf(core, createdAt)).toBe('2026-11-24');
    expect(todayIn(core, now)).toBe('2026-11-24');
    expect(createdAt.slice(0, 10)).toBe('2026-11-23'); // UTC's date: a day early here
    expect(personalPlanDay(core, createdAt, 30, now)).toEqual({ startDate: '2026-11-24', day: 1 });
  });

  it('turns to day 2 at local midnight, not at UTC midnight', () => {
    // 23:30 local: still the first day (UTC's date turned long before).
    expect(personalPlanDay(core, createdAt, 30, new Date('2026-11-24T09:30:00.000Z')).day).toBe(1);
    // 00:30 local on the 25th.
    expect(personalPlanDay(core, createdAt, 30, new Date('2026-11-24T10:30:00.000Z')).day).toBe(2);
    // A month on, past the plan's thirty days, it stays on its last.
    expect(personalPlanDay(core, createdAt, 30, new Date('2026-12-30T00:00:00.000Z')).day).toBe(30);
  });
});

inZone('Pacific/Pago_Pago', () => {
  // 20:00 on 23 November 2026 in Pago Pago is 07:00 on the 24th in UTC.
  const createdAt = '2026-11-24T07:00:00.000Z';

  it('runs 11 hours behind UTC', () => {
    expect(new Date(createdAt).getTimezoneOffset()).toBe(11 * 60);
    expect(new Date(createdAt).getHours()).toBe(20);
  });

  it('starts a plan made in the evening on that local day, as day 1', () => {
    const now = new Date(createdAt);
    expect(localDateOf(core, createdAt)).toBe('2026-11-23');
    expect(createdAt.slice(0, 10)).toBe('2026-11-24'); // UTC's date: a day late here
    expect(personalPlanDay(core, createdAt, 30, now)).toEqual({ startDate: '2026-11-23', day: 1 });
    // 23:59 local, still the 23rd.
    expect(personalPlanDay(core, createdAt, 30, new Date('2026-11-24T10:59:00.000Z')).day).toBe(1);
  });

  it('is day 2 the next local morning', () => {
    // 07:00 local on the 24th.
    expect(personalPlanDay(core, createdAt, 30, new Date('2026-11-24T18:00:00.000Z')).day).toBe(2);
  });

  it('counts across a new year and a leap day in the local calendar', () => {
    // 21:00 on 31 December 2027 local (08:00 on 1 January 2028 in UTC).
    const newYearsEve = '2028-01-01T08:00:00.000Z';
    expect(localDateOf(core, newYearsEve)).toBe('2027-12-31');
    // 09:00 on 1 March 2028 local: 31 + 29 + 1 days on, day 62.
    expect(personalPlanDay(core, newYearsEve, 90, new Date('2028-03-01T20:00:00.000Z')).day).toBe(62);
  });
});

describe('a plan day from the core', () => {
  it('is day 1 on the start date and never past the plan', () => {
    expect(core.planDay('2026-11-24', '2026-11-24', 30)).toBe(1);
    expect(core.planDay('2026-11-24', '2026-11-23', 30)).toBe(1);
    expect(core.planDay('2024-02-28', '2024-03-01', 30)).toBe(3);
    expect(core.planDay('2026-11-24', '2027-01-01', 7)).toBe(7);
    expect(core.planDay('24/11/2026', '2026-11-24', 7)).toBeUndefined();
  });
});
