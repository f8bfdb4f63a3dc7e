// What a person keeps from their reading: the heart, highlights and notes.
// The tools to highlight and write load when first opened, and the Saved page
// with its route.

export { HeartButton } from './LazyHeartButton';
export { hasNoteDraft } from './drafts';
export { NoteText } from './NoteText';
export { useChapterMarks, type ChapterMarks, type VerseWithText } from './marks';
export { VerseTools } from './LazyVerseTools';
