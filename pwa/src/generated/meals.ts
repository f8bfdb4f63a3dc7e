// Generated from the Rust types by `make types`: do not edit.
// Meal plans, personal 30-day plans and shopping lists (manna_core::meals).

import type { ItemCategory, PlanType } from './records';

export type MealChoice = { recipeId: string, name: string, ingredients: Array<string>, benefits: string, minutes: number, 
/**
 * How much to serve, when the goal changes it.
 */
portion?: string, 
/**
 * The meal this one replaced for the person's preferences.
 */
swappedFrom?: string, };

export type MenuDay = { dayNumber: number, theme: string, breakfast: MealChoice, lunch: MealChoice, dinner: MealChoice, snacks: Array<MealChoice>, beverages: Array<string>, tips: string, };

export type PersonalDay = { dayNumber: number, theme: string, breakfast: MealChoice | null, lunch: MealChoice | null, dinner: MealChoice | null, snacks: Array<MealChoice>, beverages: Array<string>, tips: string, };

export type Workout = { title: string, minutes: number, 
/**
 * "Beginner", "Intermediate" or "Advanced".
 */
intensity: string, steps: Array<string>, };

export type Focus = { reference: string, text: string, focus: string, };

export type GeneratedDay = { day: number, theme: string, breakfast?: MealChoice, lunch?: MealChoice, dinner?: MealChoice, snack?: MealChoice, workout?: Workout, spiritualFocus: Focus, };

export type GeneratedPlan = { planType: PlanType, planName: string, title: string, description: string, dailyPlans: Array<GeneratedDay>, tips: Array<string>, };

export type BuiltItem = { itemName: string, category: ItemCategory, 
/**
 * What to buy: "2 cups", "1 1/4 lb", "3", "1 can".
 */
quantity: string, 
/**
 * "Recipes use 1/3 can": the exact amount, when less is needed than
 * `quantity` buys.
 */
quantityNote: string | null, 
/**
 * "high" for what most of the days need.
 */
priority: string | null, notes: string, nutritionalFocus: string, 
/**
 * Cents.
 */
estimatedPrice: number, };

export type BuiltList = { items: Array<BuiltItem>, 
/**
 * Cents: the sum of the items' prices.
 */
estimatedCost: number, totalItems: number, };

export type ListKind = "anti_inflammatory" | "digestive_healing" | "protein_power" | "pantry_staples";

export const LIST_KIND_VALUES = [
  "anti_inflammatory",
  "digestive_healing",
  "protein_power",
  "pantry_staples"
] as const satisfies readonly ListKind[];

export type NamedList = { title: string, weekNumber: number | null, items: Array<BuiltItem>, 
/**
 * Cents: the sum of the items' prices.
 */
estimatedCost: number, totalItems: number, };

export type PantryGroup = { title: string, why: string, 
/**
 * What a stocked pantry holds, in lines written as recipes write them.
 */
items: Array<string>, };

export type MealPlan = { id: string, title: string, description: string, duration: string, category: string, isPremium: boolean, principles: Array<string>, benefits: Array<string>, dayCount: number, 
/**
 * The caller may not have the plan's days, guidelines or shopping list
 * (a premium plan and a non-member): those lists are empty.
 */
locked: boolean, guidelines: Array<string>, 
/**
 * "2 cups spinach": the whole plan's ingredients, added up.
 */
shoppingList: Array<string>, };

/** Days in a personal plan. */
export const PLAN_DAYS = 30 as const;

/** Days the shopping calendar covers, from today. */
export const CALENDAR_DAYS = 30 as const;

/** Weekly lists of the shopping calendar. */
export const CALENDAR_WEEKS = 4 as const;

/** What each generate button builds from: the category of the plan followed, the plan used when none is, and whether it is a week's list. */
export const LIST_KINDS = {
  "anti_inflammatory": {
    "category": "anti-inflammatory",
    "defaultPlan": "anti-inflammatory-7day",
    "weekly": true
  },
  "digestive_healing": {
    "category": "digestive-comfort",
    "defaultPlan": "digestive-comfort-7day",
    "weekly": true
  },
  "pantry_staples": {
    "category": null,
    "defaultPlan": null,
    "weekly": false
  },
  "protein_power": {
    "category": null,
    "defaultPlan": null,
    "weekly": true
  }
} as const;

/** The allergies a plan's start form offers as choices (any other word typed is read as an ingredient). */
export const OFFERED_ALLERGIES = [
  "nuts",
  "dairy",
  "eggs",
  "gluten",
  "soy",
  "fish",
  "shellfish"
] as const;

/** The meal plan categories besides 'all'. */
export const MEAL_PLAN_CATEGORIES = [
  "anti-inflammatory",
  "digestive-comfort",
  "whole-foods-reset"
] as const;
