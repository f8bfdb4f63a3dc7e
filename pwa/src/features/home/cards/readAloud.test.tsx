import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ReadingCard } from './ReadingCard';

const reading = {
  id: 'r1', reference: 'Psalm 23:1', verse: 'The LORD is my shepherd; I shall not want.', reflection: 'Rest is a gift.',
  csLewisQuote: 'All shall be well.', quoteSource: 'Julian of Norwich', prayer: 'Lead me today.', date: '2026-11-22', dayNumber: 326,
};

class FakeUtterance {
  rate = 1; pitch = 1; volume = 0.5; voice: unknown = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public text: string) {}
}

let speech: { speak: ReturnType<typeof vi.fn>; pause: ReturnType<typeof vi.fn>; resume: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn>; getVoices: () => unknown[] };

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

describe('read-aloud', () => {
  it('goes Listen → Pause → Resume → Stop, speaking the whole reading gently', async () => {
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Listen' }));
    const spoken = speech.speak.mock.calls[0][0] as FakeUtterance;
    for (const part of ['Psalm 23:1', 'my shepherd', 'Rest is a gift', 'All shall be well', 'Julian of Norwich', 'Lead me today']) {
      expect(spoken.text).toContain(part);
    }
    expect([spoken.rate, spoken.pitch, spoken.volume]).toEqual([0.85, 0.9, 1]);
    expect(spoken.voice).toMatchObject({ name: 'Daniel' });

    fireEvent.click(button('Pause'));
    expect(speech.pause).toHaveBeenCalled();
    fireEvent.click(button('Resume'));
    expect(speech.resume).toHaveBeenCalled();
    fireEvent.click(button('Stop'));
    expect(speech.cancel).toHaveBeenCalled();
    expect(button('Listen')).toBeInTheDocument();
  });

  it('returns to idle when speech ends', async () => {
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Listen' }));
    expect(button('Pause')).toBeInTheDocument();
    const spoken = speech.speak.mock.calls[0][0] as FakeUtterance;
    await vi.waitFor(() => {
      spoken.onend?.();
      expect(button('Listen')).toBeInTheDocument();
    }, { timeout: 10_000 });
  });

  it('tells the user when the browser cannot speak', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    // jsdom has no speechSynthesis: remove the stub's property entirely.
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(<ReadingCard date="2026-11-22" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Listen' }));
    expect(alert).toHaveBeenCalledWith('Text-to-speech is not supported in your browser.');
  });
});
