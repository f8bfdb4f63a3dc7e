// What the user finished each day (today's reading read, a prayer prayed, an
// exercise and a meditation finished): one synced record a day, ticked by the
// pages where each is done, read by Home's week strip and the premium
// dashboard, which also show the days the server refused. The record's rules
// are the Rust ones (DailyCompletion).

export { PRACTICES, useCompletions, type Practice } from './completions';
export { CompletionRefusals } from './CompletionRefusals';
export { markDone, markDoneSoon, PRACTICE_LABELS } from './markDone';
