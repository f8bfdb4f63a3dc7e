// Read-aloud: idle → speaking (Listen) → paused (Pause) → speaking (Resume);
// Stop, the end of the text or an error returns to idle. The text is spoken
// one sentence at a time, each after the one before ends, so that no browser
// cuts a long reading short and a new speed is heard from the next sentence.
// While it reads, the phone's lock screen and headset buttons can pause,
// resume and stop it. The engine that speaks is readAloudEngine.ts; the
// pages that read aloud load this with their controls, after the first
// screen.

import { useCallback, useEffect, useRef, useState } from 'react';
import { savedSpeechRate, saveSpeechRate } from './speechRate';
import { SpeechReader, type ReadAloudState, type SpokenNow } from './readAloudEngine';

export type { ReadAloudState, SpokenNow };

export interface ListenOptions {
  /** What the lock screen shows (a reading's reference); the first sentence otherwise. */
  title?: string;
}

function browserSpeech(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && window.speechSynthesis ? window.speechSynthesis : null;
}

/** `onSentence` is told each sentence as it is read (null when none is), for
 *  a text that marks it kept outside (ReadAloud.tsx). */
export function useReadAloud(onSentence?: (now: SpokenNow | null) => void) {
  const [state, setState] = useState<ReadAloudState>('idle');
  /** The sentence being read (null when idle). */
  const [current, setCurrent] = useState<SpokenNow | null>(null);
  const [rate, setRateNow] = useState(savedSpeechRate);
  const told = useRef(onSentence);
  useEffect(() => {
    told.current = onSentence;
  }, [onSentence]);
  const synth = browserSpeech();
  const reader = useRef<SpeechReader | null>(null);
  /** This screen's reader, made on first need: by the effect below, or by a
   *  Listen pressed as soon as it shows, before the effect has run. */
  const readerNow = useCallback((): SpeechReader | null => {
    if (!synth) return null;
    if (!reader.current) {
      const sentence = (now: SpokenNow | null) => {
        setCurrent(now);
        told.current?.(now);
      };
      reader.current = new SpeechReader(synth, { state: setState, sentence }, savedSpeechRate());
    }
    return reader.current;
  }, [synth]);

  // One reader per screen; leaving the screen ends its reading (and only its own).
  useEffect(() => {
    const r = readerNow();
    return () => {
      r?.leave();
      reader.current = null;
    };
  }, [readerNow]);

  /** Reads `text` aloud; given as parts (a verse, a reflection…), `current`
   *  tells which part the sentence being read is from. */
  const listen = useCallback(
    (text: string | readonly string[], options: ListenOptions = {}) => {
      const r = readerNow();
      if (!r || typeof SpeechSynthesisUtterance === 'undefined') {
        window.alert('Text-to-speech is not supported in your browser.');
        return;
      }
      r.listen(typeof text === 'string' ? [text] : text, options.title);
    },
    [readerNow],
  );

  const pause = useCallback(() => reader.current?.pause(), []);
  const resume = useCallback(() => reader.current?.resume(), []);
  const stop = useCallback(() => reader.current?.stop(), []);

  /** A new speed: remembered on this device, heard from the next sentence. */
  const setRate = useCallback((next: number) => {
    if (reader.current) reader.current.rate = next;
    setRateNow(next);
    saveSpeechRate(next);
  }, []);

  return { state, current, rate, setRate, listen, pause, resume, stop };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;
