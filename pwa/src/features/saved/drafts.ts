// Notes typed and not yet saved, kept on this device so a reload loses nothing.

import { storage } from '../../lib/storage';
import type { VersePlace } from './marks';

export const draftKey = (v: VersePlace) => `manna-note-draft:${v.book}:${v.chapter}:${v.verse}`;

/** Whether a note typed on this verse was left unsaved (its tools open again). */
export const hasNoteDraft = (v: VersePlace) => storage.get(draftKey(v)) !== null;
