// Lengths of time in milliseconds, for how long something lasts (a cache's
// life, a message on screen). Never for counting calendar days: the core
// counts those on local dates (a day is not always 24 hours where clocks change).

export const DAY_MS = 86_400_000;
