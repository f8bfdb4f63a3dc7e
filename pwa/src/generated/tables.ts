// Generated from the Rust types by `make types`: do not edit.
// The synced tables (manna_sync_protocol).

export type Table = "prayerJournal" | "weightEntries" | "prayerReminders" | "shoppingLists" | "shoppingListItems" | "wellnessGoals" | "personalizedPlans" | "planProgress" | "wellnessScores" | "mealPlanEnrollments" | "userSettings" | "dailyCompletions" | "favoriteReadings" | "highlights" | "verseNotes" | "journalKeys" | "groupRequests" | "groupUpdates" | "groupPrayers" | "groupReflections" | "groupReports";

export const TABLE_VALUES = [
  "prayerJournal",
  "weightEntries",
  "prayerReminders",
  "shoppingLists",
  "shoppingListItems",
  "wellnessGoals",
  "personalizedPlans",
  "planProgress",
  "wellnessScores",
  "mealPlanEnrollments",
  "userSettings",
  "dailyCompletions",
  "favoriteReadings",
  "highlights",
  "verseNotes",
  "journalKeys",
  "groupRequests",
  "groupUpdates",
  "groupPrayers",
  "groupReflections",
  "groupReports"
] as const satisfies readonly Table[];

/** The tables whose records a group shares (kept in the group's records, filed by the group their id names), never part of one person's export. */
export const SHARED_TABLES = [
  "groupRequests",
  "groupUpdates",
  "groupPrayers",
  "groupReflections",
  "groupReports"
] as const;
