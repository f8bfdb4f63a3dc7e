// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { daysLabel, twelveHour } from './format';

describe('reminder formats', () => {
  it('name the days as the cards show them', () => {
    expect(daysLabel(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])).toBe('Daily');
    expect(daysLabel([])).toBe('No days selected');
    expect(daysLabel(['friday', 'monday'])).toBe('Mon, Fri');
  });

  it('show times in 12-hour form', () => {
    expect(twelveHour('08:00')).toBe('8:00 AM');
    expect(twelveHour('00:05')).toBe('12:05 AM');
    expect(twelveHour('12:30')).toBe('12:30 PM');
    expect(twelveHour('21:15')).toBe('9:15 PM');
  });
});
