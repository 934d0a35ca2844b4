import { createEvent, type EventAttributes } from 'ics';
import { BOOKING_DURATION_MINUTES, PRODUCT_NAME } from '../constants';
import { londonWallClockToUtc, parseBookingDateTime } from '../slots';
import { foldIcsLines } from './fold-ics-lines';

/**
 * A booking as an iCalendar file (RFC 5545), one generator for the profile's "add to calendar"
 * download (spec §9) and the booking emails' `booking.ics` attachment (api-contract §8.3). Built with
 * the `ics` package and folded at 75 octets by `foldIcsLines` (docs/decisions/0008-ics-line-folding.md).
 * Times are written in UTC (`…Z`), as api-contract §8.9 allows.
 *
 * Its own entry point (`@app/domain/calendar`), not the package index, so that `ics` and its
 * validation library load only where a calendar file is made.
 */

/** PUBLISH adds or updates the event; CANCEL removes it (same UID, higher SEQUENCE). */
export type BookingIcsMethod = 'PUBLISH' | 'CANCEL';

export interface BookingIcsInput {
  bookingId: string;
  /** The host of APP_URL (`new URL(appUrl).host`, e.g. 'trimtime.example'): UID `booking-{id}@{host}`. */
  host: string;
  /** 'YYYY-MM-DD HH:MM' in Northern Ireland wall clock; a range 'YYYY-MM-DD HH:MM-HH:MM' keeps its end. */
  bookingDateTime: string;
  /** The event's length without a range; one hour (BOOKING_DURATION_MINUTES) when left out. */
  durationMinutes?: number;
  summary: string;
  description?: string;
  /** See bookingIcsLocation. */
  location: string;
  url?: string;
  /** Who the event is from, e.g. the business (RFC 5546 expects one in emailed PUBLISH and CANCEL). */
  organizer?: { name: string; email: string };
  method: BookingIcsMethod;
  /** RFC 5545 SEQUENCE: 0 for the first version; a CANCEL needs a higher one than what it cancels. */
  sequence: number;
  /** DTSTAMP: when the file is made (pass the clock's now; tests pass a fixed time). */
  dtstamp: Date;
}

/** The largest SEQUENCE RFC 5545 allows (an INTEGER). */
const MAX_SEQUENCE = 2_147_483_647;
const MINUTE_MS = 60_000;

/** Spec §9's locations when the booking has no address to show. */
export const ICS_LOCATION_HOME_VISIT = 'Home Visit';
export const ICS_LOCATION_SHOP = 'Barber Shop';

/** The event's UID, the same in every file about one booking (api-contract §8.3). */
export const bookingIcsUid = (bookingId: string, host: string) => `booking-${bookingId}@${host}`;

/**
 * LOCATION of a booking (api-contract §8.3, amending spec §9): a home visit is at the customer's
 * address ('Home Visit' without one); a shop visit at the business's name and address, joined by
 * ', ' ('Barber Shop' when both are missing).
 */
export function bookingIcsLocation(place: {
  isHomeVisit: boolean;
  customerAddress?: string | null;
  businessName?: string | null;
  businessAddress?: string | null;
}): string {
  if (place.isHomeVisit) return place.customerAddress?.trim() || ICS_LOCATION_HOME_VISIT;
  const parts = [place.businessName, place.businessAddress].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : ICS_LOCATION_SHOP;
}

/**
 * TEXT as iCalendar may carry it: any line break becomes one newline (which `ics` writes as `\n`)
 * and other control characters except tab are dropped. NOTE: a bare CR would otherwise reach the
 * file raw and break its line structure.
 */
const icsText = (text: string) => text.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\t\n]/gu, '');

/** A parameter value (the organizer's CN) may not hold a double quote or a control character. */
const icsParameter = (text: string) => text.replace(/["\p{Cc}]/gu, '').trim();

/**
 * A booking's start and end instants: a range's end when it carries one that is later than its
 * start, else `durationMinutes` (one hour) on. Throws RangeError when its time cannot be read.
 */
export function bookingEventTimes(
  bookingDateTime: string,
  durationMinutes: number = BOOKING_DURATION_MINUTES,
): { start: Date; end: Date } {
  const parsed = parseBookingDateTime(bookingDateTime);
  if (!parsed) throw new RangeError(`Not a booking time: ${bookingDateTime}`);
  const start = londonWallClockToUtc(`${parsed.date} ${parsed.start}`);
  const rangeEnd = parsed.end ? londonWallClockToUtc(`${parsed.date} ${parsed.end}`) : null;
  const end =
    rangeEnd && rangeEnd > start ? rangeEnd : new Date(start.getTime() + durationMinutes * MINUTE_MS);
  return { start, end };
}

function checkInput(input: BookingIcsInput, durationMinutes: number): void {
  if (!input.bookingId.trim()) throw new RangeError('A calendar file needs the booking id');
  if (!/^[^\s@/]+$/.test(input.host)) throw new RangeError(`Not a host for the event UID: ${input.host}`);
  if (!input.summary.trim()) throw new RangeError('A calendar file needs a summary');
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0)
    throw new RangeError(`Not a duration in whole minutes: ${durationMinutes}`);
  if (!Number.isInteger(input.sequence) || input.sequence < 0 || input.sequence > MAX_SEQUENCE)
    throw new RangeError(`Not a SEQUENCE (a whole number 0-${MAX_SEQUENCE}): ${input.sequence}`);
  if (input.method === 'CANCEL' && input.sequence === 0)
    throw new RangeError('A cancellation needs a SEQUENCE higher than the event it cancels (at least 1)');
  if (Number.isNaN(input.dtstamp.getTime())) throw new RangeError('DTSTAMP is not a valid date');
}

/**
 * The text of a booking's .ics file: CRLF line endings, every line at most 75 octets (folded between
 * UTF-8 characters), DTSTART and DTEND in UTC. METHOD:CANCEL files carry STATUS:CANCELLED.
 * Throws RangeError on input it cannot write (an unreadable time, a bad host, SEQUENCE or URL).
 */
export function bookingIcs(input: BookingIcsInput): string {
  const durationMinutes = input.durationMinutes ?? BOOKING_DURATION_MINUTES;
  checkInput(input, durationMinutes);
  const { start, end } = bookingEventTimes(input.bookingDateTime, durationMinutes);
  const isCancel = input.method === 'CANCEL';
  // NOTE: `ics` reads `timestamp` (DTSTAMP; its schema validates it) but its types leave it out.
  const event: EventAttributes & { timestamp: number } = {
    productId: PRODUCT_NAME,
    method: input.method,
    uid: bookingIcsUid(input.bookingId, input.host),
    sequence: input.sequence,
    timestamp: input.dtstamp.getTime(),
    title: icsText(input.summary),
    location: icsText(input.location),
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: isCancel ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: isCancel ? 'FREE' : 'BUSY',
  };
  if (input.description) event.description = icsText(input.description);
  if (input.url) event.url = input.url;
  if (input.organizer)
    event.organizer = { name: icsParameter(input.organizer.name), email: input.organizer.email.trim() };
  const { error, value } = createEvent(event);
  if (error || !value)
    throw new RangeError(`Cannot write the calendar file: ${error?.message ?? 'no output'}`, {
      cause: error,
    });
  return foldIcsLines(value);
}
