import { describe, expect, it } from 'vitest';
import type { BookingIcsInput } from './booking-ics';
import { bookingIcs } from './booking-ics';
import { calendarFeedIcs } from './calendar-feed';
import { unfoldIcsLines } from './fold-ics-lines';

const DTSTAMP = new Date('2026-11-20T08:15:30.000Z');

const event = (overrides: Partial<BookingIcsInput> = {}): BookingIcsInput => ({
  bookingId: 'b-1',
  host: 'trimtime.example',
  bookingDateTime: '2026-12-05 10:00',
  summary: 'Siobhán Ó Súilleabháin',
  description: 'Phone: +447700900123\nPrice: £25',
  location: 'Fade Factory, 12 High Street, Belfast, BT1 1AA',
  method: 'PUBLISH',
  sequence: 0,
  dtstamp: DTSTAMP,
  ...overrides,
});

const octets = (line: string) => new TextEncoder().encode(line).length;

/** The unfolded lines of each VEVENT. */
const eventsOf = (ics: string) => {
  const lines = unfoldIcsLines(ics).split('\r\n');
  const events: string[][] = [];
  lines.forEach((line, index) => {
    if (line === 'BEGIN:VEVENT') events.push(lines.slice(index, lines.indexOf('END:VEVENT', index) + 1));
  });
  return events;
};

describe('calendarFeedIcs', () => {
  it('writes one PUBLISH calendar with each booking’s own VEVENT, as the emails attach it', () => {
    const agreed = event();
    const cancelled = event({ bookingId: 'b-2', method: 'CANCEL', sequence: 1 });
    const feed = calendarFeedIcs({ name: 'Fade Factory; Belfast, NI', events: [agreed, cancelled] });
    const lines = unfoldIcsLines(feed).split('\r\n');
    expect(lines.slice(0, 9)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'PRODID:TrimTime NI',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Fade Factory\\; Belfast\\, NI',
      'NAME:Fade Factory\\; Belfast\\, NI',
      'X-PUBLISHED-TTL:PT60M',
      'REFRESH-INTERVAL;VALUE=DURATION:PT60M',
    ]);
    expect(lines.slice(-2)).toEqual(['END:VCALENDAR', '']);
    expect(lines.filter((line) => line === 'BEGIN:VCALENDAR')).toHaveLength(1);
    const [first, second] = eventsOf(feed);
    expect(first).toEqual(eventsOf(bookingIcs(agreed))[0]);
    expect(second).toEqual(eventsOf(bookingIcs(cancelled))[0]);
    expect(first).toContain('UID:booking-b-1@trimtime.example');
    expect(second).toContain('UID:booking-b-2@trimtime.example');
    expect(second).toContain('STATUS:CANCELLED');
    expect(second).toContain('SEQUENCE:1');
    expect(second).not.toContain('METHOD:CANCEL');
  });

  it('folds at 75 octets with CRLF only, and an empty feed is still a calendar', () => {
    const feed = calendarFeedIcs({
      name: `Siobhán’s ${'£'.repeat(60)}`,
      events: Array.from({ length: 5 }, (_, i) => event({ bookingId: `b-${i}`, summary: '💈'.repeat(40) })),
      refreshMinutes: 15,
    });
    expect(feed).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    for (const line of feed.slice(0, -2).split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfoldIcsLines(feed)).toContain('X-PUBLISHED-TTL:PT15M');
    expect(eventsOf(feed)).toHaveLength(5);
    const empty = calendarFeedIcs({ name: ' ', events: [] });
    expect(unfoldIcsLines(empty)).toContain('X-WR-CALNAME:TrimTime NI');
    expect(eventsOf(empty)).toEqual([]);
  });

  it('refuses a bad event or refresh interval with a RangeError', () => {
    expect(() => calendarFeedIcs({ name: 'x', events: [event({ bookingDateTime: 'soon' })] })).toThrow(
      RangeError,
    );
    expect(() => calendarFeedIcs({ name: 'x', events: [], refreshMinutes: 0 })).toThrow(RangeError);
  });
});
