// The speeds read-aloud offers, and the one the person chose last on this
// device.

import { storage } from '../lib/storage';

/** The speeds a person can choose; 0.85 is the gentle pace read by default. */
export const SPEECH_RATES = [0.75, 0.85, 1, 1.25] as const;
export const DEFAULT_SPEECH_RATE = 0.85;
const RATE_KEY = 'manna.speechRate';

/** The speed chosen last on this device (the default when none or unknown). */
export function savedSpeechRate(): number {
  const saved = Number(storage.get(RATE_KEY));
  return SPEECH_RATES.find((r) => r === saved) ?? DEFAULT_SPEECH_RATE;
}

export function saveSpeechRate(rate: number): void {
  storage.set(RATE_KEY, String(rate));
}
