import { type Booking, PRODUCT_NAME } from '@app/domain';
import { bookingEventTimes, bookingIcs, bookingIcsLocation } from '@app/domain/calendar';
import { agreedPrice, formatPounds } from '@/lib/booking-format';
import { saveFile } from '@/lib/save-file';
import { businessNameOf } from './bookings';

/**
 * Calendar export (spec §9): iPhone, iPad and desktop get an .ics file; Android opens a Google
 * Calendar link. The event lasts one hour unless the booking carries a range; booking times are
 * Northern Ireland wall clock and are written in UTC. The file comes from `bookingIcs`
 * (@app/domain/calendar), the generator the booking emails' attachments use, so both carry the
 * same UID and a later cancellation email replaces the downloaded event.
 */

export type CalendarPlatform = 'ios' | 'android' | 'desktop';

/** The platform from the user agent. iPadOS reports a Mac user agent, so touch points tell it apart. */
export function detectCalendarPlatform(userAgent: string, maxTouchPoints = 0): CalendarPlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}

export interface CalendarEvent {
  bookingId: string;
  /** The booking's time as the API sends it ('YYYY-MM-DD HH:MM', Northern Ireland). */
  bookingDateTime: string;
  /** How long it lasts (api-contract §9.3). */
  durationMinutes: number;
  title: string;
  start: Date;
  end: Date;
  location: string;
  description: string;
}

/**
 * LOCATION, as the booking emails' `booking.ics` writes it (bookingIcsLocation; api-contract §8.3
 * amends spec §9): a home visit at the customer's address ('Home Visit' without one), a shop visit
 * at the business's name and address ('Barber Shop' only when neither is known).
 */
export function calendarLocation(
  booking: Pick<
    Booking,
    'CustomerAddress' | 'IsHomeVisit' | 'BusinessAddress' | 'BusinessName' | 'barberName'
  >,
): string {
  return bookingIcsLocation({
    isHomeVisit: booking.IsHomeVisit,
    customerAddress: booking.CustomerAddress,
    businessName: booking.BusinessName || booking.barberName,
    businessAddress: booking.BusinessAddress,
  });
}

/** The calendar event of a booking. Throws RangeError when its time cannot be read. */
export function calendarEventForBooking(booking: Booking): CalendarEvent {
  // Its own length (api-contract §9.3).
  const { start, end } = bookingEventTimes(booking.BookingDateTime, booking.DurationMinutes);
  const business = businessNameOf(booking);
  const price = agreedPrice(booking);
  const details = [
    booking.barberName ? `Barber: ${booking.barberName}` : null,
    price !== null ? `Price: ${formatPounds(price)}` : null,
    `Status: ${booking.Status}`,
    `Booked with ${PRODUCT_NAME}`,
  ].filter(Boolean);
  return {
    bookingId: booking.id,
    bookingDateTime: booking.BookingDateTime,
    durationMinutes: booking.DurationMinutes,
    title: `Appointment at ${business}`,
    start,
    end,
    location: calendarLocation(booking),
    description: details.join('\n'),
  };
}

/**
 * The text of an .ics file holding the event (METHOD:PUBLISH, SEQUENCE 0, UID
 * `booking-{id}@{host}`), CRLF lines folded at 75 octets. `host` is the app's (APP_URL's) host.
 */
export function buildIcsFile(event: CalendarEvent, host: string, now: Date = new Date()): string {
  return bookingIcs({
    bookingId: event.bookingId,
    host,
    bookingDateTime: event.bookingDateTime,
    durationMinutes: event.durationMinutes,
    summary: event.title,
    description: event.description,
    location: event.location,
    method: 'PUBLISH',
    sequence: 0,
    dtstamp: now,
  });
}

/** '2026-12-05T10:00:00.000Z' → '20261205T100000Z' (iCalendar's UTC basic format). */
export const toUtcBasic = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');

/** A Google Calendar "add event" link with the event filled in. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${toUtcBasic(event.start)}/${toUtcBasic(event.end)}`,
    location: event.location,
    details: event.description,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export const icsFileName = (booking: Booking) =>
  `appointment-${booking.BookingDateTime.slice(0, 10) || booking.id}.ics`;

/** The browser pieces calendar export touches, replaceable in tests. */
export interface CalendarEnvironment {
  userAgent: string;
  /** The app's host (the API serves the app at APP_URL), for the event's UID. */
  host: string;
  maxTouchPoints: number;
  /** Opens a link in a new tab; returns false when the browser refused. */
  openLink: (url: string) => boolean;
  downloadFile: (fileName: string, contents: string) => void;
}

export const browserCalendarEnvironment = (): CalendarEnvironment => ({
  userAgent: navigator.userAgent,
  host: window.location.host,
  maxTouchPoints: navigator.maxTouchPoints ?? 0,
  openLink: (url) => {
    const opened = window.open(url, '_blank');
    if (opened) opened.opener = null;
    return opened !== null;
  },
  downloadFile: (fileName, contents) =>
    saveFile(new Blob([contents], { type: 'text/calendar;charset=utf-8' }), fileName),
});

export type CalendarExportResult = 'downloaded' | 'opened';

/** Adds a booking to the device calendar the way its platform expects. Throws on failure. */
export function addBookingToCalendar(
  booking: Booking,
  environment: CalendarEnvironment = browserCalendarEnvironment(),
): CalendarExportResult {
  const event = calendarEventForBooking(booking);
  if (detectCalendarPlatform(environment.userAgent, environment.maxTouchPoints) === 'android') {
    if (!environment.openLink(googleCalendarUrl(event))) throw new Error('The calendar link was blocked');
    return 'opened';
  }
  environment.downloadFile(icsFileName(booking), buildIcsFile(event, environment.host));
  return 'downloaded';
}
