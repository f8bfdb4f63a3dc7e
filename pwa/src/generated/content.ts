// Generated from the Rust types by `make types`: do not edit.
// Daily content as the server sends it (server/src/content).

import type { IsoDate, JournalCategory } from './records';

export type BibleReading = { id: string, reference: string, verse: string, reflection: string, csLewisQuote?: string, quoteSource?: string, prayer?: string, 
/**
 * The day of the church year it is read on (`manna_core::Slot::key`).
 */
slot?: string, 
/**
 * The book or series an ordinary day's reading walks through ("Mark").
 */
series?: string, };

export type HealthTip = { id: string, category: string, title: string, content: string, quickAction?: string, tags?: Array<string>, sources?: string, };

export type FoodSpotlight = { id: string, name: string, season: string, description: string, benefits?: string, preparation?: string, sources?: string, };

export type Difficulty = "beginner" | "intermediate" | "advanced";

export type ExerciseSuggestion = { id: string, category: string, title: string, description: string, duration: string, difficulty: Difficulty, benefits: string, 
/**
 * A verse and thought to carry through the exercise.
 */
spiritualComponent: string, instructions?: Array<string>, sources?: string, };

export type BiohackCategory = "light-therapy" | "grounding" | "breathwork" | "cold-therapy" | "mindfulness" | "healthy-home" | "nutrition-timing" | "movement" | "hydration" | "other";

export type Biohack = { id: string, title: string, description: string, category: BiohackCategory, duration: string, howTo: string, benefits: string, scientificBasis?: string, isPremium: number, };

export type CostLevel = "free" | "low-cost" | "moderate-cost";

export type TipDifficulty = "easy" | "moderate" | "advanced";

export type HomeTip = { id: string, category: string, title: string, content: string, quickAction: string, costLevel: CostLevel, difficulty: TipDifficulty, tags: Array<string>, };

export type BiblicalFood = { id: string, name: string, description: string, biblicalReferences: string, healthBenefits: string, modernPreparation: string, spiritualSignificance: string, sources: string, };

export type HealthySnack = { id: string, name: string, category: string, description: string, nutritionHighlights: string, healthBenefits: string, servingSize: string, preparationTips: string, pairingIdeas: string, };

export type WorshipSong = { id: string, title: string, author: string, 
/**
 * The year the author died; absent when it is not recorded (an
 * anonymous text, or an author born long before 1855). The content tests
 * require it to be before 1955, so the words are public domain worldwide.
 */
authorDied?: number, 
/**
 * For a translation, the year its last translator died (before 1955).
 */
translatorDied?: number, 
/**
 * The year the words were written (or, for a translation, translated).
 */
year: number, theme: string, keyLines: Array<string>, prayer: string, 
/**
 * A KJV passage the hymn draws on.
 */
scripture: string, };

export type MeditationSession = { id: string, title: string, description: string, category: string, 
/**
 * Minutes.
 */
duration: number, verseReference: string, bibleVerse: string, 
/**
 * Sent only to premium members when `is_premium` is 1 (null to others).
 */
scriptContent: string | null, tags: Array<string>, isPremium: number, };

export type PrayerSession = { id: string, title: string, description: string, category: string, prayerType: string, 
/**
 * Minutes.
 */
duration: number, verseReference: string, bibleVerse: string, 
/**
 * Sent only to premium members when `is_premium` is 1 (null to others).
 */
scriptContent: string | null, tags: Array<string>, isPremium: number, };

export type Recipe = { id: string, food: string, title: string, time: string, servings: number, ingredients: Array<string>, instructions: Array<string>, benefits: string, };

export type WordStudy = { word: string, 
/**
 * 'H7462' (Hebrew) or 'G1515' (Greek).
 */
strongs: string, lemma: string, transliteration: string, pronunciation: string, definition: string, 
/**
 * How the KJV renders the word elsewhere.
 */
kjvUsage: string, };

export type ParallelText = { kjv: string, web: string, };

export type Commentary = { section: string, text: string, };

export type Passage = { reference: string, text: string, };

export type TopicPassages = { topic: string, under: string, 
/**
 * How many passages the extraction takes (4 unless given).
 */
count?: number, passages: Array<Passage>, };

export type BibleStudy = { id: string, readingId: string, reference: string, context: string, application: string, 
/**
 * Questions for a group discussing the passage.
 */
discussion: Array<string>, wordStudies: Array<WordStudy>, parallel: ParallelText, commentary: Commentary, crossReferences: Array<TopicPassages>, };

export type MainExercise = { name: string, sets: number, reps: string, duration?: string, instructions: Array<string>, modifications?: Array<string>, };

export type PremiumRoutine = { id: string, title: string, description: string, difficultyLevel: Difficulty, 
/**
 * As shown: "25 minutes".
 */
duration: string, 
/**
 * The guided session's length.
 */
durationMinutes: number, equipment: Array<string>, targetMuscles: Array<string>, warmupExercises: Array<string>, mainExercises: Array<MainExercise>, cooldownExercises: Array<string>, restPeriods: string, 
/**
 * A KJV verse (checked by the content tests) and a thought for the session.
 */
spiritualFocus: string, tips: Array<string>, benefits: string, };

export type JournalPrompt = { id: string, category: JournalCategory, prompt: string, };

export type Remedy = { name: string, ingredients: Array<string>, instructions: string, benefits: string, timing: string, };

export type RemedySearch = { found: boolean, 
/**
 * What was typed.
 */
searchTerm: string, 
/**
 * The symptom found (none when nothing matched).
 */
symptom?: string, message?: string, primaryRemedies: Array<Remedy>, additionalSupport: Array<string>, avoidList: Array<string>, whenToSeekCare: string, 
/**
 * When nothing matched: the symptoms there are remedies for.
 */
suggestions: Array<string>, disclaimer: string, };

export type TechniqueLevel = "Beginner" | "Intermediate" | "Advanced";

export type Technique = { name: string, description: string, howTo: string, benefits: Array<string>, difficulty: TechniqueLevel, timeRequired: string, equipment?: Array<string>, tips: Array<string>, warnings: Array<string>, };

export type GlossaryCategory = { id: string, title: string, description: string, icon: string, 
/**
 * A gradient, as the spec names it ("from-amber-400 to-orange-500").
 */
color: string, techniques: Array<Technique>, };

export type LibraryReading = { id: string, title: string, author: string, topic: string, category: string, description: string, url: string, };

export type ArchiveHit = { 
/**
 * `bible`, `health`, `nutrition` or `fitness`.
 */
type: string, id: string, title: string, 
/**
 * The last date it was shown, up to today.
 */
date: string, 
/**
 * At most 120 characters of its text (not the title), around the match
 * when the match is in the text.
 */
snippet: string, 
/**
 * Day N (readings), the category (tips), the season (foods), the duration (exercises).
 */
badge: string, };

export type ArchivePage = { items: Array<ArchiveHit>, 
/**
 * All items found (the spec's "Found N items").
 */
total: number, page: number, hasMore: boolean, };

export type Dated = { date: IsoDate, };

/** A premium biohack as a free device receives it: its text held back (null). */
export type LockedBiohack = Pick<Biohack, 'id' | 'title' | 'category' | 'isPremium'> & { description: null, duration: null, howTo: null, benefits: null, scientificBasis: null };

export type VerseRange = { 
/**
 * The book's OSIS id (`Ps`, `1Cor`).
 */
osis: string, chapter: number, from: number, to: number, 
/**
 * Whether a card shows only the passage's first lines until the person
 * asks for the whole (it has more than `FOLDED_AFTER_VERSES` verses).
 */
folded: boolean, };

export type BookEntry = { 
/**
 * The OSIS id (`Gen`, `1Sam`, `Ps`).
 */
osis: string, name: string, chapters: number, };

export type BibleIndex = { translation: string, name: string, books: Array<BookEntry>, };

export type Verse = { verse: number, text: string, };

export type BibleChapter = { translation: string, 
/**
 * The book's name ("1 Samuel").
 */
book: string, osis: string, chapter: number, chapters: number, verses: Array<Verse>, };

export type BibleBook = { translation: string, book: string, osis: string, 
/**
 * Every chapter, in order, each as `GET …/{book}/{chapter}` answers it.
 */
chapters: Array<BibleChapter>, };

export type VerseHit = { 
/**
 * The book's OSIS id (`Ps`, `1Cor`).
 */
osis: string, 
/**
 * The book's name ("1 Corinthians").
 */
book: string, chapter: number, verse: number, text: string, };

export type BibleSearch = { translation: string, query: string, 
/**
 * How many verses have every word (`verses` lists the first of them).
 */
total: number, verses: Array<VerseHit>, };

export type DayContent = { date: IsoDate, 
/**
 * Day of the year (1 January is 1).
 */
dayNumber: number, bibleReading: (BibleReading & Dated & { dayNumber: number; place: string | null; passage: VerseRange | null }) | null, healthTip: (HealthTip & Dated) | null, foodSpotlight: (FoodSpotlight & Dated) | null, exerciseSuggestion: (ExerciseSuggestion & Dated) | null, dailyBiohack: ((Biohack | LockedBiohack) & Dated) | null, healthyHomeTip: (HomeTip & Dated) | null, biblicalFood: (BiblicalFood & Dated) | null, healthySnack: (HealthySnack & Dated) | null, };

/** Longest symptom the remedy search takes, in characters. */
export const SYMPTOM_MAX = 100 as const;

/** Longest archive search text, in characters. */
export const ARCHIVE_QUERY_MAX = 200 as const;

/** The 66 books in canonical order, with their chapters (manna_core::scripture). */
export const BIBLE_BOOKS = [
  {
    "osis": "Gen",
    "name": "Genesis",
    "chapters": 50
  },
  {
    "osis": "Exod",
    "name": "Exodus",
    "chapters": 40
  },
  {
    "osis": "Lev",
    "name": "Leviticus",
    "chapters": 27
  },
  {
    "osis": "Num",
    "name": "Numbers",
    "chapters": 36
  },
  {
    "osis": "Deut",
    "name": "Deuteronomy",
    "chapters": 34
  },
  {
    "osis": "Josh",
    "name": "Joshua",
    "chapters": 24
  },
  {
    "osis": "Judg",
    "name": "Judges",
    "chapters": 21
  },
  {
    "osis": "Ruth",
    "name": "Ruth",
    "chapters": 4
  },
  {
    "osis": "1Sam",
    "name": "1 Samuel",
    "chapters": 31
  },
  {
    "osis": "2Sam",
    "name": "2 Samuel",
    "chapters": 24
  },
  {
    "osis": "1Kgs",
    "name": "1 Kings",
    "chapters": 22
  },
  {
    "osis": "2Kgs",
    "name": "2 Kings",
    "chapters": 25
  },
  {
    "osis": "1Chr",
    "name": "1 Chronicles",
    "chapters": 29
  },
  {
    "osis": "2Chr",
    "name": "2 Chronicles",
    "chapters": 36
  },
  {
    "osis": "Ezra",
    "name": "Ezra",
    "chapters": 10
  },
  {
    "osis": "Neh",
    "name": "Nehemiah",
    "chapters": 13
  },
  {
    "osis": "Esth",
    "name": "Esther",
    "chapters": 10
  },
  {
    "osis": "Job",
    "name": "Job",
    "chapters": 42
  },
  {
    "osis": "Ps",
    "name": "Psalms",
    "chapters": 150
  },
  {
    "osis": "Prov",
    "name": "Proverbs",
    "chapters": 31
  },
  {
    "osis": "Eccl",
    "name": "Ecclesiastes",
    "chapters": 12
  },
  {
    "osis": "Song",
    "name": "Song of Solomon",
    "chapters": 8
  },
  {
    "osis": "Isa",
    "name": "Isaiah",
    "chapters": 66
  },
  {
    "osis": "Jer",
    "name": "Jeremiah",
    "chapters": 52
  },
  {
    "osis": "Lam",
    "name": "Lamentations",
    "chapters": 5
  },
  {
    "osis": "Ezek",
    "name": "Ezekiel",
    "chapters": 48
  },
  {
    "osis": "Dan",
    "name": "Daniel",
    "chapters": 12
  },
  {
    "osis": "Hos",
    "name": "Hosea",
    "chapters": 14
  },
  {
    "osis": "Joel",
    "name": "Joel",
    "chapters": 3
  },
  {
    "osis": "Amos",
    "name": "Amos",
    "chapters": 9
  },
  {
    "osis": "Obad",
    "name": "Obadiah",
    "chapters": 1
  },
  {
    "osis": "Jonah",
    "name": "Jonah",
    "chapters": 4
  },
  {
    "osis": "Mic",
    "name": "Micah",
    "chapters": 7
  },
  {
    "osis": "Nah",
    "name": "Nahum",
    "chapters": 3
  },
  {
    "osis": "Hab",
    "name": "Habakkuk",
    "chapters": 3
  },
  {
    "osis": "Zeph",
    "name": "Zephaniah",
    "chapters": 3
  },
  {
    "osis": "Hag",
    "name": "Haggai",
    "chapters": 2
  },
  {
    "osis": "Zech",
    "name": "Zechariah",
    "chapters": 14
  },
  {
    "osis": "Mal",
    "name": "Malachi",
    "chapters": 4
  },
  {
    "osis": "Matt",
    "name": "Matthew",
    "chapters": 28
  },
  {
    "osis": "Mark",
    "name": "Mark",
    "chapters": 16
  },
  {
    "osis": "Luke",
    "name": "Luke",
    "chapters": 24
  },
  {
    "osis": "John",
    "name": "John",
    "chapters": 21
  },
  {
    "osis": "Acts",
    "name": "Acts",
    "chapters": 28
  },
  {
    "osis": "Rom",
    "name": "Romans",
    "chapters": 16
  },
  {
    "osis": "1Cor",
    "name": "1 Corinthians",
    "chapters": 16
  },
  {
    "osis": "2Cor",
    "name": "2 Corinthians",
    "chapters": 13
  },
  {
    "osis": "Gal",
    "name": "Galatians",
    "chapters": 6
  },
  {
    "osis": "Eph",
    "name": "Ephesians",
    "chapters": 6
  },
  {
    "osis": "Phil",
    "name": "Philippians",
    "chapters": 4
  },
  {
    "osis": "Col",
    "name": "Colossians",
    "chapters": 4
  },
  {
    "osis": "1Thess",
    "name": "1 Thessalonians",
    "chapters": 5
  },
  {
    "osis": "2Thess",
    "name": "2 Thessalonians",
    "chapters": 3
  },
  {
    "osis": "1Tim",
    "name": "1 Timothy",
    "chapters": 6
  },
  {
    "osis": "2Tim",
    "name": "2 Timothy",
    "chapters": 4
  },
  {
    "osis": "Titus",
    "name": "Titus",
    "chapters": 3
  },
  {
    "osis": "Phlm",
    "name": "Philemon",
    "chapters": 1
  },
  {
    "osis": "Heb",
    "name": "Hebrews",
    "chapters": 13
  },
  {
    "osis": "Jas",
    "name": "James",
    "chapters": 5
  },
  {
    "osis": "1Pet",
    "name": "1 Peter",
    "chapters": 5
  },
  {
    "osis": "2Pet",
    "name": "2 Peter",
    "chapters": 3
  },
  {
    "osis": "1John",
    "name": "1 John",
    "chapters": 5
  },
  {
    "osis": "2John",
    "name": "2 John",
    "chapters": 1
  },
  {
    "osis": "3John",
    "name": "3 John",
    "chapters": 1
  },
  {
    "osis": "Jude",
    "name": "Jude",
    "chapters": 1
  },
  {
    "osis": "Rev",
    "name": "Revelation",
    "chapters": 22
  }
] as const;

/** Longest Bible search text, in characters. */
export const BIBLE_SEARCH_MAX = 200 as const;

/** Longest archive snippet, in characters. */
export const ARCHIVE_SNIPPET_MAX = 120 as const;
