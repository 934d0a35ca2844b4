import {
  DEFAULT_SLOT,
  SLOT_OPTION_END,
  SLOT_OPTION_START,
  SLOT_OPTION_STEP_MINUTES,
  WEEKDAYS,
  type Weekday,
} from './constants';
import { TIME_PATTERN } from './dates';
import {
  invalidTimeFormatFor,
  invalidTimeSlotFor,
  MESSAGES,
  timeSlotsOverlapOn,
  unknownWeekday,
} from './messages';

/** One opening range on a weekday, both ends 'HH:MM' (24 h, Europe/London wall clock). */
export interface TimeRange {
  start: string;
  end: string;
}

/** Saved form (spec §3): weekday → ranges as {start, end}; days without ranges are left out. */
export type Availability = Partial<Record<Weekday, TimeRange[]>>;

/** A range as it may arrive: 'HH:MM-HH:MM' or {start, end}. */
export type TimeRangeInput = string | { start: string; end: string };

/** Availability as it may arrive: keys should be weekdays, ranges in either form. */
export type AvailabilityInput = { readonly [day: string]: readonly TimeRangeInput[] | null | undefined };

export const isTime = (value: string) => TIME_PATTERN.test(value);
export const isWeekday = (value: string): value is Weekday => (WEEKDAYS as readonly string[]).includes(value);

/** Minutes since midnight of an 'HH:MM' time. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** 'HH:MM' of minutes since midnight. */
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 'HH:MM' from 'H:MM' or 'HH:MM' (surrounding spaces allowed), or null. */
export function parseTime(value: string): string | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const time = `${match[1]?.padStart(2, '0')}:${match[2]}`;
  return isTime(time) ? time : null;
}

/** A range from 'HH:MM-HH:MM' or {start, end}, or null when either end is not a time. */
export function parseTimeRange(input: TimeRangeInput): TimeRange | null {
  let start: string | null;
  let end: string | null;
  if (typeof input === 'string') {
    const [from, to, ...rest] = input.split('-');
    if (from === undefined || to === undefined || rest.length > 0) return null;
    start = parseTime(from);
    end = parseTime(to);
  } else if (typeof input === 'object' && input !== null) {
    start = typeof input.start === 'string' ? parseTime(input.start) : null;
    end = typeof input.end === 'string' ? parseTime(input.end) : null;
  } else {
    return null;
  }
  return start && end ? { start, end } : null;
}

export const formatTimeRange = (range: TimeRange) => `${range.start}-${range.end}`;

/** Thrown by `normaliseAvailability` for an unknown weekday or a range that is not a time range. */
export class AvailabilityFormatError extends Error {
  override name = 'AvailabilityFormatError';
}

/** The first format problem of raw availability (unknown weekday, malformed range), or null. */
export function availabilityFormatError(input: AvailabilityInput): string | null {
  for (const [day, ranges] of Object.entries(input)) {
    if (!isWeekday(day)) return unknownWeekday(day);
    for (const range of ranges ?? []) {
      if (!parseTimeRange(range)) return invalidTimeFormatFor(day);
    }
  }
  return null;
}

/**
 * The saved form of availability (spec §3): ranges as {start, end} in 'HH:MM', sorted by start,
 * days in Monday-to-Sunday order, days without ranges left out.
 * Throws `AvailabilityFormatError` for a key that is not a weekday or a malformed range.
 * The order of a range's ends is not checked here: see `validateAvailability`.
 */
export function normaliseAvailability(input: AvailabilityInput): Availability {
  const problem = availabilityFormatError(input);
  if (problem) throw new AvailabilityFormatError(problem);
  return normaliseAvailabilityLenient(input);
}

/**
 * Like `normaliseAvailability`, but skips unknown weekdays and malformed ranges instead of throwing:
 * for reading availability that is already stored or comes from the server.
 */
export function normaliseAvailabilityLenient(input: AvailabilityInput | null | undefined): Availability {
  const result: Availability = {};
  for (const day of WEEKDAYS) {
    const ranges = (input?.[day] ?? [])
      .map(parseTimeRange)
      .filter((range): range is TimeRange => range !== null)
      .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
    if (ranges.length > 0) result[day] = ranges;
  }
  return result;
}

/** True when at least one weekday has at least one range. */
export function hasAnySlot(availability: Availability): boolean {
  return WEEKDAYS.some((day) => (availability[day]?.length ?? 0) > 0);
}

/** A problem with availability, as the admin screen shows it: a toast title and message. */
export interface AvailabilityProblem {
  title: string;
  message: string;
  day?: Weekday;
}

/** The first start ≥ end or overlapping range, day by day from Monday, or null. */
export function availabilitySlotProblem(availability: Availability): AvailabilityProblem | null {
  for (const day of WEEKDAYS) {
    const ranges = [...(availability[day] ?? [])];
    if (ranges.some((range) => range.start >= range.end)) {
      return { title: MESSAGES.invalidTimeSlot, message: invalidTimeSlotFor(day), day };
    }
    ranges.sort((a, b) => a.start.localeCompare(b.start));
    // Ranges that touch (09:00-12:00 and 12:00-17:00) do not overlap.
    if (ranges.some((range, i) => i > 0 && ranges[i - 1]!.end > range.start)) {
      return { title: MESSAGES.invalidTimeSlot, message: timeSlotsOverlapOn(day), day };
    }
  }
  return null;
}

/**
 * Admin 'Set Hours' rules (spec §5 'Availability', api-contract §3): at least one range, each
 * start before its end, no two ranges of a day overlapping. Returns the first problem or null.
 */
export function validateAvailability(availability: Availability): AvailabilityProblem | null {
  if (!hasAnySlot(availability)) return { title: MESSAGES.noTimeSlots, message: MESSAGES.setAtLeastOneSlot };
  return availabilitySlotProblem(availability);
}

/** The half-hour choices for a range's ends: 08:00, 08:30, … 22:00. */
export function timeSlotOptions(): string[] {
  const options: string[] = [];
  const last = timeToMinutes(SLOT_OPTION_END);
  for (let minutes = timeToMinutes(SLOT_OPTION_START); minutes <= last; minutes += SLOT_OPTION_STEP_MINUTES) {
    options.push(minutesToTime(minutes));
  }
  return options;
}

/** A fresh copy of the default new range, 09:00-17:00. */
export const newDefaultSlot = (): TimeRange => ({ ...DEFAULT_SLOT });
