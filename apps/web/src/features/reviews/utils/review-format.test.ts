import { describe, expect, it } from 'vitest';
import { visitedText } from './review-format';

describe('visitedText', () => {
  it('writes the day as en-GB does, for every day of 2026 to 2028', () => {
    const formatter = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(visitedText(iso)).toBe(`Visited ${formatter.format(day)}`);
    }
  });

  it('reads the day of a timestamp and says nothing for a day that does not exist', () => {
    expect(visitedText('2026-11-12T23:30:00.000Z')).toBe('Visited 12 November 2026');
    expect(visitedText('2026-02-30')).toBe('');
    expect(visitedText('12/11/2026')).toBe('');
    expect(visitedText('')).toBe('');
  });
});
