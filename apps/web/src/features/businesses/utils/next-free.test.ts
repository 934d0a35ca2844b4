import { describe, expect, it } from 'vitest';
import { formatNextFree, NO_FREE_HOURS } from './next-free';

// 2026-11-26 is a Thursday.
const TODAY = '2026-11-26';

describe('formatNextFree', () => {
  it("says 'Today' and 'Tomorrow' for the next two days", () => {
    expect(formatNextFree('2026-11-26 10:00', TODAY)).toBe('Today 10:00');
    expect(formatNextFree('2026-11-27 09:00', TODAY)).toBe('Tomorrow 09:00');
  });

  it('names the weekday alone up to 6 days ahead', () => {
    expect(formatNextFree('2026-11-28 10:00', TODAY)).toBe('Sat 10:00');
    expect(formatNextFree('2026-12-02 17:00', TODAY)).toBe('Wed 17:00');
  });

  it('adds the date from 7 days ahead, across a month end', () => {
    expect(formatNextFree('2026-12-03 10:00', TODAY)).toBe('Thu 3 Dec 10:00');
    expect(formatNextFree('2026-12-12 10:00', TODAY)).toBe('Sat 12 Dec 10:00');
    expect(formatNextFree('2027-01-02 11:00', '2026-12-24')).toBe('Sat 2 Jan 11:00');
    expect(formatNextFree('2027-01-02 11:00', '2026-12-30')).toBe('Sat 11:00');
  });

  it('gives the full date for a day already past (a list older than midnight)', () => {
    expect(formatNextFree('2026-11-25 16:00', TODAY)).toBe('Wed 25 Nov 16:00');
  });

  it('says there is nothing free in the booking window for null', () => {
    expect(formatNextFree(null, TODAY)).toBe(NO_FREE_HOURS);
    expect(NO_FREE_HOURS).toBe('No free hours in the next 4 weeks');
  });
});
