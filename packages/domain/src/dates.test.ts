import { describe, expect, it } from 'vitest';
import { addDays, ageOn, isIsoDate, todayInLondon, yearsAfter, yearsBefore } from './dates';

describe('dates', () => {
  it('recognise real YYYY-MM-DD days only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-28')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it("take today's date from the London clock", () => {
    expect(todayInLondon(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayInLondon(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('count whole years of age', () => {
    expect(ageOn('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageOn('2000-06-15', '2026-06-15')).toBe(26);
  });

  it('move by years and days', () => {
    expect(yearsBefore('2026-06-15', 12)).toBe('2014-06-15');
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-02-28');
    expect(yearsAfter('2026-06-15', 1)).toBe('2027-06-15');
    expect(addDays('2026-03-02', 28)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
