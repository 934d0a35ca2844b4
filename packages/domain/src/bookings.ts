import { z } from 'zod';
import { type AvailabilityInput, normaliseAvailabilityLenient, timeToMinutes } from './availability';
import { type AwayDateRange, isDateAway } from './away-dates';
import { BOOKING_DURATION_MINUTES, MAX_ID_LENGTH, MAX_JOINED_ADDRESS_LENGTH } from './constants';
import { atMostCharacters, fieldRequired, MESSAGES } from './messages';
import { CounterPriceSchema, CustomerPriceSchema } from './prices';
import { isDateTime, parseBookingDateTime, weekdayOf } from './slots';

export const BOOKING_STATUSES = [
  'Requested',
  'Approved',
  'Denied',
  'Countered',
  'Confirmed',
  'Declined',
  'Cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const isBookingStatus = (value: unknown): value is BookingStatus =>
  typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);

/** 'Invalid status: {status}. Allowed statuses are: Requested, Approved, …' (spec §4, api-contract §4). */
export const invalidStatusMessage = (status: string) =>
  `Invalid status: ${status}. Allowed statuses are: ${BOOKING_STATUSES.join(', ')}`;

/** For exhaustive switches: a status (or any union member) the code forgot is a type error. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}

// ---- Transitions (api-contract §4) --------------------------------------------------------------

export const BOOKING_ACTORS = ['business', 'customer'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

export const BOOKING_ACTIONS = ['approve', 'deny', 'counter', 'cancel', 'accept', 'decline'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** The PATCH call that carries each action. */
export type BookingCall = 'setstatus' | 'counter' | 'respond-to-counter';

export interface BookingTransition {
  from: BookingStatus;
  actor: BookingActor;
  action: BookingAction;
  call: BookingCall;
  to: BookingStatus;
}

/**
 * Every allowed status change; anything else is 409 InvalidTransition. A new booking starts as
 * Requested (POST /booking/book).
 */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { from: 'Requested', actor: 'business', action: 'approve', call: 'setstatus', to: 'Approved' },
  { from: 'Requested', actor: 'business', action: 'deny', call: 'setstatus', to: 'Denied' },
  { from: 'Requested', actor: 'business', action: 'counter', call: 'counter', to: 'Countered' },
  { from: 'Requested', actor: 'customer', action: 'cancel', call: 'setstatus', to: 'Cancelled' },
  { from: 'Countered', actor: 'customer', action: 'accept', call: 'respond-to-counter', to: 'Confirmed' },
  { from: 'Countered', actor: 'customer', action: 'decline', call: 'respond-to-counter', to: 'Declined' },
];

export const INITIAL_BOOKING_STATUS: BookingStatus = 'Requested';

export function findTransition(
  from: BookingStatus,
  actor: BookingActor,
  action: BookingAction,
): BookingTransition | undefined {
  return BOOKING_TRANSITIONS.find((t) => t.from === from && t.actor === actor && t.action === action);
}

export function canTransition(from: BookingStatus, actor: BookingActor, action: BookingAction): boolean {
  return findTransition(from, actor, action) !== undefined;
}

/** The status after the action, or null when the action is not allowed from `from` for `actor`. */
export function nextStatus(
  from: BookingStatus,
  actor: BookingActor,
  action: BookingAction,
): BookingStatus | null {
  return findTransition(from, actor, action)?.to ?? null;
}

/** The action a PATCH /booking/setstatus with this status asks for; null for statuses it cannot set. */
export function setStatusAction(status: BookingStatus): BookingAction | null {
  switch (status) {
    case 'Approved':
      return 'approve';
    case 'Denied':
      return 'deny';
    case 'Cancelled':
      return 'cancel';
    case 'Requested':
    case 'Countered':
    case 'Confirmed':
    case 'Declined':
      return null;
    default:
      return assertNever(status);
  }
}

export const COUNTER_RESPONSES = ['Accepted', 'Declined'] as const;
export type CounterResponse = (typeof COUNTER_RESPONSES)[number];

/** The action a PATCH /booking/respond-to-counter asks for. */
export function counterResponseAction(response: CounterResponse): BookingAction {
  switch (response) {
    case 'Accepted':
      return 'accept';
    case 'Declined':
      return 'decline';
    default:
      return assertNever(response);
  }
}

/** True when no transition leaves the status (Approved included: it can only be kept). */
export function isTerminal(status: BookingStatus): boolean {
  switch (status) {
    case 'Requested':
    case 'Countered':
      return false;
    case 'Approved':
    case 'Denied':
    case 'Confirmed':
    case 'Declined':
    case 'Cancelled':
      return true;
    default:
      return assertNever(status);
  }
}

/** Statuses that block account deletion while the booking's time is still ahead (api-contract §3). */
export const ACTIVE_STATUSES = [
  'Requested',
  'Countered',
  'Approved',
  'Confirmed',
] as const satisfies readonly BookingStatus[];

export function isActiveStatus(status: BookingStatus): boolean {
  switch (status) {
    case 'Requested':
    case 'Countered':
    case 'Approved':
    case 'Confirmed':
      return true;
    case 'Denied':
    case 'Declined':
    case 'Cancelled':
      return false;
    default:
      return assertNever(status);
  }
}

/** Statuses that hold the business's hour: no two of them may overlap (api-contract §4). */
export const SLOT_HOLDING_STATUSES = ['Approved', 'Confirmed'] as const satisfies readonly BookingStatus[];

export function holdsSlot(status: BookingStatus): boolean {
  switch (status) {
    case 'Approved':
    case 'Confirmed':
      return true;
    case 'Requested':
    case 'Countered':
    case 'Denied':
    case 'Declined':
    case 'Cancelled':
      return false;
    default:
      return assertNever(status);
  }
}

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

/** A customer may not make a second booking for a business and time while one of these is open. */
export const PENDING_STATUSES = ['Requested', 'Countered'] as const satisfies readonly BookingStatus[];

/** Spec §4: a customer's status update may only be Requested or Cancelled. */
export const CUSTOMER_REQUESTABLE_STATUSES = ['Requested', 'Cancelled'] as const;

export function customerMayRequestStatus(
  status: string,
): status is (typeof CUSTOMER_REQUESTABLE_STATUSES)[number] {
  return (CUSTOMER_REQUESTABLE_STATUSES as readonly string[]).includes(status);
}

/** The client-side refusal of a customer status update, or null when it may be sent. */
export function customerStatusError(status: string): string | null {
  return customerMayRequestStatus(status) ? null : invalidStatusMessage(status);
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

const bookingRef = { businessId: idSchema('businessId'), bookingId: idSchema('bookingId') };

/** PATCH /booking/setstatus */
export const SetStatusRequestSchema = z.object({ ...bookingRef, status: BookingStatusSchema });
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

/** The booking object every booking endpoint returns (api-contract §4). */
export interface Booking {
  id: string;
  bookingId: string;
  BusinessID: string;
  businessId: string;
  CustomerID: string;
  Status: BookingStatus;
  /** 'YYYY-MM-DD HH:MM' */
  BookingDateTime: string;
  Price: number | null;
  OriginalPrice: number | null;
  CounterPrice: number | null;
  FinalPrice: number | null;
  IsHomeVisit: boolean;
  CustomerAddress: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  barberName: string;
  BusinessName: string;
  CreatedAt: string;
  UpdatedAt: string;
}
