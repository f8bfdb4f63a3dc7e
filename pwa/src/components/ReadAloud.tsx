// Read-aloud's controls with the speech behind them, for a card whose text
// marks the sentence being read (it is told each one, with where it stands in
// a text). Loaded just after the first render: LazyReadAloud.tsx keeps their
// place until then.

import { useCallback } from 'react';
import { ReadAloudControls } from './ReadAloudControls';
import { spokenAt } from './speech';
import type { SpokenPlace } from './SpokenWords';
import { useReadAloud, type SpokenNow } from './useReadAloud';

/** The sentence being read: which part of the text it is from, and where it stands. */
export type Sentence = SpokenNow & SpokenPlace;

export interface ReadAloudProps {
  /** The words to read, asked for when Listen is pressed (in parts: see `listen`). */
  text: () => string | readonly string[];
  /** What the lock screen shows while it reads. */
  title: string;
  /** Told the sentence being read (null when none is). */
  onSentence: (now: Sentence | null) => void;
}

export default function ReadAloud({ text, title, onSentence }: ReadAloudProps) {
  const told = useCallback((now: SpokenNow | null) => onSentence(now && { ...now, at: (t: string) => spokenAt(t, now.words) }), [onSentence]);
  const speech = useReadAloud(told);
  return <ReadAloudControls speech={speech} text={text} title={title} />;
}
