import { addDays, bookingCalendarSpan, WEEKDAYS } from '@app/domain';
import dayjs from 'dayjs';
import { formatLongDate } from '@/lib/booking-format';

// Booking times are Northern Ireland wall-clock text ('YYYY-MM-DD HH:MM'); they are only ever
// displayed, never converted, so dayjs reads and writes them as local wall-clock values.

/** 'Saturday 5 December' */
export const formatDayWithoutYear = (date: string) => dayjs(date).format('dddd D MMMM');

/** 'Saturday 5 December 2026, 10:00' */
export function formatSlot(slot: string): string {
  const [date, time] = slot.split(' ') as [string, string | undefined];
  return time ? `${formatLongDate(date)}, ${time}` : formatLongDate(date);
}

export const dayOfMonth = (date: string) => dayjs(date).date();
export const shortMonth = (date: string) => dayjs(date).format('MMM');

/** Monday-first index of a day (0 = Monday … 6 = Sunday). */
const mondayIndex = (date: string) => (dayjs(date).day() + 6) % 7;

export const WEEKDAY_INITIALS = WEEKDAYS.map((day) => day.slice(0, 3));

/**
 * The booking window (today … 4 weeks on, London, widened to any slot day outside it) laid out as
 * whole Monday-to-Sunday weeks.
 * Cells outside the window are null, so the grid lines up under its weekday headings.
 */
export function bookingCalendarWeeks(
  slotDates: readonly string[] = [],
  now: Date = new Date(),
): (string | null)[][] {
  // The server's slots decide; a clock a little off from the server's must not hide any of them.
  const { first, last } = bookingCalendarSpan(slotDates, now);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: mondayIndex(first) }, () => null);
  for (let date = first; date <= last; date = addDays(date, 1)) {
    week.push(date);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}
