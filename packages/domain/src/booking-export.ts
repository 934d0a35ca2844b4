import { z } from 'zod';
import { BOOKING_HISTORY_YEARS } from './constants';
import { isIsoDate, yearsAfter } from './dates';

// GET /booking/export.csv (api-contract §8.5, §8.9): a business's bookings between two dates as CSV.

/** The longest range one export covers: the whole history kept (api-contract §5). */
export const BOOKING_EXPORT_MAX_YEARS = BOOKING_HISTORY_YEARS;

export const BOOKING_EXPORT_MESSAGES = {
  fromDate: 'from must be a date (YYYY-MM-DD)',
  toDate: 'to must be a date (YYYY-MM-DD)',
  order: 'The start date must be on or before the end date',
  tooLong: `The date range can be at most ${BOOKING_EXPORT_MAX_YEARS} years`,
} as const;

/** The CSV's header row, in column order. */
export const BOOKING_EXPORT_COLUMNS = [
  'Date',
  'Time',
  'Service',
  'Minutes',
  'Barber',
  'Status',
  'Customer',
  'Phone',
  'Price',
  'Home visit',
  'Address',
  'Payment',
  'Amount due',
  'Paid',
  'Refunded',
  'Attendance',
] as const;

const date = (message: string) => z.string({ error: message }).refine((value) => isIsoDate(value), message);

/** `from` and `to` (inclusive, by booking date): real dates, in order, at most 7 years apart. */
export const BookingExportQuerySchema = z
  .object({ from: date(BOOKING_EXPORT_MESSAGES.fromDate), to: date(BOOKING_EXPORT_MESSAGES.toDate) })
  .superRefine(({ from, to }, ctx) => {
    // NOTE: the issues name `to`, so the API's 400 carries the message (a root issue would not).
    // A field refinement does not stop zod: judge the range only between two dates.
    if (!isIsoDate(from) || !isIsoDate(to)) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKING_EXPORT_MESSAGES.order });
    else if (to >= yearsAfter(from, BOOKING_EXPORT_MAX_YEARS))
      ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKING_EXPORT_MESSAGES.tooLong });
  });
export type BookingExportQuery = z.infer<typeof BookingExportQuerySchema>;

/** The file name the download is saved as. */
export const bookingExportFilename = ({ from, to }: BookingExportQuery) => `bookings-${from}-to-${to}.csv`;
