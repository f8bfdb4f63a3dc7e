// Read-aloud of the day's reading: idle → speaking (Listen) → paused (Pause) →
// speaking (Resume); Stop, the end of speech or an error returns to idle.

import { useCallback, useEffect, useRef, useState } from 'react';

export type ReadAloudState = 'idle' | 'speaking' | 'paused';

const MALE_VOICE = /\b(male|david|daniel|george|james|fred|alex|thomas|arthur|guy)\b/i;

function pickVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | undefined {
  const english = voices.filter((v) => v.lang.toLowerCase().startsWith('en'));
  return english.find((v) => MALE_VOICE.test(v.name) && !/female/i.test(v.name)) ?? english[0];
}

export function useReadAloud() {
  const [state, setState] = useState<ReadAloudState>('idle');
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;

  useEffect(() => () => synth?.cancel(), [synth]);

  const listen = useCallback(
    (text: string) => {
      if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
        window.alert('Text-to-speech is not supported in your browser.');
        return;
      }
      synth.cancel();
      const u = new SpeechSynthesisUtterance(text);
      u.rate = 0.85;
      u.pitch = 0.9;
      u.volume = 1;
      const voice = pickVoice(synth.getVoices());
      if (voice) u.voice = voice;
      u.onend = () => utterance.current === u && setState('idle');
      u.onerror = () => utterance.current === u && setState('idle');
      utterance.current = u;
      synth.speak(u);
      setState('speaking');
    },
    [synth],
  );
  const pause = useCallback(() => {
    synth?.pause();
    setState('paused');
  }, [synth]);
  const resume = useCallback(() => {
    synth?.resume();
    setState('speaking');
  }, [synth]);
  const stop = useCallback(() => {
    utterance.current = null;
    synth?.cancel();
    setState('idle');
  }, [synth]);

  return { state, listen, pause, resume, stop };
}
