// Read-aloud: idle → speaking (Listen) → paused (Pause) → speaking (Resume);
// Stop, the end of the text or an error returns to idle. The text is spoken
// one sentence at a time, each after the one before ends, so that no browser
// cuts a long reading short and a new speed is heard from the next sentence.
// While it reads, the phone's lock screen and headset buttons can pause,
// resume and stop it.

import { useCallback, useEffect, useRef, useState } from 'react';
import { pickVoice, savedSpeechRate, saveSpeechRate, speechChunks } from './speech';

export type ReadAloudState = 'idle' | 'speaking' | 'paused';

/** The piece being spoken and which of the texts given to `listen` it is from. */
export interface SpokenNow {
  part: number;
  words: string;
}

export interface ListenOptions {
  /** What the lock screen shows (a reading's reference); the first sentence otherwise. */
  title?: string;
}

function browserSpeech(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && window.speechSynthesis ? window.speechSynthesis : null;
}

function mediaSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

type MediaActions = Partial<Record<'play' | 'pause' | 'stop', () => void>>;

/** Sets (or, with null, removes) what the lock screen's buttons do. */
function setMediaActions(session: MediaSession, actions: MediaActions | null): void {
  for (const action of ['play', 'pause', 'stop'] as const) {
    try {
      session.setActionHandler(action, actions?.[action] ?? null);
    } catch {
      // This browser has no such button.
    }
  }
}

/** Shows the reading on the lock screen, with play, pause and stop. */
function showOnLockScreen(title: string, actions: MediaActions): void {
  const session = mediaSession();
  if (!session) return;
  if (typeof MediaMetadata !== 'undefined') session.metadata = new MediaMetadata({ title, artist: 'Manna' });
  session.playbackState = 'playing';
  setMediaActions(session, actions);
}

function showPlayback(state: MediaSessionPlaybackState): void {
  const session = mediaSession();
  if (session) session.playbackState = state;
}

function clearLockScreen(): void {
  const session = mediaSession();
  if (!session) return;
  session.metadata = null;
  session.playbackState = 'none';
  setMediaActions(session, null);
}

export function useReadAloud() {
  const [state, setState] = useState<ReadAloudState>('idle');
  /** The sentence being read (null when idle). */
  const [current, setCurrent] = useState<SpokenNow | null>(null);
  const [rate, setRateNow] = useState(savedSpeechRate);
  const rateForNext = useRef(rate);
  /** The sentences of the reading under way (null when idle). */
  const reading = useRef<SpokenNow[] | null>(null);
  /** The sentence being spoken: events of any other are old news. */
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);
  const voices = useRef<SpeechSynthesisVoice[]>([]);
  const synth = browserSpeech();

  // Voices often arrive after the page: keep the latest list.
  useEffect(() => {
    if (!synth) return;
    const load = () => {
      voices.current = synth.getVoices();
    };
    load();
    if (typeof synth.addEventListener !== 'function') return;
    synth.addEventListener('voiceschanged', load);
    return () => synth.removeEventListener('voiceschanged', load);
  }, [synth]);

  const finish = useCallback(() => {
    reading.current = null;
    utterance.current = null;
    setState('idle');
    setCurrent(null);
    clearLockScreen();
  }, []);

  const speakChunk = useCallback(
    function speakChunk(index: number) {
      const chunks = reading.current;
      if (!synth || !chunks) return;
      if (index >= chunks.length) {
        finish();
        return;
      }
      const u = new SpeechSynthesisUtterance(chunks[index].words);
      u.rate = rateForNext.current;
      u.pitch = 0.9;
      u.volume = 1;
      const available = synth.getVoices();
      const voice = pickVoice(available.length ? available : voices.current);
      if (voice) u.voice = voice;
      u.lang = voice?.lang ?? 'en-US';
      u.onend = () => {
        if (utterance.current === u) speakChunk(index + 1);
      };
      u.onerror = () => {
        if (utterance.current === u) finish();
      };
      utterance.current = u;
      setCurrent(chunks[index]);
      synth.speak(u);
    },
    [synth, finish],
  );

  const pause = useCallback(() => {
    if (!reading.current) return;
    synth?.pause();
    setState('paused');
    showPlayback('paused');
  }, [synth]);

  const resume = useCallback(() => {
    if (!reading.current) return;
    synth?.resume();
    setState('speaking');
    showPlayback('playing');
  }, [synth]);

  const stop = useCallback(() => {
    reading.current = null;
    utterance.current = null;
    synth?.cancel();
    finish();
  }, [synth, finish]);

  /** Reads `text` aloud; given as parts (a verse, a reflection…), `current`
   *  tells which part the sentence being read is from. */
  const listen = useCallback(
    (text: string | readonly string[], options: ListenOptions = {}) => {
      if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
        window.alert('Text-to-speech is not supported in your browser.');
        return;
      }
      reading.current = null;
      utterance.current = null;
      synth.cancel();
      // A browser left paused would hold the new reading silent.
      if (synth.paused) synth.resume();
      const parts = typeof text === 'string' ? [text] : text;
      const chunks = parts.flatMap((part, i) => speechChunks(part).map((words) => ({ part: i, words })));
      if (!chunks.length) {
        finish();
        return;
      }
      reading.current = chunks;
      setState('speaking');
      showOnLockScreen(options.title ?? chunks[0].words, { play: resume, pause, stop });
      speakChunk(0);
    },
    [synth, finish, speakChunk, pause, resume, stop],
  );

  /** A new speed: remembered on this device, heard from the next sentence. */
  const setRate = useCallback((next: number) => {
    rateForNext.current = next;
    setRateNow(next);
    saveSpeechRate(next);
  }, []);

  // Leaving the screen ends its reading (and only its own).
  useEffect(
    () => () => {
      if (!reading.current) return;
      reading.current = null;
      utterance.current = null;
      synth?.cancel();
      clearLockScreen();
    },
    [synth],
  );

  return { state, current, rate, setRate, listen, pause, resume, stop };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;
