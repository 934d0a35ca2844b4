import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  isIsoDate,
  londonOffsetMs,
  londonWallClockFields,
  todayInLondon,
  yearsAfter,
  yearsBefore,
} from './dates';

/** London's offset by the runtime's time zone database: the oracle for the rule in dates.ts. */
const intlParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
function intlWallClock(epochMs: number) {
  const parts: Record<string, number> = {};
  for (const part of intlParts.formatToParts(epochMs)) parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}
const HOUR_MS = 3_600_000;

describe('dates', () => {
  it("read London's clock as the time zone database does, twice a day from 1996 to 2060 and every minute around each change", () => {
    const mismatches: string[] = [];
    const check = (epochMs: number) => {
      const expected = intlWallClock(epochMs);
      const actual = londonWallClockFields(epochMs);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push(
          `${new Date(epochMs).toISOString()}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
        );
      }
    };
    for (let day = Date.UTC(1996, 0, 1); day < Date.UTC(2061, 0, 1); day += 24 * HOUR_MS) {
      check(day + HOUR_MS / 2);
      check(day + 12 * HOUR_MS + 59 * 60_000);
    }
    for (let year = 1996; year <= 2060; year += 1) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (let t = change - 2 * HOUR_MS; t <= change + 2 * HOUR_MS; t += 60_000) check(t);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  }, 30_000);

  it('ask the time zone database outside the rule years, and drop seconds', () => {
    // 1995: BST ended on 22 October (the fourth Sunday), not the last.
    expect(londonOffsetMs(Date.UTC(1995, 9, 25, 12))).toBe(0);
    expect(londonOffsetMs(Date.UTC(1995, 6, 1, 12))).toBe(HOUR_MS);
    expect(londonOffsetMs(Date.UTC(2120, 6, 1, 12))).toBe(
      intlWallClock(Date.UTC(2120, 6, 1, 12)).hour === 13 ? HOUR_MS : 0,
    );
    expect(londonWallClockFields(Date.UTC(2026, 6, 1, 10, 15, 59, 999))).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 11,
      minute: 15,
    });
    expect(londonWallClockFields(Date.UTC(1969, 11, 31, 23, 59, 30))).toEqual(
      intlWallClock(Date.UTC(1969, 11, 31, 23, 59, 30)),
    );
  });

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
