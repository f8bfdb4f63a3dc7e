// @vitest-environment node
// The WASM build must give the same answers as the native Rust: both are checked
// against core-wasm/tests/vectors.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreFromBytes } from './core';
import { recordsFromBytes } from './records';
import { toolsFromBytes } from './tools';

const vectors = JSON.parse(readFileSync(new URL('../../../core-wasm/tests/vectors.json', import.meta.url), 'utf8'));
const validation = JSON.parse(readFileSync(new URL('../../../sync-protocol/tests/validation.json', import.meta.url), 'utf8'));
const core = await coreFromBytes(readFileSync(new URL('./pkg/manna_core_bg.wasm', import.meta.url)));
const records = await recordsFromBytes(readFileSync(new URL('./pkg/manna_records_bg.wasm', import.meta.url)));
const tools = await toolsFromBytes(readFileSync(new URL('./pkg/manna_tools_bg.wasm', import.meta.url)));

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
    for (const v of vectors.weekStrip) expect(core.weekStrip(v.today, v.visited, v.restDay ?? undefined), v.today).toEqual(v.strip);
  });

  it('grades the wellness check like the server', () => {
    for (const v of vectors.grades) {
      const ratings = [5, 5, 5, 5, 5];
      let excess = 25 - v.total;
      for (let i = 0; excess > 0; i = (i + 1) % 5) {
        if (ratings[i] > 1) {
          ratings[i] -= 1;
          excess -= 1;
        }
      }
      expect(core.wellnessScore(ratings)).toEqual({ score: v.total, grade: v.grade });
    }
    expect(() => core.wellnessScore([5, 5, 5, 5])).toThrow(/rate all 5/);
  });

  it('computes weight progress like the server', () => {
    for (const v of vectors.weightProgress) expect(tools.weightProgress(v.dates, v.weights, v.today)).toEqual(v.progress);
  });

  it('reads a weight typed in pounds as tenths, and refuses it in pounds', () => {
    expect(tools.weightTenths('172.46')).toBe(1725);
    expect(tools.weightTenths('-5')).toEqual({ field: 'weight', message: '-5 lb is outside 0.1 to 1500 lb' });
    expect(tools.weightTenths('heavy')).toEqual({ field: 'weight', message: 'must be your weight in pounds, a number from 0.1 to 1500' });
  });

  it('counts plan days, shopping weeks and chart spans like the native build', () => {
    for (const v of vectors.planDay) expect(core.planDay(v.start, v.today, v.length), `${v.start} ${v.today} ${v.length}`).toBe(v.day);
    for (const v of vectors.calendarWeekOf) expect(tools.calendarWeekOf(v.start, v.date), `${v.start} ${v.date}`).toBe(v.week ?? undefined);
    for (const v of vectors.calendarWeekDates) expect(tools.calendarWeekDates(v.start, v.week), `${v.start} ${v.week}`).toEqual(v.dates);
    for (const v of vectors.spanStart) expect(tools.spanStart(v.last, v.days), `${v.last} ${v.days}`).toBe(v.first);
  });

  it('averages the week of wellness checks like the server', () => {
    for (const v of vectors.weeklyAverage) expect(core.weeklyAverage(v.dates, v.scores, v.to), v.to).toEqual(v.average);
  });

  it('refuses exactly the records the server refuses, with the same words', () => {
    expect(validation.length).toBeGreaterThan(30);
    for (const v of validation) {
      expect(records.validateRecord(v.table, v.id, v.fields), `${v.table} ${v.id} ${JSON.stringify(v.error)}`).toEqual(
        v.error ?? undefined,
      );
    }
  });

  it('names new records by the scheme of their table', () => {
    expect(records.recordId('weightEntries', { date: '2026-11-22', weight: 1800 }, 'x')).toBe('weight:2026-11-22');
    expect(records.recordId('prayerReminders', { title: 'Morning' }, 'k3j9')).toBe('reminder-k3j9');
    expect(records.recordId('planProgress', { planId: 'plan-a1', day: 4, completed: true }, 'x')).toBe('progress:plan-a1:4');
    expect(() => records.recordId('wellnessScores', {}, 'x')).toThrow(/date/);
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
