import { PRODUCT_NAME } from '../constants';
import { type BookingIcsInput, bookingIcs } from './booking-ics';
import { foldIcsLines, unfoldIcsLines } from './fold-ics-lines';

/**
 * A business's calendar feed (api-contract §8.5): one VCALENDAR with a VEVENT per booking, which
 * Google, Apple and Outlook calendars subscribe to by URL. Each event is the very VEVENT the booking
 * emails attach (`bookingIcs`: same UID `booking-{id}@{host}`, SEQUENCE 0 while agreed, 1 with
 * STATUS:CANCELLED once cancelled), so a calendar that has both sees one appointment.
 */
export interface CalendarFeedInput {
  /** The calendar's display name (X-WR-CALNAME), e.g. 'Fade Factory (TrimTime NI)'. */
  name: string;
  /** PUBLISH for an agreed booking, CANCEL (sequence ≥ 1) for a cancelled one. */
  events: readonly BookingIcsInput[];
  /** How often a subscriber should refetch, in minutes (default 60). */
  refreshMinutes?: number;
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma escaped; line breaks as \n; no other controls. */
const escapeText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\t\n]/gu, '')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n');

/** The lines of the one VEVENT in a single-event file (unfolded). */
function veventLines(ics: string): string[] {
  const lines = unfoldIcsLines(ics).split('\r\n');
  const begin = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  if (begin < 0 || end < begin) throw new RangeError('The event has no VEVENT');
  return lines.slice(begin, end + 1);
}

/**
 * The feed's text: CRLF line endings, every line at most 75 octets, METHOD:PUBLISH, the events in
 * the order given. Throws RangeError as `bookingIcs` does for an event it cannot write.
 */
export function calendarFeedIcs(input: CalendarFeedInput): string {
  const refreshMinutes = input.refreshMinutes ?? 60;
  if (!Number.isInteger(refreshMinutes) || refreshMinutes <= 0)
    throw new RangeError(`Not a refresh interval in whole minutes: ${refreshMinutes}`);
  const name = escapeText(input.name).trim() || PRODUCT_NAME;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${PRODUCT_NAME}`,
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${name}`,
    `NAME:${name}`,
    `X-PUBLISHED-TTL:PT${refreshMinutes}M`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`,
    ...input.events.flatMap((event) => veventLines(bookingIcs(event))),
    'END:VCALENDAR',
    '',
  ];
  return foldIcsLines(lines.join('\r\n'));
}
