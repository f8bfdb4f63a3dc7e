// Read-aloud: idle → speaking (Listen) → paused (Pause) → speaking (Resume);
// Stop, the end of the text or an error returns to idle. The text is spoken
// one sentence at a time, each after the one before ends, so that no browser
// cuts a long reading short and a new speed is heard from the next sentence.
// While it reads, the phone's lock screen and headset buttons can pause,
// resume and stop it. The engine that speaks (readAloudEngine.ts) loads once
// the page is idle, or on the first Listen, so the first screen waits for
// none of it.

import { useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../lib/idle';
import { savedSpeechRate, saveSpeechRate } from './speechRate';
import type { ReadAloudState, SpeechReader, SpokenNow } from './readAloudEngine';

export type { ReadAloudState, SpokenNow };

export interface ListenOptions {
  /** What the lock screen shows (a reading's reference); the first sentence otherwise. */
  title?: string;
}

/** Past this, the engine loads even if the page never goes idle. */
const ENGINE_WAIT_MS = 4000;

const loadEngine = () => import('./readAloudEngine');

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
  const rateForNext = useRef(rate);
  const reader = useRef<SpeechReader | null>(null);
  const mounted = useRef(true);
  const told = useRef(onSentence);
  useEffect(() => {
    told.current = onSentence;
  }, [onSentence]);
  const synth = browserSpeech();

  useEffect(() => {
    mounted.current = true;
    // Loaded ahead of the first Listen, so that it starts within the tap.
    const cancel = synth ? whenIdle(() => void loadEngine().catch(() => undefined), ENGINE_WAIT_MS) : () => {};
    return () => {
      mounted.current = false;
      cancel();
      // Leaving the screen ends its reading (and only its own).
      reader.current?.leave();
      reader.current = null;
    };
  }, [synth]);

  /** Reads `text` aloud; given as parts (a verse, a reflection…), `current`
   *  tells which part the sentence being read is from. */
  const listen = useCallback(
    (text: string | readonly string[], options: ListenOptions = {}) => {
      if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
        window.alert('Text-to-speech is not supported in your browser.');
        return;
      }
      const parts = typeof text === 'string' ? [text] : text;
      const start = (r: SpeechReader) => r.listen(parts, options.title);
      if (reader.current) {
        start(reader.current);
        return;
      }
      void loadEngine().then(({ SpeechReader }) => {
        if (!mounted.current) return;
        const sentence = (now: SpokenNow | null) => {
          setCurrent(now);
          told.current?.(now);
        };
        reader.current ??= new SpeechReader(synth, { state: setState, sentence }, rateForNext.current);
        start(reader.current);
      });
    },
    [synth],
  );

  const pause = useCallback(() => reader.current?.pause(), []);
  const resume = useCallback(() => reader.current?.resume(), []);
  const stop = useCallback(() => reader.current?.stop(), []);

  /** A new speed: remembered on this device, heard from the next sentence. */
  const setRate = useCallback((next: number) => {
    rateForNext.current = next;
    if (reader.current) reader.current.rate = next;
    setRateNow(next);
    saveSpeechRate(next);
  }, []);

  return { state, current, rate, setRate, listen, pause, resume, stop };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;
