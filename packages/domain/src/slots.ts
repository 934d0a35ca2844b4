import {
  type AvailabilityInput,
  minutesToTime,
  normaliseAvailabilityLenient,
  timeToMinutes,
} from './availability';
import { type AwayDateRange, isDateAway } from './away-dates';
import {
  BOOKING_DURATION_MINUTES,
  BOOKING_WINDOW_WEEKS,
  SLOT_STEP_MINUTES,
  WEEKDAYS,
  type Weekday,
} from './constants';
import {
  addDays,
  isIsoDate,
  londonOffsetMs,
  londonWallClockFields,
  parseBookingDateTime,
  TIME_PATTERN,
  todayInLondon,
} from './dates';

// Kept here for the modules that read booking times with the slot rules.
export { parseBookingDateTime };

// All times here are wall-clock times in Northern Ireland (Europe/London), written
// 'YYYY-MM-DD HH:MM'. Conversions to instants follow BST/GMT changes (londonOffsetMs in dates.ts).

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The date and time London's clocks show at an instant (dates.ts: BST by its rule, no Intl). */
const wallClockParts = londonWallClockFields;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The London wall clock of an instant, 'YYYY-MM-DD HH:MM' (seconds dropped). */
export function utcToLondonWallClock(date: Date): string {
  const p = wallClockParts(date.getTime());
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** London's offset from UTC in minutes at an instant (0 in winter, 60 in summer). */
const londonOffsetMinutes = (epochMs: number): number => londonOffsetMs(epochMs) / MINUTE_MS;

/** Date-time pattern 'YYYY-MM-DD HH:MM' (24 h). */
export const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

/** True for a real day and time written 'YYYY-MM-DD HH:MM'. */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME_PATTERN.exec(value);
  return match !== null && isIsoDate(match[1]!) && TIME_PATTERN.test(match[2]!);
}

function wallClockAsUtcMs(dateTime: string): number {
  const [date, time] = dateTime.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) + timeToMinutes(time) * MINUTE_MS;
}

// instantsOf is pure and hot (every slot of every available-times answer and every booking check
// asks it, and each answer costs several Intl calls), so its answers are kept, up to a bound.
const instantsCache = new Map<string, readonly number[]>();
const INSTANTS_CACHE_LIMIT = 50_000;

/** The instants at which London's clocks show this wall-clock time: 0, 1 or (autumn) 2 of them. */
function instantsOf(dateTime: string): readonly number[] {
  const cached = instantsCache.get(dateTime);
  if (cached) return cached;
  const local = wallClockAsUtcMs(dateTime);
  const offsets = new Set([londonOffsetMinutes(local - DAY_MS), londonOffsetMinutes(local + DAY_MS)]);
  const instants = Object.freeze(
    [...offsets]
      .map((offset) => local - offset * MINUTE_MS)
      .filter((instant) => utcToLondonWallClock(new Date(instant)) === dateTime)
      .sort((a, b) => a - b),
  );
  if (instantsCache.size >= INSTANTS_CACHE_LIMIT) instantsCache.clear();
  instantsCache.set(dateTime, instants);
  return instants;
}

/** False for a time the clocks skip when BST starts (e.g. '2026-03-29 01:30'). */
export function londonWallClockExists(dateTime: string): boolean {
  return isDateTime(dateTime) && instantsOf(dateTime).length > 0;
}

/**
 * The instant of a London wall-clock time 'YYYY-MM-DD HH:MM'. When the clocks go back the repeated
 * hour means its first (BST) occurrence; a time skipped when they go forward is read with the
 * offset before the change (01:30 → 02:30 BST), like Temporal's 'compatible' choice.
 * Throws RangeError for text that is not a date and time.
 */
export function londonWallClockToUtc(dateTime: string): Date {
  if (!isDateTime(dateTime)) throw new RangeError(`Not a 'YYYY-MM-DD HH:MM' date-time: ${dateTime}`);
  const [first] = instantsOf(dateTime);
  if (first !== undefined) return new Date(first);
  const local = wallClockAsUtcMs(dateTime);
  return new Date(local - londonOffsetMinutes(local - DAY_MS) * MINUTE_MS);
}

/** The weekday of a day 'YYYY-MM-DD' (calendar arithmetic, no time zone involved). */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** A booking's start and end as instants (epoch ms), or null for text that is not a booking time. */
function bookingInterval(value: string): { start: number; end: number } | null {
  const parsed = parseBookingDateTime(value);
  if (!parsed) return null;
  const start = londonWallClockToUtc(`${parsed.date} ${parsed.start}`).getTime();
  const minutes = parsed.end === null ? 0 : timeToMinutes(parsed.end) - timeToMinutes(parsed.start);
  return { start, end: start + (minutes > 0 ? minutes : BOOKING_DURATION_MINUTES) * MINUTE_MS };
}

/** True when two bookings' times overlap (each one hour unless it carries a range). */
export function bookingTimesOverlap(a: string, b: string): boolean {
  const first = bookingInterval(a);
  const second = bookingInterval(b);
  return first !== null && second !== null && first.start < second.end && second.start < first.end;
}

/**
 * The days a customer may book: today (London) through today + 7 × weeks days, both included.
 * With the default 4 weeks, a Tuesday opens bookings up to and including the Tuesday 28 days on.
 */
export function bookingWindow(
  now: Date = new Date(),
  weeks: number = BOOKING_WINDOW_WEEKS,
): { first: string; last: string } {
  const first = todayInLondon(now);
  return { first, last: addDays(first, weeks * 7) };
}

/**
 * Where to start reading the held bookings that can touch `day`'s slots: a booking of the previous
 * day can still overlap (a range past midnight), so one day back, 'YYYY-MM-DD 00:00'.
 */
export function heldTimesFrom(day: string): string {
  return `${addDays(day, -1)} 00:00`;
}

export interface SlotRules {
  /** The business's weekly hours, saved or raw (unknown days and malformed ranges are skipped). */
  availability: AvailabilityInput | null | undefined;
  awayDates?: readonly AwayDateRange[] | null;
  /** Booking times already holding a slot (Approved or Confirmed): 'YYYY-MM-DD HH:MM[-HH:MM]'. */
  takenSlots?: readonly string[] | null;
  now?: Date;
  weeks?: number;
  /** How long the booking asked for lasts (api-contract §9.3); default one hour. */
  durationMinutes?: number;
  /** How far apart the starts are (15, 30 or 60); default one hour. */
  stepMinutes?: number;
}

/**
 * The bookable starts 'YYYY-MM-DD HH:MM', sorted (spec §9, api-contract §4, §9.3): every
 * `stepMinutes` (default 60) from each range's start while a booking of `durationMinutes` (default
 * 60) still ends by the range's end (09:00-17:00 gives 09:00 … 16:00 by default); on the days of
 * `bookingWindow`; later than `now` (a slot starting this minute has begun); not on an away day; not
 * overlapping a taken booking for its whole length; never a wall-clock time the clocks skip.
 */
export function generateBookableSlots(rules: SlotRules): string[] {
  const plan = slotPlan(rules);
  const slots: string[] = [];
  for (const day of daysBetween(plan.first, plan.last)) {
    for (const slot of daySlots(day, plan)) slots.push(slot);
  }
  return slots;
}

/** Sorted lists of starts merged into one, sorted, each start once. */
export function mergeSortedSlots(lists: readonly (readonly string[])[]): string[] {
  if (lists.length === 1) return [...lists[0]!];
  let merged: readonly string[] = [];
  for (const list of lists) {
    const next: string[] = [];
    let i = 0;
    let j = 0;
    while (i < merged.length || j < list.length) {
      const a = merged[i];
      const b = list[j];
      if (b === undefined || (a !== undefined && a < b)) {
        next.push(a!);
        i += 1;
      } else {
        if (a === b) i += 1;
        next.push(b);
        j += 1;
      }
    }
    merged = next;
  }
  return merged as string[];
}

/**
 * The first of `generateBookableSlots(rules)`, or null, without listing the rest: the days are
 * walked in order and the walk stops at the first day with a free hour (the list's `nextAvailable`).
 */
export function firstBookableSlot(rules: SlotRules): string | null {
  const plan = slotPlan(rules);
  for (const day of daysBetween(plan.first, plan.last)) {
    const slots = daySlots(day, plan);
    if (slots.length > 0) return slots[0] ?? null;
  }
  return null;
}

/** The slots of `generateBookableSlots(rules)` on one day (none outside the booking window). */
export function bookableSlotsOn(date: string, rules: SlotRules): string[] {
  const plan = slotPlan(rules);
  if (!isIsoDate(date) || date < plan.first || date > plan.last) return [];
  return daySlots({ date, weekday: weekdayOf(date) }, plan);
}

interface SlotPlan {
  hours: ReturnType<typeof normaliseAvailabilityLenient>;
  awayDates: SlotRules['awayDates'];
  taken: TakenIntervals;
  nowMs: number;
  first: string;
  last: string;
  durationMinutes: number;
  stepMinutes: number;
}

/**
 * The taken bookings swept once (api-contract §9.3: no query or scan per slot): sorted by start,
 * with the latest end of every prefix, so "does [start, end) meet one?" is one binary search.
 */
interface TakenIntervals {
  starts: number[];
  /** maxEnds[i]: the latest end among the first i + 1 bookings by start. */
  maxEnds: number[];
}

function sweepTaken(intervals: { start: number; end: number }[]): TakenIntervals {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const maxEnds: number[] = [];
  let latest = Number.NEGATIVE_INFINITY;
  for (const interval of sorted) {
    latest = Math.max(latest, interval.end);
    maxEnds.push(latest);
  }
  return { starts: sorted.map((interval) => interval.start), maxEnds };
}

/** True when a taken booking overlaps [start, end): one of those starting before `end` ends after `start`. */
function meetsTaken(taken: TakenIntervals, start: number, end: number): boolean {
  // The number of bookings starting before `end`.
  let low = 0;
  let high = taken.starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((taken.starts[middle] ?? 0) < end) low = middle + 1;
    else high = middle;
  }
  return low > 0 && (taken.maxEnds[low - 1] ?? 0) > start;
}

function slotPlan({
  availability,
  awayDates,
  takenSlots,
  now = new Date(),
  weeks = BOOKING_WINDOW_WEEKS,
  durationMinutes = BOOKING_DURATION_MINUTES,
  stepMinutes = SLOT_STEP_MINUTES,
}: SlotRules): SlotPlan {
  const taken = (takenSlots ?? [])
    .map(bookingInterval)
    .filter((interval): interval is { start: number; end: number } => interval !== null);
  return {
    hours: normaliseAvailabilityLenient(availability),
    awayDates,
    taken: sweepTaken(taken),
    nowMs: now.getTime(),
    ...bookingWindow(now, weeks),
    durationMinutes,
    stepMinutes,
  };
}

/** One day's free hours, sorted: its ranges' slots, later than now, not away, not overlapping a taken booking. */
function daySlots({ date, weekday }: { date: string; weekday: Weekday }, plan: SlotPlan): string[] {
  const ranges = plan.hours[weekday];
  if (!ranges || isDateAway(date, plan.awayDates)) return [];
  const lengthMs = plan.durationMinutes * MINUTE_MS;
  const slots: string[] = [];
  for (const range of ranges) {
    for (const { slot, start } of rangeSlots(date, range, plan.durationMinutes, plan.stepMinutes)) {
      if (start <= plan.nowMs) continue;
      if (meetsTaken(plan.taken, start, start + lengthMs)) continue;
      slots.push(slot);
    }
  }
  // One range's starts are in order already; overlapping ranges (hours saved before the rules
  // refused them) can repeat or interleave starts.
  return ranges.length === 1 ? slots : [...new Set(slots)].sort();
}

// The pieces of the slot list that depend only on the calendar (the days of a window, the slots
// of a range on a day and their instants) are pure and the same for every business and request:
// they are kept, up to a bound, so a list costs a few lookups per day.
const CALENDAR_CACHE_LIMIT = 20_000;
const windowDaysCache = new Map<string, readonly { date: string; weekday: Weekday }[]>();
const rangeSlotsCache = new Map<string, readonly { slot: string; start: number }[]>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CALENDAR_CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The days from `first` to `last`, both included, with their weekdays. */
function daysBetween(first: string, last: string): readonly { date: string; weekday: Weekday }[] {
  const key = `${first} ${last}`;
  const cached = windowDaysCache.get(key);
  if (cached) return cached;
  const days: { date: string; weekday: Weekday }[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) days.push({ date, weekday: weekdayOf(date) });
  return remember(windowDaysCache, key, Object.freeze(days));
}

/**
 * The starts of one availability range on one day, `stepMinutes` apart, while a booking of
 * `durationMinutes` still ends by the range's end, with their instants; a wall-clock time the clocks
 * skip is left out.
 */
function rangeSlots(
  date: string,
  range: { start: string; end: string },
  durationMinutes: number,
  stepMinutes: number,
): readonly { slot: string; start: number }[] {
  const key = `${date} ${range.start}-${range.end} ${durationMinutes}/${stepMinutes}`;
  const cached = rangeSlotsCache.get(key);
  if (cached) return cached;
  const slots: { slot: string; start: number }[] = [];
  const end = timeToMinutes(range.end);
  for (let minutes = timeToMinutes(range.start); minutes + durationMinutes <= end; minutes += stepMinutes) {
    const slot = `${date} ${minutesToTime(minutes)}`;
    const [start] = instantsOf(slot);
    if (start !== undefined) slots.push({ slot, start });
  }
  return remember(rangeSlotsCache, key, Object.freeze(slots));
}

/**
 * True when `slot` is one of `generateBookableSlots(rules)` (the server's check for POST
 * /booking/book): only its own day's starts are worked out, not the window's.
 */
export function isBookableSlot(slot: string, rules: SlotRules): boolean {
  return isDateTime(slot) && bookableSlotsOn(slot.slice(0, 10), rules).includes(slot);
}

/** Slots grouped by day, days and times in order: { '2026-03-02': ['09:00', '10:00'], … }. */
export function groupSlotsByDate(slots: readonly string[]): Record<string, string[]> {
  const byDate: Record<string, string[]> = {};
  for (const slot of [...slots].sort()) {
    const [date, time] = slot.split(' ') as [string, string];
    const times = byDate[date] ?? [];
    times.push(time);
    byDate[date] = times;
  }
  return byDate;
}
