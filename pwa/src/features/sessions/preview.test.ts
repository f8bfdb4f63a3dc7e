import { describe, expect, it } from 'vitest';
import { preview } from './SessionsPage';

describe('script previews', () => {
  it('keep a short script whole', () => {
    expect(preview('Be still.', 300)).toBe('Be still.');
  });

  it('cut a long one at a word within the limit, with an ellipsis', () => {
    const text = 'Sit comfortably and breathe slowly. '.repeat(20);
    const shown = preview(text, 300);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(301);
    expect(text.startsWith(shown.slice(0, -1))).toBe(true);
    expect(shown.slice(0, -1).endsWith(' ')).toBe(false);
  });
});
