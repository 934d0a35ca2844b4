import {
  BOOKING_DURATION_MINUTES,
  type Booking,
  londonWallClockToUtc,
  PRODUCT_NAME,
  parseBookingDateTime,
} from '@app/domain';
import { createEvent } from 'ics';
import { agreedPrice, formatPounds } from '@/lib/booking-format';
import { businessNameOf } from './bookings';

/**
 * Calendar export (spec §9): iPhone, iPad and desktop get an .ics file; Android opens a Google
 * Calendar link. The event lasts one hour unless the booking carries a range; booking times are
 * Northern Ireland wall clock and are written in UTC.
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
  uid: string;
  title: string;
  start: Date;
  end: Date;
  location: string;
  description: string;
}

/** Spec §9: the customer address, or 'Home Visit' for home visits, else 'Barber Shop'. */
export function calendarLocation(booking: Pick<Booking, 'CustomerAddress' | 'IsHomeVisit'>): string {
  const address = booking.CustomerAddress?.trim();
  if (address) return address;
  return booking.IsHomeVisit ? 'Home Visit' : 'Barber Shop';
}

/** The calendar event of a booking. Throws RangeError when its time cannot be read. */
export function calendarEventForBooking(booking: Booking): CalendarEvent {
  const parsed = parseBookingDateTime(booking.BookingDateTime);
  if (!parsed) throw new RangeError(`Not a booking time: ${booking.BookingDateTime}`);
  const start = londonWallClockToUtc(`${parsed.date} ${parsed.start}`);
  const rangeEnd = parsed.end ? londonWallClockToUtc(`${parsed.date} ${parsed.end}`) : null;
  const end =
    rangeEnd && rangeEnd > start ? rangeEnd : new Date(start.getTime() + BOOKING_DURATION_MINUTES * 60_000);
  const business = businessNameOf(booking);
  const price = agreedPrice(booking);
  const details = [
    booking.barberName ? `Barber: ${booking.barberName}` : null,
    price !== null ? `Price: ${formatPounds(price)}` : null,
    `Status: ${booking.Status}`,
    `Booked with ${PRODUCT_NAME}`,
  ].filter(Boolean);
  return {
    uid: `${booking.id}@trimtime-ni`,
    title: `Appointment at ${business}`,
    start,
    end,
    location: calendarLocation(booking),
    description: details.join('\n'),
  };
}

/** The text of an .ics file holding the event. */
export function buildIcsFile(event: CalendarEvent): string {
  const { error, value } = createEvent({
    uid: event.uid,
    productId: PRODUCT_NAME,
    title: event.title,
    description: event.description,
    location: event.location,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  return foldIcsLines(value);
}

/** RFC 5545 §3.1: a content line is at most 75 octets, CRLF excluded. */
const MAX_LINE_OCTETS = 75;

/** The UTF-8 length of one code point. */
const utf8Octets = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * Folds every line of an iCalendar text at 75 octets, never inside a UTF-8 character (a
 * continuation line starts with a space, which counts). NOTE: the `ics` package folds at 75
 * characters, so a line with `£` or `á` came out longer than 75 octets; its folds are undone
 * first (docs/decisions/0008-ics-line-folding.md).
 */
export function foldIcsLines(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      let folded = '';
      let octets = 0;
      for (const character of line) {
        const size = utf8Octets(character.codePointAt(0) ?? 0);
        if (octets + size > MAX_LINE_OCTETS) {
          folded += '\r\n ';
          octets = 1;
        }
        folded += character;
        octets += size;
      }
      return folded;
    })
    .join('\r\n');
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
  maxTouchPoints: number;
  /** Opens a link in a new tab; returns false when the browser refused. */
  openLink: (url: string) => boolean;
  downloadFile: (fileName: string, contents: string) => void;
}

export const browserCalendarEnvironment = (): CalendarEnvironment => ({
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints ?? 0,
  openLink: (url) => {
    const opened = window.open(url, '_blank');
    if (opened) opened.opener = null;
    return opened !== null;
  },
  downloadFile: (fileName, contents) => {
    const url = URL.createObjectURL(new Blob([contents], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked a moment later: some browsers read the blob after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
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
  environment.downloadFile(icsFileName(booking), buildIcsFile(event));
  return 'downloaded';
}
