import { bookingWindow } from './slots';

/** A step of the booking wizard (spec §2 "Booking wizard"). */
export interface BookingWizardStep {
  key: 'service' | 'dateTime' | 'price' | 'location' | 'review';
  label: string;
}

const SERVICE: BookingWizardStep = { key: 'service', label: 'Service' };
const DATE_TIME: BookingWizardStep = { key: 'dateTime', label: 'Date & Time' };
const PRICE: BookingWizardStep = { key: 'price', label: 'Price' };
const LOCATION: BookingWizardStep = { key: 'location', label: 'Location' };
const REVIEW: BookingWizardStep = { key: 'review', label: 'Review' };

/**
 * The wizard's steps for a business: Service first when there is a choice of service or barber
 * (api-contract §9.3; a business with only its default service and owner keeps spec §2's steps),
 * Location only when it offers home visits.
 */
export function bookingWizardSteps(homeVisitsEnabled: boolean, choosesService = false): BookingWizardStep[] {
  return [
    ...(choosesService ? [SERVICE] : []),
    DATE_TIME,
    PRICE,
    ...(homeVisitsEnabled ? [LOCATION] : []),
    REVIEW,
  ];
}

/** The months' English names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'YYYY-MM-DD' → 'November 2026'. */
export const monthAndYear = (date: string): string =>
  `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/**
 * The first and last day the booking calendar shows: the booking window (today … 4 weeks on,
 * London), widened to any slot day outside it (a clock a little off from the server's must not hide
 * a slot).
 */
export function bookingCalendarSpan(
  slotDates: readonly string[] = [],
  now: Date = new Date(),
): { first: string; last: string } {
  const window = bookingWindow(now);
  const sorted = [...slotDates].sort();
  const earliest = sorted[0];
  const latest = sorted.at(-1);
  return {
    first: earliest && earliest < window.first ? earliest : window.first,
    last: latest && latest > window.last ? latest : window.last,
  };
}

/** The booking calendar's heading: its months, 'November 2026 – December 2026' or 'December 2026'. */
export function bookingCalendarMonths(slotDates: readonly string[] = [], now: Date = new Date()): string {
  const { first, last } = bookingCalendarSpan(slotDates, now);
  const from = monthAndYear(first);
  const to = monthAndYear(last);
  return from === to ? from : `${from} – ${to}`;
}
