// The journal's lock as other pages need it: export writes a locked
// journal's entries in words, and import seals them again.

export { entriesInWords, JournalClosed, sealedForImport } from './lock';
