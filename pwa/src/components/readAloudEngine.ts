// Read-aloud's engine: the text cut into sentences small enough for every
// browser to speak whole, spoken one after another with the voice that works
// with no signal, and the phone's lock screen and headset buttons. The
// buttons and what they show are useReadAloud's.

/** The states read-aloud shows. */
export type ReadAloudState = 'idle' | 'speaking' | 'paused';

/** The piece being spoken and which of the texts given to `listen` it is from. */
export interface SpokenNow {
  part: number;
  words: string;
}

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

/** What a reader tells the page that shows it. */
export interface ReaderShown {
  state: (state: ReadAloudState) => void;
  /** The sentence being read (null when idle). */
  sentence: (now: SpokenNow | null) => void;
}

/** One page's reading aloud: Listen, Pause, Resume, Stop, and a new speed
 *  heard from the next sentence. */
export class SpeechReader {
  /** The sentences of the reading under way (null when idle). */
  private reading: SpokenNow[] | null = null;
  /** The sentence being spoken: events of any other are old news. */
  private utterance: SpeechSynthesisUtterance | null = null;
  private voices: SpeechSynthesisVoice[] = [];
  private readonly loadVoices = () => {
    this.voices = this.synth.getVoices();
  };

  constructor(
    private readonly synth: SpeechSynthesis,
    private readonly shown: ReaderShown,
    /** The speed the next sentence is read at. */
    public rate: number,
  ) {
    // Voices often arrive after the page: keep the latest list.
    this.loadVoices();
    if (typeof synth.addEventListener === 'function') synth.addEventListener('voiceschanged', this.loadVoices);
  }

  /** Reads `parts` (a verse, a reflection…) aloud, one sentence at a time;
   *  the lock screen shows `title` (the first sentence when not given). */
  listen(parts: readonly string[], title?: string): void {
    const { synth } = this;
    this.reading = null;
    this.utterance = null;
    synth.cancel();
    // A browser left paused would hold the new reading silent.
    if (synth.paused) synth.resume();
    const chunks = parts.flatMap((part, i) => speechChunks(part).map((words) => ({ part: i, words })));
    if (!chunks.length) {
      this.finish();
      return;
    }
    this.reading = chunks;
    this.shown.state('speaking');
    showOnLockScreen(title ?? chunks[0].words, { play: this.resume, pause: this.pause, stop: this.stop });
    this.speak(0);
  }

  readonly pause = (): void => {
    if (!this.reading) return;
    this.synth.pause();
    this.shown.state('paused');
    showPlayback('paused');
  };

  readonly resume = (): void => {
    if (!this.reading) return;
    this.synth.resume();
    this.shown.state('speaking');
    showPlayback('playing');
  };

  readonly stop = (): void => {
    this.reading = null;
    this.utterance = null;
    this.synth.cancel();
    this.finish();
  };

  /** The page is left: its reading ends (and only its own). */
  leave(): void {
    if (typeof this.synth.removeEventListener === 'function') this.synth.removeEventListener('voiceschanged', this.loadVoices);
    if (!this.reading) return;
    this.reading = null;
    this.utterance = null;
    this.synth.cancel();
    clearLockScreen();
  }

  private finish(): void {
    this.reading = null;
    this.utterance = null;
    this.shown.state('idle');
    this.shown.sentence(null);
    clearLockScreen();
  }

  private speak(index: number): void {
    const chunks = this.reading;
    if (!chunks) return;
    if (index >= chunks.length) {
      this.finish();
      return;
    }
    const u = new SpeechSynthesisUtterance(chunks[index].words);
    u.rate = this.rate;
    u.pitch = 0.9;
    u.volume = 1;
    const available = this.synth.getVoices();
    const voice = pickVoice(available.length ? available : this.voices);
    if (voice) u.voice = voice;
    u.lang = voice?.lang ?? 'en-US';
    u.onend = () => {
      if (this.utterance === u) this.speak(index + 1);
    };
    u.onerror = () => {
      if (this.utterance === u) this.finish();
    };
    this.utterance = u;
    this.shown.sentence(chunks[index]);
    this.synth.speak(u);
  }
}
