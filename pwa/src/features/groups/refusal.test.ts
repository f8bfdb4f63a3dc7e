// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { refusalOf, wordsOf } from './refusal';

describe('a group call refused', () => {
  it('names the field and says why in a sentence', () => {
    const denied = new ApiError(403, JSON.stringify({ error: 'forbidden', message: 'group: only the group\'s leaders may invite people to this group', field: 'group' }), 'Forbidden');
    expect(refusalOf(denied)).toEqual({ field: 'group', message: "only the group's leaders may invite people to this group" });
    expect(wordsOf(denied, 'fallback')).toBe("Only the group's leaders may invite people to this group.");
  });

  it('falls back to the server\'s message, or to the words given', () => {
    const gone = new ApiError(404, JSON.stringify({ error: 'not_found', message: 'there is no such group (it may have been deleted)' }), 'Not Found');
    expect(refusalOf(gone)).toBeNull();
    expect(wordsOf(gone, 'fallback')).toBe('There is no such group (it may have been deleted).');
    expect(wordsOf(new TypeError('Failed to fetch'), 'Check your connection and try again.')).toBe('Check your connection and try again.');
  });
});
