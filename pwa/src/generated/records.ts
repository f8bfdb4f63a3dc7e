// Generated from the Rust types by `make types`: do not edit.
// Synced tables and their records: shapes, enums and limits (manna_sync_protocol).

export type IsoDate = string;

export type FieldError = { 
/**
 * The field's wire name (`weight`, `reminderTime`); `id` for the record's id.
 */
field: string, message: string, };

export type JournalCategory = "gratitude" | "petition" | "intercession" | "confession" | "praise" | "reflection";

export const JOURNAL_CATEGORY_VALUES = [
  "gratitude",
  "petition",
  "intercession",
  "confession",
  "praise",
  "reflection"
] as const satisfies readonly JournalCategory[];

export type JournalEntry = { date: IsoDate, 
/**
 * The title; sealed in a locked journal.
 */
title: string, 
/**
 * The prayer; sealed in a locked journal.
 */
content: string, 
/**
 * Its kind; sealed in a locked journal.
 */
category: JournalCategory | string, answered?: boolean | null, 
/**
 * The day the prayer was marked answered.
 */
answeredOn?: IsoDate | null, 
/**
 * Whether the title, text and category are sealed (a locked
 * journal's entry).
 */
locked?: boolean | null, };

export type PassphraseLock = { 
/**
 * 16 random bytes, base64url without padding.
 */
salt: string, memoryKib: number, passes: number, lanes: number, 
/**
 * The journal key, sealed.
 */
wrapped: string, };

export type JournalKey = { 
/**
 * The lock's format (1).
 */
format: number, 
/**
 * Names the journal key, so a second lock made elsewhere at the
 * same time is refused rather than orphaning the first one's entries.
 */
keyId: string, 
/**
 * Changed with the passphrase, as one value.
 */
passphrase: PassphraseLock, 
/**
 * The same for the recovery key shown once when the journal was
 * locked.
 */
recovery: PassphraseLock, lockedAt: string, };

export type Weekday = "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";

export const WEEKDAY_VALUES = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday"
] as const satisfies readonly Weekday[];

export type PrayerType = "morning" | "mealtime" | "evening" | "custom";

export const PRAYER_TYPE_VALUES = [
  "morning",
  "mealtime",
  "evening",
  "custom"
] as const satisfies readonly PrayerType[];

export type PrayerReminder = { title: string, description: string, 
/**
 * `HH:MM`, 24-hour.
 */
reminderTime: string, 
/**
 * 1 active, 0 paused (the spec's wire form).
 */
isActive: number, days: Array<Weekday>, prayerType: PrayerType, };

export type Mood = "great" | "good" | "okay" | "struggling";

export const MOOD_VALUES = [
  "great",
  "good",
  "okay",
  "struggling"
] as const satisfies readonly Mood[];

export type WeightEntry = { 
/**
 * Tenths of a pound.
 */
weight: number, date: IsoDate, notes?: string | null, mood?: Mood | null, };

export type Grade = "Great!" | "Good" | "Needs Improvement";

export const GRADE_VALUES = [
  "Great!",
  "Good",
  "Needs Improvement"
] as const satisfies readonly Grade[];

export type WellnessScore = { date: IsoDate, score: number, grade: Grade, 
/**
 * Statement number ("1" to "5") to its rating.
 */
responses: { [key in string]: number }, };

export type PrimaryGoal = "weight_loss" | "muscle_gain" | "energy_boost" | "stress_reduction" | "general_health";

export const PRIMARY_GOAL_VALUES = [
  "weight_loss",
  "muscle_gain",
  "energy_boost",
  "stress_reduction",
  "general_health"
] as const satisfies readonly PrimaryGoal[];

export type FitnessLevel = "beginner" | "intermediate" | "advanced";

export const FITNESS_LEVEL_VALUES = [
  "beginner",
  "intermediate",
  "advanced"
] as const satisfies readonly FitnessLevel[];

export type Gender = "male" | "female";

export const GENDER_VALUES = [
  "male",
  "female"
] as const satisfies readonly Gender[];

export type TimeCommitment = "15min" | "30min" | "45min" | "60min";

export const TIME_COMMITMENT_VALUES = [
  "15min",
  "30min",
  "45min",
  "60min"
] as const satisfies readonly TimeCommitment[];

export type Budget = "budget_friendly" | "moderate" | "premium";

export const BUDGET_VALUES = [
  "budget_friendly",
  "moderate",
  "premium"
] as const satisfies readonly Budget[];

export type DietaryRestriction = "gluten_free" | "dairy_free" | "nut_allergies" | "egg_allergy" | "shellfish_allergy" | "soy_free" | "vegetarian" | "low_carb" | "diabetic_friendly" | "heart_healthy" | "none";

export const DIETARY_RESTRICTION_VALUES = [
  "gluten_free",
  "dairy_free",
  "nut_allergies",
  "egg_allergy",
  "shellfish_allergy",
  "soy_free",
  "vegetarian",
  "low_carb",
  "diabetic_friendly",
  "heart_healthy",
  "none"
] as const satisfies readonly DietaryRestriction[];

export type MealType = "quick_prep" | "gourmet_cooking" | "batch_prep" | "one_pot_meals" | "raw_foods" | "comfort_foods" | "international_cuisine";

export const MEAL_TYPE_VALUES = [
  "quick_prep",
  "gourmet_cooking",
  "batch_prep",
  "one_pot_meals",
  "raw_foods",
  "comfort_foods",
  "international_cuisine"
] as const satisfies readonly MealType[];

export type HealthConcern = "digestive_health" | "energy_levels" | "sleep_quality" | "stress_management" | "joint_health" | "heart_health" | "brain_health" | "hormonal_balance";

export const HEALTH_CONCERN_VALUES = [
  "digestive_health",
  "energy_levels",
  "sleep_quality",
  "stress_management",
  "joint_health",
  "heart_health",
  "brain_health",
  "hormonal_balance"
] as const satisfies readonly HealthConcern[];

export type WellnessGoal = { primaryGoal: PrimaryGoal, currentFitnessLevel: FitnessLevel, gender: Gender, timeCommitment: TimeCommitment, budget: Budget, dietaryRestrictions: Array<DietaryRestriction>, healthConcerns: Array<HealthConcern>, preferredMealTypes: Array<MealType>, motivation?: string | null, 
/**
 * Tenths of a pound.
 */
startWeight?: number | null, 
/**
 * Tenths of a pound.
 */
targetWeight?: number | null, 
/**
 * When the assessment was saved (ISO time), for newest first.
 */
createdAt?: string | null, };

export type ShoppingList = { title: string, status: string, createdAt: string, 
/**
 * Cents.
 */
estimatedCost?: number | null, weekNumber?: number | null, 
/**
 * The meal plan the list was built from, and the first day of the
 * 30 days it belongs to (the shopping calendar's lists).
 */
planId?: string | null, startDate?: IsoDate | null, };

export type ItemCategory = "produce" | "protein" | "dairy" | "pantry" | "oils" | "supplements" | "other";

export const ITEM_CATEGORY_VALUES = [
  "produce",
  "protein",
  "dairy",
  "pantry",
  "oils",
  "supplements",
  "other"
] as const satisfies readonly ItemCategory[];

export type ShoppingListItem = { listId: string, itemName: string, category: ItemCategory, quantity?: string | null, 
/**
 * The recipes' exact amount when less than `quantity` buys ("Recipes
 * use 1/3 can"); absent on items made before lists said so.
 */
quantityNote?: string | null, priority?: string | null, notes?: string | null, nutritionalFocus?: string | null, 
/**
 * Cents.
 */
estimatedPrice?: number | null, isChecked: boolean, checkedAt?: string | null, };

export type PlanType = "meal_plan" | "fitness_challenge";

export const PLAN_TYPE_VALUES = [
  "meal_plan",
  "fitness_challenge"
] as const satisfies readonly PlanType[];

export type PlanDay = Record<string, unknown>;

export type PersonalizedPlan = { planType: PlanType, planName: string, title: string, description: string, createdAt: string, dailyPlans: Array<PlanDay>, tips: Array<string>, goalId?: string | null, };

export type PlanProgress = { planId: string, day: number, completed: boolean, completedAt?: string | null, };

export type Preferences = { allergies: Array<string>, dislikes: Array<string>, dietaryRestrictions: Array<string>, };

export type MealPlanEnrollment = { mealPlanId: string, startDate: IsoDate, preferences?: Preferences | null, };

export type UserSettings = Record<string, unknown>;

/** The settings record the app's preferences (theme, rest day) are kept in. */
export const PREFERENCES_ID = "settings-preferences" as const;

/** The preference holding the local HH:MM the verse of the day rings at. */
export const VERSE_TIME = "verseTime" as const;

/** The preference holding the goal weight, in tenths of a pound. */
export const WEIGHT_GOAL = "weightGoal" as const;

/** The preference holding the local HH:MM a person's quiet hours start at (no group notification until they end). */
export const QUIET_FROM = "quietFrom" as const;

/** The preference holding the local HH:MM a person's quiet hours end at. */
export const QUIET_TO = "quietTo" as const;

export type Welcome = "done" | "skipped";

export const WELCOME_VALUES = [
  "done",
  "skipped"
] as const satisfies readonly Welcome[];

/** The preference saying the welcome was gone through or skipped. */
export const WELCOME = "welcome" as const;

export type Practice = "reading" | "prayer" | "exercise" | "meditation";

export const PRACTICE_VALUES = [
  "reading",
  "prayer",
  "exercise",
  "meditation"
] as const satisfies readonly Practice[];

export type DailyCompletion = { date: IsoDate, reading?: boolean | null, prayer?: boolean | null, exercise?: boolean | null, meditation?: boolean | null, };

export type FavoriteReading = { 
/**
 * The day whose reading it is.
 */
date: IsoDate, reference: string, 
/**
 * The words of the passage, as the reading gave them.
 */
verse: string, savedAt: string, };

export type HighlightColor = "yellow" | "green" | "blue" | "pink";

export const HIGHLIGHT_COLOR_VALUES = [
  "yellow",
  "green",
  "blue",
  "pink"
] as const satisfies readonly HighlightColor[];

export type Highlight = { 
/**
 * The book's OSIS id (`John`, `1Cor`).
 */
book: string, chapter: number, verse: number, color: HighlightColor, 
/**
 * The verse's words where it was highlighted, for the Saved page.
 */
text?: string | null, createdAt: string, };

export type VerseNote = { 
/**
 * The book's OSIS id (`John`, `1Cor`).
 */
book: string, chapter: number, verse: number, note: string, 
/**
 * The verse's words where the note was written, for the Saved page.
 */
text?: string | null, updatedAt: string, };

export type GroupKind = "church" | "small_group" | "family";

export const GROUP_KIND_VALUES = [
  "church",
  "small_group",
  "family"
] as const satisfies readonly GroupKind[];

export type Role = "owner" | "leader" | "member";

export const ROLE_VALUES = [
  "owner",
  "leader",
  "member"
] as const satisfies readonly Role[];

export type Audience = "group" | "leaders";

export const AUDIENCE_VALUES = [
  "group",
  "leaders"
] as const satisfies readonly Audience[];

export type NewRequests = "off" | "each" | "digest";

export const NEW_REQUESTS_VALUES = [
  "off",
  "each",
  "digest"
] as const satisfies readonly NewRequests[];

export type NoticeChoice = { newRequests: NewRequests, 
/**
 * Local `HH:MM`.
 */
digestAt: string, muted: boolean, };

export type GroupRequest = { groupId: string, title: string, details: string, 
/**
 * Everyone in the group, or only its leaders (and the writer).
 */
audience: Audience, 
/**
 * Whether members see it without the writer's name (leaders see it).
 */
anonymous: boolean, 
/**
 * The writer's member id and their name in the group.
 */
authorId?: string | null, authorName?: string | null, createdAt: string, 
/**
 * The day it was posted or last renewed (it is "older" 30 days on).
 */
renewedOn: IsoDate, 
/**
 * The day it was answered, and a few words of how.
 */
answeredOn?: IsoDate | null, answer?: string | null, 
/**
 * Hidden by a leader: seen only by leaders and the writer.
 */
hidden: boolean, };

export type GroupUpdate = { groupId: string, requestId: string, text: string, authorId?: string | null, createdAt: string, };

export type GroupPrayer = { groupId: string, requestId: string, 
/**
 * Who prayed (sent only to their own devices).
 */
memberId?: string | null, 
/**
 * Their name, when they chose to show it.
 */
name?: string | null, prayedOn: IsoDate, };

export type GroupReflection = { groupId: string, 
/**
 * The day whose reading it is about.
 */
date: IsoDate, text: string, authorId?: string | null, authorName?: string | null, createdAt: string, hidden: boolean, };

export type GroupReport = { groupId: string, 
/**
 * The request, update or reflection reported.
 */
postId: string, reason: string, reporterId?: string | null, createdAt: string, };

/** The record type each synced table holds. */
export type TableRecords = {
  prayerJournal: JournalEntry;
  weightEntries: WeightEntry;
  prayerReminders: PrayerReminder;
  shoppingLists: ShoppingList;
  shoppingListItems: ShoppingListItem;
  wellnessGoals: WellnessGoal;
  personalizedPlans: PersonalizedPlan;
  planProgress: PlanProgress;
  wellnessScores: WellnessScore;
  mealPlanEnrollments: MealPlanEnrollment;
  userSettings: UserSettings;
  dailyCompletions: DailyCompletion;
  favoriteReadings: FavoriteReading;
  highlights: Highlight;
  verseNotes: VerseNote;
  journalKeys: JournalKey;
  groupRequests: GroupRequest;
  groupUpdates: GroupUpdate;
  groupPrayers: GroupPrayer;
  groupReflections: GroupReflection;
  groupReports: GroupReport;
};

/** Longest group name, in characters. */
export const GROUP_NAME_MAX = 80 as const;

/** Longest group description, in characters. */
export const GROUP_DESCRIPTION_MAX = 500 as const;

/** Longest name a member shows in a group, in characters. */
export const DISPLAY_NAME_MAX = 60 as const;

/** Longest prayer request, in characters. */
export const REQUEST_TITLE_MAX = 120 as const;

/** Longest details of a prayer request, in characters. */
export const REQUEST_DETAILS_MAX = 2000 as const;

/** Longest news added to a request, in characters. */
export const UPDATE_MAX = 1000 as const;

/** Longest words of how a request was answered, in characters. */
export const ANSWER_MAX = 500 as const;

/** Longest reflection on the day's reading, in characters. */
export const REFLECTION_MAX = 1000 as const;

/** Longest reason given in a report, in characters. */
export const REPORT_MAX = 500 as const;

/** Days an invitation lasts when its leader does not say. */
export const INVITATION_DEFAULT_DAYS = 7 as const;

/** Most days an invitation may last. */
export const INVITATION_MOST_DAYS = 30 as const;

/** Longest title or name, in characters. */
export const TITLE_MAX = 200 as const;

/** Longest description or notes, in characters. */
export const NOTES_MAX = 2000 as const;

/** Longest journal entry, in characters. */
export const JOURNAL_ENTRY_MAX = 20000 as const;

/** Longest passage a favorite reading keeps, in characters. */
export const PASSAGE_MAX = 10000 as const;

/** Longest record id. */
export const ID_MAX = 200 as const;

/** Heaviest weight, in tenths of a pound. */
export const MAX_WEIGHT_TENTHS = 15000 as const;

/** Statements of the daily wellness check. */
export const WELLNESS_STATEMENTS = 5 as const;

/** The lowest rating of a wellness statement. */
export const WELLNESS_LOWEST_RATING = 1 as const;

/** The highest rating of a wellness statement. */
export const WELLNESS_HIGHEST_RATING = 5 as const;
