// A personal plan's days on the person's own calendar: it starts on the local
// date of the moment it was made (its `createdAt` is that moment in UTC, whose
// date is often another one here), and the core counts today's day of it.

import { localDateOf, todayIn, type Core } from '../../wasm/core';

export function personalPlanDay(core: Core, createdAt: string, length: number, now: Date = new Date()): { startDate: string; day: number } {
  const startDate = localDateOf(core, createdAt);
  return { startDate, day: core.planDay(startDate, todayIn(core, now), length) ?? 1 };
}
