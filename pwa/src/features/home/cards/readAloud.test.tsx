import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { spokenAt } from '../../../components/speech';
import { MAX_CHUNK, speechChunks } from '../../../components/readAloudEngine';
import { ReadingCard } from './ReadingCard';
import { useReadAloud } from '../../../components/useReadAloud';

const reading = {
  id: 'r1', reference: 'Psalm 23:1', verse: 'The LORD is my shepherd; I shall not want.', reflection: 'Rest is a gift.',
  csLewisQuote: 'All shall be well.', quoteSource: 'Julian of Norwich', prayer: 'Lead me today.', date: '2026-11-22', dayNumber: 326,
};

class FakeUtterance {
  rate = 1; pitch = 1; volume = 0.5; voice: unknown = null; lang = '';
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public text: string) {}
}

let speech: { speak: ReturnType<typeof vi.fn>; pause: ReturnType<typeof vi.fn>; resume: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn>; getVoices: () => unknown[] };

/** Every utterance spoken so far, in order. */
const spoken = () => speech.speak.mock.calls.map((call) => call[0] as FakeUtterance);
const lastSpoken = () => spoken()[spoken().length - 1];
/** The browser reaching the end of the sentence it is reading. */
const finishCurrent = () => act(() => lastSpoken().onend?.());
/** The sentences of the test reading, in the order they are read. */
const SENTENCES = ['Psalm 23:1.', 'The LORD is my shepherd;', 'I shall not want.', 'Rest is a gift.', 'All shall be well.', '— Julian of Norwich.', 'Lead me today.'];

beforeEach(() => {
  stubFetch(() => ({ contentVersion: 'v1', days: [{ date: '2026-11-22', dayNumber: 326, bibleReading: reading }] }));
  speech = { speak: vi.fn(), pause: vi.fn(), resume: vi.fn(), cancel: vi.fn(), getVoices: () => [
    { name: 'Samantha (female)', lang: 'en-US' }, { name: 'Daniel', lang: 'en-GB' },
  ] };
  vi.stubGlobal('speechSynthesis', speech);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
});

afterEach(() => vi.unstubAllGlobals());

const button = (name: string) => screen.getByRole('button', { name });
/** Presses Listen, once the card and its controls (loaded after the first
 *  render, which on a busy machine can take more than a second) are there,
 *  and waits until the reading has begun. */
async function listen() {
  fireEvent.click(await screen.findByRole('button', { name: 'Listen' }, { timeout: 10_000 }));
  await screen.findByRole('button', { name: 'Pause' }, { timeout: 10_000 });
}
/** The words marked as being read now. */
const marked = () => [...document.querySelectorAll('mark.reading-now')].map((m) => m.textContent);

describe('read-aloud', () => {
  it('goes Listen → Pause → Resume → Stop, speaking the whole reading gently, one sentence after another', async () => {
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    await listen();
    // One sentence at a time: the next only once the one before has ended.
    expect(spoken().map((u) => u.text)).toEqual([SENTENCES[0]]);
    expect(screen.getByRole('status')).toHaveTextContent('Listening…');
    // The sentence being read is marked where it stands, and only there.
    expect(marked()).toEqual(['Psalm 23:1']);
    finishCurrent();
    expect(marked()).toEqual(['The LORD is my shepherd;']);
    finishCurrent();
    expect(spoken().map((u) => u.text)).toEqual(SENTENCES.slice(0, 3));
    expect(marked()).toEqual(['I shall not want.']);
    expect(document.querySelector('mark.reading-now')?.closest('blockquote.verse')).not.toBeNull();
    for (const u of spoken()) {
      expect([u.rate, u.pitch, u.volume]).toEqual([0.85, 0.9, 1]);
      expect(u.voice).toMatchObject({ name: 'Daniel' });
    }

    fireEvent.click(button('Pause'));
    expect(speech.pause).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Paused');
    fireEvent.click(button('Resume'));
    expect(speech.resume).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Listening…');
    fireEvent.click(button('Stop'));
    expect(speech.cancel).toHaveBeenCalled();
    expect(button('Listen')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(marked()).toEqual([]);
    // The stopped sentence ending late starts nothing.
    act(() => spoken()[2].onend?.());
    expect(spoken()).toHaveLength(3);
  });

  it('returns to idle when the last sentence ends, having marked each in turn', async () => {
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    await listen();
    expect(button('Pause')).toBeInTheDocument();
    const seen = [marked()];
    for (let i = 1; i < SENTENCES.length; i++) {
      finishCurrent();
      seen.push(marked());
    }
    expect(seen).toEqual([
      ['Psalm 23:1'], ['The LORD is my shepherd;'], ['I shall not want.'], ['Rest is a gift.'], ['All shall be well.'], ['— Julian of Norwich'], ['Lead me today.'],
    ]);
    expect(spoken().map((u) => u.text)).toEqual(SENTENCES);
    expect(button('Pause')).toBeInTheDocument();
    finishCurrent();
    expect(button('Listen')).toBeInTheDocument();
    expect(spoken()).toHaveLength(SENTENCES.length);
  });

  it('returns to idle when a sentence cannot be spoken', async () => {
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    await listen();
    finishCurrent();
    act(() => lastSpoken().onerror?.());
    expect(button('Listen')).toBeInTheDocument();
    expect(spoken()).toHaveLength(2);
  });

  it('reads with a voice on the device (it works with no signal), even one that arrives late', async () => {
    const voices = [
      { name: 'Google UK English Male', lang: 'en-GB', localService: false },
      { name: 'Daniel', lang: 'en-GB', localService: false },
      { name: 'Amélie', lang: 'fr-CA', localService: true },
      { name: 'Karen', lang: 'en-AU', localService: true },
      { name: 'Samantha', lang: 'en_US', localService: true },
    ];
    let loaded: unknown[] = [];
    speech.getVoices = () => loaded;
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    await listen();
    expect(lastSpoken().voice).toBeNull();
    loaded = voices;
    finishCurrent();
    expect(lastSpoken().voice).toMatchObject({ name: 'Samantha' });
    // Among the device's own voices, a male-sounding one first.
    loaded = [...voices, { name: 'Daniel (Enhanced)', lang: 'en-GB', localService: true }];
    finishCurrent();
    expect(lastSpoken().voice).toMatchObject({ name: 'Daniel (Enhanced)' });
  });

  it('reads at the chosen speed from the next sentence, and remembers it', async () => {
    const view = renderWithProviders(<ReadingCard date="2026-11-22" />);
    const speed = await screen.findByRole('combobox', { name: 'Speed' }, { timeout: 10_000 });
    expect(speed).toHaveValue('0.85');
    expect(Array.from((speed as HTMLSelectElement).options, (o) => o.value)).toEqual(['0.75', '0.85', '1', '1.25']);
    await listen();
    fireEvent.change(speed, { target: { value: '1.25' } });
    expect(spoken()[0].rate).toBe(0.85);
    finishCurrent();
    expect(spoken()[1].rate).toBe(1.25);
    expect(localStorage.getItem('manna.speechRate')).toBe('1.25');

    fireEvent.click(button('Stop'));
    view.unmount();
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    expect(await screen.findByRole('combobox', { name: 'Speed' }, { timeout: 10_000 })).toHaveValue('1.25');
  });

  it('shows the reading on the lock screen, whose buttons pause, resume and stop it', async () => {
    const handlers = new Map<string, (() => void) | null>();
    const session = { metadata: null as unknown, playbackState: 'none', setActionHandler: (action: string, fn: (() => void) | null) => handlers.set(action, fn) };
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
    onTestFinished(() => {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
    });
    vi.stubGlobal('MediaMetadata', class { constructor(public init: { title: string; artist: string }) {} });
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    await listen();
    expect(session.metadata).toMatchObject({ init: { title: 'Psalm 23:1', artist: 'Manna' } });
    expect(session.playbackState).toBe('playing');
    act(() => handlers.get('pause')?.());
    expect(speech.pause).toHaveBeenCalled();
    expect(session.playbackState).toBe('paused');
    expect(button('Resume')).toBeInTheDocument();
    act(() => handlers.get('play')?.());
    expect(speech.resume).toHaveBeenCalled();
    expect(session.playbackState).toBe('playing');
    act(() => handlers.get('stop')?.());
    expect(button('Listen')).toBeInTheDocument();
    expect(session.playbackState).toBe('none');
    expect(session.metadata).toBeNull();
    expect([...handlers.values()]).toEqual([null, null, null]);
  });

  it('tells the user when the browser cannot speak', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    // jsdom has no speechSynthesis: remove the stub's property entirely.
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Listen' }, { timeout: 10_000 }));
    expect(alert).toHaveBeenCalledWith('Text-to-speech is not supported in your browser.');
  });

  it('reads when Listen is pressed the moment it shows, before the screen has finished settling', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    // A layout effect runs as the controls appear, before the screen's other
    // effects: as early as any press can come.
    function PressedAtOnce() {
      const { listen, state } = useReadAloud();
      useLayoutEffect(() => listen('The LORD is my shepherd.'), [listen]);
      return <p>{state}</p>;
    }
    render(<PressedAtOnce />);
    expect(alert).not.toHaveBeenCalled();
    expect(spoken().map((u) => u.text)).toEqual(['The LORD is my shepherd.']);
    expect(screen.getByText('speaking')).toBeInTheDocument();
  });
});

describe('the sentences read aloud', () => {
  it('finds a spoken piece in its text though spaces differ or its end gained a stop or lost a comma', () => {
    const text = 'Come unto me, all ye that labour\nand are heavy laden, and I will give you rest:';
    expect(text.slice(...spokenAt(text, 'all ye that labour and are heavy laden,')!)).toBe('all ye that labour\nand are heavy laden,');
    expect(text.slice(...spokenAt(text, 'and I will give you rest.')!)).toBe('and I will give you rest:');
    expect(spokenAt('Psalm 23:1', 'Psalm 23:1.')).toEqual([0, 10]);
    expect(spokenAt(text, 'Come (unto) me?')).toBeNull();
    expect(spokenAt(text, '   ')).toBeNull();
  });

  it('ends a sentence at . ! ? ; and line breaks, but not after an initial', () => {
    expect(speechChunks('Be still. Know that I am God! Who is like him? Rest;\nwait — C. S. Lewis, Mere Christianity.')).toEqual([
      'Be still.', 'Know that I am God!', 'Who is like him?', 'Rest;', 'wait — C. S. Lewis, Mere Christianity.',
    ]);
  });

  it('cuts a long sentence at commas, and a long clause between words', () => {
    const clause = 'and the peace of God which passeth all understanding shall keep your hearts and minds';
    const long = `${clause}, ${clause}, ${clause}, ${'word '.repeat(60).trim()}.`;
    const chunks = speechChunks(long);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(MAX_CHUNK);
    expect(chunks[0]).toBe(`${clause}, ${clause},`);
    expect(chunks.join(' ')).toBe(long);
  });
});

describe('a long passage', () => {
  const christmas = {
    ...reading, id: 'r2', reference: 'Luke 2:1-14', verse: 'And it came to pass in those days. And all went to be taxed.',
    passage: { osis: 'Luke', chapter: 2, from: 1, to: 14, folded: true },
  };

  it('opens on its first lines, and shows whole when asked or when it is read aloud', async () => {
    stubFetch(() => ({ contentVersion: 'v1', days: [{ date: '2026-11-22', dayNumber: 326, bibleReading: christmas }] }));
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    const open = await screen.findByRole('button', { name: 'Read the whole passage' });
    const verse = document.querySelector('blockquote.verse')!;
    expect(verse).toHaveClass('folded');
    expect(open).toHaveAttribute('aria-controls', verse.id);
    fireEvent.click(open);
    expect(verse).not.toHaveClass('folded');
    expect(screen.queryByRole('button', { name: 'Read the whole passage' })).toBeNull();
  });

  it('is opened by Listen, so the sentence being read can be seen', async () => {
    stubFetch(() => ({ contentVersion: 'v1', days: [{ date: '2026-11-22', dayNumber: 326, bibleReading: christmas }] }));
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    await screen.findByRole('button', { name: 'Read the whole passage' });
    await listen();
    expect(document.querySelector('blockquote.verse')).not.toHaveClass('folded');
  });

  it('of eight verses or fewer shows whole', async () => {
    stubFetch(() => ({ contentVersion: 'v1', days: [{ date: '2026-11-22', dayNumber: 326, bibleReading: { ...christmas, passage: { ...christmas.passage, to: 8, folded: false } } }] }));
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    await screen.findByRole('button', { name: 'Listen' }, { timeout: 10_000 });
    expect(document.querySelector('blockquote.verse')).not.toHaveClass('folded');
    expect(screen.queryByRole('button', { name: 'Read the whole passage' })).toBeNull();
  });
});
