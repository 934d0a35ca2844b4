import { z } from 'zod';
import { type AvailabilityInput, normaliseAvailabilityLenient, timeToMinutes } from './availability';
import { type AwayDateRange, isDateAway } from './away-dates';
import {
  BOOKING_STATUSES,
  type BookingStatus,
  COUNTER_RESPONSES,
  invalidStatusMessage,
  isBookingStatus,
} from './booking-status';
import {
  BOOKING_DURATION_MINUTES,
  BOOKING_LIST_LIMIT,
  MAX_ID_LENGTH,
  MAX_JOINED_ADDRESS_LENGTH,
} from './constants';
import { isIsoDate } from './dates';
import { atMostCharacters, fieldRequired, MESSAGES } from './messages';
import { CounterPriceSchema, CustomerPriceSchema } from './price-schemas';
import { isDateTime, parseBookingDateTime, weekdayOf } from './slots';

export * from './booking-status';

/**
 * True when a booking's hour (one hour, or its own range) lies inside one of the business's weekly
 * ranges for that weekday and the day is not an away date. A booking may only come to hold an hour
 * (approve, accept) that the business offers at that moment: its hours may have shrunk, or an away
 * period begun, since the request was made. Unlike a bookable slot it need not sit on the hourly
 * grid of the current ranges (it was made under earlier ones).
 */
export function isWithinBusinessHours(
  bookingDateTime: string,
  business: {
    availability: AvailabilityInput | null | undefined;
    awayDates?: readonly AwayDateRange[] | null;
  },
): boolean {
  const parsed = parseBookingDateTime(bookingDateTime);
  if (!parsed || isDateAway(parsed.date, business.awayDates)) return false;
  const start = timeToMinutes(parsed.start);
  const rangeEnd = parsed.end === null ? start : timeToMinutes(parsed.end);
  const end = rangeEnd > start ? rangeEnd : start + BOOKING_DURATION_MINUTES;
  const ranges = normaliseAvailabilityLenient(business.availability)[weekdayOf(parsed.date)] ?? [];
  return ranges.some((range) => timeToMinutes(range.start) <= start && end <= timeToMinutes(range.end));
}

// ---- Request bodies -----------------------------------------------------------------------------

/** An id in a body: non-empty text or a whole number, read as text. */
export const idSchema = (field: string) =>
  z
    .union(
      [
        z.string().trim().min(1, fieldRequired(field)).max(MAX_ID_LENGTH, atMostCharacters(MAX_ID_LENGTH)),
        z.number().int().nonnegative(),
      ],
      { error: fieldRequired(field) },
    )
    .transform(String);

/** A status value; anything else gets the spec's 'Invalid status: …' message. */
export const BookingStatusSchema = z
  .string({ error: invalidStatusMessage('') })
  .max(32, atMostCharacters(32))
  .superRefine((status, ctx) => {
    if (!isBookingStatus(status)) ctx.addIssue({ code: 'custom', message: invalidStatusMessage(status) });
  })
  .transform((status) => status as BookingStatus);

export const bookingRef = { businessId: idSchema('businessId'), bookingId: idSchema('bookingId') };

/**
 * PATCH /booking/setstatus; an approval may name the team member who does it (api-contract §9.3;
 * left out, the server assigns one who is free).
 */
export const SetStatusRequestSchema = z.object({
  ...bookingRef,
  status: BookingStatusSchema,
  memberId: idSchema('memberId').optional(),
});
export type SetStatusRequest = z.input<typeof SetStatusRequestSchema>;

/** PATCH /booking/counter: newPrice whole pounds 1–300. */
export const CounterRequestSchema = z.object({ ...bookingRef, newPrice: CounterPriceSchema });
export type CounterRequest = z.input<typeof CounterRequestSchema>;

/** PATCH /booking/respond-to-counter */
export const RespondToCounterRequestSchema = z.object({
  ...bookingRef,
  response: z.enum(COUNTER_RESPONSES, { error: MESSAGES.counterResponse }),
});
export type RespondToCounterRequest = z.input<typeof RespondToCounterRequestSchema>;

/**
 * POST /booking/book. price is a number or numeric text without £, whole pounds (the server then
 * checks it against the business minimum with `customerPriceError`). customerAddress is required
 * for a home visit and dropped (null) otherwise.
 */
export const CreateBookingRequestSchema = z
  .object({
    businessId: idSchema('businessId'),
    bookingDateTime: z
      .string({ error: MESSAGES.bookingDateTimeFormat })
      .max(16, MESSAGES.bookingDateTimeFormat)
      .refine(isDateTime, MESSAGES.bookingDateTimeFormat),
    price: CustomerPriceSchema,
    isHomeVisit: z.boolean({ error: MESSAGES.mustBeTrueOrFalse }).optional().default(false),
    customerAddress: z
      .string({ error: MESSAGES.homeVisitAddressRequired })
      .max(MAX_JOINED_ADDRESS_LENGTH, atMostCharacters(MAX_JOINED_ADDRESS_LENGTH))
      .trim()
      .nullish(),
    // The service asked for (api-contract §9.3); left out: the business's first.
    serviceId: idSchema('serviceId').optional(),
    memberId: idSchema('memberId').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.isHomeVisit && !body.customerAddress) {
      ctx.addIssue({ code: 'custom', path: ['customerAddress'], message: MESSAGES.homeVisitAddressRequired });
    }
  })
  .transform((body) => ({
    ...body,
    customerAddress: body.isHomeVisit ? (body.customerAddress ?? null) : null,
  }));
export type CreateBookingRequest = z.input<typeof CreateBookingRequestSchema>;

// ---- Query strings ------------------------------------------------------------------------------

/**
 * GET /booking/available-times?businessId=&serviceId=&memberId= (serviceId left out: the first
 * service; memberId left out: any member who does it).
 */
export const AvailableTimesQuerySchema = z.object({
  businessId: idSchema('businessId'),
  serviceId: idSchema('serviceId').optional(),
  memberId: idSchema('memberId').optional(),
});

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${BOOKING_LIST_LIMIT}`;
/** The longest cursor GET /booking/getallbookings hands out (a sort key, an id and a checksum). */
export const ALL_BOOKINGS_CURSOR_MAX = 400;
export const ALL_BOOKINGS_MESSAGES = {
  limit: LIMIT_MESSAGE,
  fromDate: 'from must be a date (YYYY-MM-DD)',
  toDate: 'to must be a date (YYYY-MM-DD)',
  order: 'from must be on or before to',
  statusEmpty: `status must list one or more of ${BOOKING_STATUSES.join(', ')}, separated by commas`,
  cursor: 'cursor is not a page of this list (other filters, or altered): start again from the first page',
} as const;

const listDate = (message: string) => z.string().refine(isIsoDate, message);

/**
 * GET /booking/getallbookings?from=&to=&status=&limit=&cursor= (api-contract §8.5). `from`/`to`
 * are inclusive days of BookingDateTime and order the list by it (earliest first); without them
 * it is newest first. `status` is a comma-separated list, given back as distinct statuses in
 * BOOKING_STATUSES order. `cursor` is checked against the filters by the API.
 */
export const AllBookingsQuerySchema = z
  .object({
    from: listDate(ALL_BOOKINGS_MESSAGES.fromDate).optional().describe('First day (YYYY-MM-DD), inclusive'),
    to: listDate(ALL_BOOKINGS_MESSAGES.toDate).optional().describe('Last day (YYYY-MM-DD), inclusive'),
    status: z
      .string()
      .max(200, ALL_BOOKINGS_MESSAGES.statusEmpty)
      .transform((value, ctx) => {
        const parts = value.split(',').map((part) => part.trim());
        const unknown = parts.find((part) => part !== '' && !isBookingStatus(part));
        if (unknown !== undefined) {
          ctx.addIssue({ code: 'custom', message: invalidStatusMessage(unknown) });
          return z.NEVER;
        }
        const statuses = BOOKING_STATUSES.filter((status) => parts.includes(status));
        if (statuses.length === 0) {
          ctx.addIssue({ code: 'custom', message: ALL_BOOKINGS_MESSAGES.statusEmpty });
          return z.NEVER;
        }
        return statuses;
      })
      .optional()
      .describe('Comma-separated statuses, e.g. Requested,Countered'),
    limit: z
      .string()
      .max(6, LIMIT_MESSAGE)
      .regex(/^\d+$/, LIMIT_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(BOOKING_LIST_LIMIT, LIMIT_MESSAGE))
      .optional()
      .default(BOOKING_LIST_LIMIT),
    cursor: z
      .string()
      .max(ALL_BOOKINGS_CURSOR_MAX, ALL_BOOKINGS_MESSAGES.cursor)
      .regex(/^[A-Za-z0-9_-]+$/, ALL_BOOKINGS_MESSAGES.cursor)
      .optional()
      .describe('nextCursor of the previous page, with the same from, to and status'),
  })
  .superRefine(({ from, to }, ctx) => {
    // NOTE: the issue names `to`, so the API's 400 carries the message (a root issue would not).
    if (from !== undefined && to !== undefined && isIsoDate(from) && isIsoDate(to) && from > to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ALL_BOOKINGS_MESSAGES.order });
    }
  });
export type AllBookingsQuery = z.output<typeof AllBookingsQuerySchema>;
export type AllBookingsQueryInput = z.input<typeof AllBookingsQuerySchema>;
