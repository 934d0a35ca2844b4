import { type Booking, parseBookingDateTime } from '@app/domain';
import dayjs from 'dayjs';

/**
 * How bookings read for people, shared by the customer profile and the business dashboard.
 * Booking times are Northern Ireland wall-clock text ('YYYY-MM-DD HH:MM'); they are only ever
 * displayed, never converted to another zone.
 */

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 'YYYY-MM-DD' → 'Sat 5 Dec 2026' (a calendar day, read without any time zone). */
export function formatShortDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS_SHORT[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS_SHORT[month - 1]} ${year}`;
}

/** 'YYYY-MM-DD' → 'Saturday 5 December 2026' */
export const formatLongDate = (date: string) => dayjs(date).format('dddd D MMMM YYYY');

/**
 * A booking's wall-clock time (Northern Ireland) for people: '2026-12-05 10:00' → 'Sat 5 Dec 2026,
 * 10:00'; with a range, '… 10:00–11:00'. Text that is not a booking time is returned as it is.
 */
export function formatBookingDateTime(value: string): string {
  const parsed = parseBookingDateTime(value);
  if (!parsed) return value;
  const time = parsed.end ? `${parsed.start}–${parsed.end}` : parsed.start;
  return `${formatShortDate(parsed.date)}, ${time}`;
}

export const formatPounds = (amount: number) => `£${amount}`;

/** The booking's start, 'YYYY-MM-DD HH:MM' (wall clock), comparable as text. */
export const bookingStartOf = (booking: Pick<Booking, 'BookingDateTime'>) =>
  booking.BookingDateTime.slice(0, 16);

/** The booking's day, 'YYYY-MM-DD'. */
export const bookingDateOf = (booking: Pick<Booking, 'BookingDateTime'>) =>
  booking.BookingDateTime.slice(0, 10);

/** The price a booking stands at now: the final price once agreed, else the customer's offer. */
export function agreedPrice(booking: Booking): number | null {
  return booking.FinalPrice ?? booking.Price ?? booking.OriginalPrice;
}

/** What the customer offered, before any counter offer. */
export const offeredPrice = (booking: Booking): number | null => booking.OriginalPrice ?? booking.Price;

/** Where the appointment happens, as a booking card says it. */
export function bookingLocationText(booking: Pick<Booking, 'IsHomeVisit' | 'CustomerAddress'>): string {
  if (!booking.IsHomeVisit) return 'At the shop';
  return booking.CustomerAddress ? `Home visit: ${booking.CustomerAddress}` : 'Home visit';
}
