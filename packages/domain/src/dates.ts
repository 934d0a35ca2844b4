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

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it.
const londonDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (YYYY-MM-DD) on the wall clock of Northern Ireland. */
export function todayInLondon(now: Date = new Date()): string {
  return londonDateFormat.format(now);
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
