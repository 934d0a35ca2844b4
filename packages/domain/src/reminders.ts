import { addDays } from './dates';
import { londonWallClockToUtc, parseBookingDateTime } from './slots';

// Reminders before an agreed booking (api-contract §8.3): REMINDER_OFFSETS lists how long before
// the start each one goes out. Two kinds of length, because people mean two different things:
// - `m` and `h` are elapsed time: a 2h reminder goes exactly 2 hours before the start instant,
//   whatever the clocks do in between ("in two hours").
// - `d` is calendar days on the Northern Ireland clock: a 1d reminder for 10:00 on Monday goes at
//   10:00 on Sunday ("this time tomorrow"), also across a clock change, when that is 23 or 25 hours.

export type ReminderUnit = 'm' | 'h' | 'd';

export interface ReminderOffset {
  /** The offset as written canonically: '24h', '90m', '1d'. */
  label: string;
  amount: number;
  unit: ReminderUnit;
}

/** REMINDER_OFFSETS when unset. */
export const DEFAULT_REMINDER_OFFSETS = '24h,2h';

/** The longest offset accepted: two weeks (bookings open at most four weeks ahead). */
export const MAX_REMINDER_OFFSET_DAYS = 14;

const MINUTE_MS = 60_000;
const UNIT_MINUTES: Record<ReminderUnit, number> = { m: 1, h: 60, d: 24 * 60 };
const MAX_OFFSET_MINUTES = MAX_REMINDER_OFFSET_DAYS * UNIT_MINUTES.d;
const OFFSET_PATTERN = /^(\d+)\s*([mhd])$/;
const OFFSET_EXAMPLE = 'whole minutes, hours or days such as 90m, 2h or 1d';

/**
 * The offset's nominal length in minutes (1d counts as 1440). It orders offsets, tells duplicates
 * apart and keys a booking's reminders.
 */
export function reminderOffsetMinutes(offset: ReminderOffset): number {
  return offset.amount * UNIT_MINUTES[offset.unit];
}

function parseOffset(item: string): ReminderOffset {
  const match = OFFSET_PATTERN.exec(item);
  if (!match) throw new Error(`"${item}" is not a reminder offset: use ${OFFSET_EXAMPLE}`);
  const amount = Number(match[1]);
  const unit = match[2] as ReminderUnit;
  if (amount === 0) throw new Error(`"${item}" is not a reminder offset: it must be more than 0`);
  if (amount * UNIT_MINUTES[unit] > MAX_OFFSET_MINUTES) {
    throw new Error(`"${item}" is too long for a reminder offset: at most ${MAX_REMINDER_OFFSET_DAYS}d`);
  }
  return { label: `${amount}${unit}`, amount, unit };
}

/**
 * Reads REMINDER_OFFSETS: comma-separated offsets such as '24h,2h', '90m' or '1d,2h,30m' (spaces
 * around items and before the unit are allowed; '' or only spaces means no reminders). Offsets of
 * the same nominal length are one reminder, so '2h,120m' and '24h,1d' keep only the first written.
 * Sorted longest first. Throws an Error naming the first bad item.
 */
export function parseReminderOffsets(text: string): ReminderOffset[] {
  if (text.trim() === '') return [];
  const byMinutes = new Map<number, ReminderOffset>();
  for (const item of text.split(',').map((part) => part.trim())) {
    if (item === '') {
      throw new Error(`"${text}" has an empty item between commas: list offsets such as 24h,2h`);
    }
    const offset = parseOffset(item);
    const minutes = reminderOffsetMinutes(offset);
    if (!byMinutes.has(minutes)) byMinutes.set(minutes, offset);
  }
  return [...byMinutes.entries()].sort(([a], [b]) => b - a).map(([, offset]) => offset);
}

/**
 * When the reminder `offset` before a booking goes out. `bookingDateTime` is its start on the
 * Northern Ireland clock, 'YYYY-MM-DD HH:MM' (a trailing '-HH:MM' end is ignored).
 * `m`/`h`: that many minutes before the start instant. `d`: the same wall-clock time that many
 * days earlier, read as londonWallClockToUtc reads any wall-clock time: a time the clocks skip in
 * spring moves on by the skipped hour (01:30 → 02:30 BST), a time repeated in autumn is its first
 * (BST) occurrence.
 * Throws RangeError for text that is not a booking date and time.
 */
export function reminderMoment(bookingDateTime: string, offset: ReminderOffset): Date {
  const parsed = parseBookingDateTime(bookingDateTime);
  if (!parsed) throw new RangeError(`Not a 'YYYY-MM-DD HH:MM' booking date-time: ${bookingDateTime}`);
  if (offset.unit === 'd')
    return londonWallClockToUtc(`${addDays(parsed.date, -offset.amount)} ${parsed.start}`);
  const start = londonWallClockToUtc(`${parsed.date} ${parsed.start}`);
  return new Date(start.getTime() - reminderOffsetMinutes(offset) * MINUTE_MS);
}

export interface ScheduledReminder {
  /**
   * Stable per offset length ('1440m' for 24h or 1d, '120m' for 2h), so a booking's
   * `(booking, key)` names one reminder even if REMINDER_OFFSETS is respelled between runs.
   */
  key: string;
  offset: ReminderOffset;
  /** The moment it is due (reminderMoment). */
  sendAt: Date;
}

/**
 * The reminders to create when a booking becomes Approved or Confirmed at `now`, in the order of
 * `offsets`: only those whose moment is still ahead (a moment already passed, or this very
 * millisecond, is not sent late).
 */
export function remindersToSchedule(
  bookingDateTime: string,
  offsets: readonly ReminderOffset[],
  now: Date,
): ScheduledReminder[] {
  return offsets
    .map((offset) => ({
      key: `${reminderOffsetMinutes(offset)}m`,
      offset,
      sendAt: reminderMoment(bookingDateTime, offset),
    }))
    .filter((reminder) => reminder.sendAt.getTime() > now.getTime());
}
