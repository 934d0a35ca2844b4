import { TIME_ZONE } from './constants';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** 'HH:MM', 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0-based) of a year. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

// Only for instants outside RULE_YEARS; made on first use.
let offsetFormat: Intl.DateTimeFormat | undefined;

/** London's offset from UTC by the time zone database, for instants before 1996 or after 2099. */
function offsetFromIntl(epochMs: number): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Record<string, number> = {};
  for (const part of offsetFormat.formatToParts(epochMs)) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const floored = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return Date.UTC(year, month - 1, day, hour, minute, second) - floored;
}

/** The years the rule below is used for; the zone database answers outside them. */
const RULE_YEARS = { from: 1996, to: 2099 } as const;

/**
 * London's offset from UTC at an instant, in milliseconds: 1 hour in British Summer Time, from 01:00
 * UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October, and 0 otherwise. That
 * has been the rule since 1996 (the Summer Time Order 2002 keeps it). It is worked out here rather
 * than asked of Intl: the first Intl.DateTimeFormat with a time zone loads the zone and locale
 * data, tens of milliseconds of a phone's main thread while a page starts, and every page needs
 * London's date. dates.test.ts checks it against the runtime's zone database twice a day from 1996 to
 * 2060, and minute by minute around every change, so a change of the law in the database fails the tests.
 */
export function londonOffsetMs(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  if (year < RULE_YEARS.from || year > RULE_YEARS.to) return offsetFromIntl(epochMs);
  return epochMs >= lastSundayAtOneUtc(year, 2) && epochMs < lastSundayAtOneUtc(year, 9) ? HOUR_MS : 0;
}

/** The date and time London's clocks show at an instant (seconds and milliseconds dropped). */
export function londonWallClockFields(epochMs: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const wall = new Date(epochMs + londonOffsetMs(epochMs));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** Today's date (YYYY-MM-DD) on the wall clock of Northern Ireland. */
export function todayInLondon(now: Date = new Date()): string {
  const { year, month, day } = londonWallClockFields(now.getTime());
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole years between a birthdate and a day, both YYYY-MM-DD. */
export function ageOn(birthdate: string, day: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = day.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** The same calendar day `years` years earlier (29 Feb falls back to 28 Feb). */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The same calendar day `years` years later (29 Feb falls back to 28 Feb). */
export function yearsAfter(day: string, years: number): string {
  return yearsBefore(day, -years);
}

/** The calendar day `days` days after `day` (negative goes back); both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

// NOTE: here, with the calendar days, rather than with the slot rules (slots.ts): the web formats
// booking times on pages that need no slot rules, and slots.ts brings zod (~26 kB gzip) with it.
/**
 * A booking's time: 'YYYY-MM-DD HH:MM', or with a range 'YYYY-MM-DD HH:MM-HH:MM' (spec §3).
 * `end` is null without a range (the booking then lasts one hour). Null when the text is neither.
 */
export function parseBookingDateTime(
  value: string,
): { date: string; start: string; end: string | null } | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?:-(\d{2}:\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, date, start, end] = match as unknown as [string, string, string, string | undefined];
  if (!isIsoDate(date) || !TIME_PATTERN.test(start) || (end !== undefined && !TIME_PATTERN.test(end)))
    return null;
  return { date, start, end: end ?? null };
}
