// What read-aloud needs besides its buttons: the text cut into sentences small
// enough for every browser to speak whole, the voice that works with no
// signal, and the speed the person chose last time.

import { storage } from '../lib/storage';

/** The longest piece spoken at once: browsers stop long utterances part-way. */
export const MAX_CHUNK = 200;

/** "C." or "Dr." at the end of a piece: the sentence goes on after it. */
const NOT_AN_END = /(?:^|[\s(“"])(?:[A-Z]|Mr|Mrs|Ms|Dr|St|Rev|vs|cf|e\.g|i\.e)\.$/;

/** Splits `text` into what is said at once: one sentence (up to ., !, ?, ;
 *  or a line break) each, a long one cut at commas and then between words so
 *  that none is longer than `max` characters. */
export function speechChunks(text: string, max = MAX_CHUNK): string[] {
  const sentences: string[] = [];
  for (const piece of text.split(/\s*\n\s*|(?<=[.!?;…]['"’”)\]]*)\s+/)) {
    const words = piece.trim();
    if (!words) continue;
    const last = sentences.length - 1;
    if (last >= 0 && NOT_AN_END.test(sentences[last])) sentences[last] += ` ${words}`;
    else sentences.push(words);
  }
  return sentences.flatMap((s) => fitted(s, max));
}

/** `sentence` as is, or cut at commas (then spaces) into pieces of at most `max`. */
function fitted(sentence: string, max: number): string[] {
  if (sentence.length <= max) return [sentence];
  const parts = sentence.split(/(?<=[,:—–])\s+/).flatMap((part) => (part.length <= max ? [part] : byWords(part, max)));
  return packed(parts, max);
}

/** `text` cut between words (inside a word only when one word is too long). */
function byWords(text: string, max: number): string[] {
  const words = text.split(/\s+/).flatMap((word) => word.match(new RegExp(`.{1,${max}}`, 'g')) ?? []);
  return packed(words, max);
}

/** Joins neighbouring `parts` (with a space) while the result stays within `max`. */
function packed(parts: string[], max: number): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const last = out.length - 1;
    if (last >= 0 && out[last].length + 1 + part.length <= max) out[last] += ` ${part}`;
    else out.push(part);
  }
  return out;
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where the words being spoken (`said`, one piece of `speechChunks`) stand
 *  in `text`, as [start, end), or null when they are not in it. Spaces may
 *  differ, and the end of a piece may have gained a full stop or lost a comma
 *  or colon on its way to being said. */
export function spokenAt(text: string, said: string): [number, number] | null {
  const words = said.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const last = words.length - 1;
  words[last] = words[last].replace(/[.,:]$/, '');
  const ending = words[last] ? '[.,:]?' : '';
  const pattern = words.filter(Boolean).map(escaped).join('\\s+') + ending;
  if (!pattern) return null;
  const found = new RegExp(pattern).exec(text);
  return found ? [found.index, found.index + found[0].length] : null;
}

const MALE_VOICE = /\b(male|david|daniel|george|james|fred|alex|thomas|arthur|guy)\b/i;

function language(voice: SpeechSynthesisVoice): string {
  return voice.lang.toLowerCase().replace('_', '-');
}

/** How well a voice suits the reading: one on this device first (it speaks
 *  with no signal), then a male-sounding one, then American English. */
function fit(voice: SpeechSynthesisVoice): number {
  return (voice.localService ? 4 : 0) + (MALE_VOICE.test(voice.name) && !/female/i.test(voice.name) ? 2 : 0) + (language(voice) === 'en-us' ? 1 : 0);
}

/** The English voice to read with, or undefined for the browser's default. */
export function pickVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | undefined {
  let best: SpeechSynthesisVoice | undefined;
  for (const voice of voices) {
    if (!language(voice).startsWith('en')) continue;
    if (!best || fit(voice) > fit(best)) best = voice;
  }
  return best;
}

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
