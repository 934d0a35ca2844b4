import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BookingIcsInput,
  bookingIcs,
  bookingIcsLocation,
  bookingIcsUid,
  ICS_LOCATION_HOME_VISIT,
  ICS_LOCATION_SHOP,
} from './booking-ics';
import { foldIcsLines, unfoldIcsLines } from './fold-ics-lines';

const DTSTAMP = new Date('2026-11-20T08:15:30.000Z');

const input = (overrides: Partial<BookingIcsInput> = {}): BookingIcsInput => ({
  bookingId: 'b-42',
  host: 'trimtime.example',
  bookingDateTime: '2026-12-05 10:00',
  summary: 'Appointment at Fade Factory',
  description: 'Barber: Ciaran Kelly\nPrice: £25',
  location: 'Fade Factory, 12 High Street, Belfast, BT1 1AA',
  method: 'PUBLISH',
  sequence: 0,
  dtstamp: DTSTAMP,
  ...overrides,
});

/** The unfolded content lines of a file. */
const contentLines = (ics: string) => unfoldIcsLines(ics).split('\r\n');

/** The value of one property, e.g. 'DTSTART' (unfolded, still escaped). */
const propertyValue = (ics: string, property: string) =>
  contentLines(ics)
    .find((line) => line.startsWith(`${property}:`) || line.startsWith(`${property};`))
    ?.replace(/^[^:]*:/, '');

/** RFC 5545 §3.3.11 TEXT unescaped. */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_all, character: string) =>
    character === 'n' || character === 'N' ? '\n' : character,
  );

const octets = (line: string) => new TextEncoder().encode(line).length;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every physical line at most 75 octets, no character split, CRLF only, a final CRLF. */
function expectWellFormed(ics: string, context = '') {
  expect(ics.endsWith('\r\n'), context).toBe(true);
  expect(ics, context).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  for (const line of ics.slice(0, -2).split('\r\n')) {
    expect(octets(line), `${context} ${line}`).toBeLessThanOrEqual(75);
    expect(line, context).not.toMatch(LONE_SURROGATE);
  }
}

describe('bookingIcs', () => {
  it('writes a PUBLISH file: UID booking-{id}@{host}, SEQUENCE, DTSTAMP, one hour in UTC', () => {
    const ics = bookingIcs(input());
    expect(contentLines(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'PRODID:TrimTime NI',
      'METHOD:PUBLISH',
      'X-PUBLISHED-TTL:PT1H',
      'BEGIN:VEVENT',
      'UID:booking-b-42@trimtime.example',
      'SUMMARY:Appointment at Fade Factory',
      'DTSTAMP:20261120T081530Z',
      'DTSTART:20261205T100000Z',
      'DTEND:20261205T110000Z',
      'SEQUENCE:0',
      'DESCRIPTION:Barber: Ciaran Kelly\\nPrice: £25',
      'LOCATION:Fade Factory\\, 12 High Street\\, Belfast\\, BT1 1AA',
      'STATUS:CONFIRMED',
      'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
    expectWellFormed(ics);
    expect(bookingIcsUid('b-42', 'localhost:3000')).toBe('booking-b-42@localhost:3000');
  });

  it('writes a CANCEL file with the same UID, STATUS:CANCELLED and the higher SEQUENCE it is given', () => {
    const published = bookingIcs(input());
    const cancelled = bookingIcs(input({ method: 'CANCEL', sequence: 1 }));
    expect(propertyValue(cancelled, 'METHOD')).toBe('CANCEL');
    expect(propertyValue(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(propertyValue(cancelled, 'SEQUENCE')).toBe('1');
    expect(propertyValue(cancelled, 'UID')).toBe(propertyValue(published, 'UID'));
    expect(propertyValue(cancelled, 'DTSTART')).toBe(propertyValue(published, 'DTSTART'));
    expect(propertyValue(cancelled, 'X-MICROSOFT-CDO-BUSYSTATUS')).toBe('FREE');
    expect(propertyValue(bookingIcs(input({ method: 'CANCEL', sequence: 7 })), 'SEQUENCE')).toBe('7');
    expectWellFormed(cancelled);
  });

  it.each([
    ['the day BST starts', '2026-03-29 10:00', '20260329T090000Z', '20260329T100000Z'],
    ['the day BST ends', '2026-10-25 10:00', '20261025T100000Z', '20261025T110000Z'],
    ['the day before BST ends', '2026-10-24 10:00', '20261024T090000Z', '20261024T100000Z'],
    ['a summer day', '2026-07-15 10:00', '20260715T090000Z', '20260715T100000Z'],
    ['a winter day', '2026-01-15 23:00', '20260115T230000Z', '20260116T000000Z'],
  ])('writes a Northern Ireland time on %s in UTC', (_day, bookingDateTime, start, end) => {
    const ics = bookingIcs(input({ bookingDateTime }));
    expect(propertyValue(ics, 'DTSTART')).toBe(start);
    expect(propertyValue(ics, 'DTEND')).toBe(end);
  });

  it('lasts the given duration, or to the end of a booking written with a range', () => {
    expect(propertyValue(bookingIcs(input({ durationMinutes: 30 })), 'DTEND')).toBe('20261205T103000Z');
    expect(propertyValue(bookingIcs(input({ bookingDateTime: '2026-12-05 10:00-10:45' })), 'DTEND')).toBe(
      '20261205T104500Z',
    );
    // A range that ends before it starts is ignored: the booking lasts one hour.
    expect(propertyValue(bookingIcs(input({ bookingDateTime: '2026-12-05 10:00-09:00' })), 'DTEND')).toBe(
      '20261205T110000Z',
    );
  });

  it('escapes commas, semicolons, backslashes and line breaks in text, and drops other control characters', () => {
    const ics = bookingIcs(
      input({
        summary: 'Cut; beard, trim \\ wash',
        description: 'Line one\nLine two\r\nLine three\rLine four\u0000\u0007\tend',
        location: 'Unit 3; Mill Lane, Newry',
      }),
    );
    expect(propertyValue(ics, 'SUMMARY')).toBe('Cut\\; beard\\, trim \\\\ wash');
    expect(propertyValue(ics, 'DESCRIPTION')).toBe('Line one\\nLine two\\nLine three\\nLine four\tend');
    expect(propertyValue(ics, 'LOCATION')).toBe('Unit 3\\; Mill Lane\\, Newry');
    expect(unescapeText(propertyValue(ics, 'DESCRIPTION') ?? '')).toBe(
      'Line one\nLine two\nLine three\nLine four\tend',
    );
    expectWellFormed(ics);
  });

  it('writes the URL and the organizer when given', () => {
    const ics = bookingIcs(
      input({
        url: 'https://trimtime.example/profile?booking=b-42',
        organizer: { name: 'Fade "The" Factory', email: 'owner@fade.example' },
      }),
    );
    expect(propertyValue(ics, 'URL')).toBe('https://trimtime.example/profile?booking=b-42');
    expect(contentLines(ics)).toContain('ORGANIZER;CN="Fade The Factory":MAILTO:owner@fade.example');
    expect(propertyValue(bookingIcs(input()), 'URL')).toBeUndefined();
  });

  it('folds long Unicode text at 75 octets, never inside a character, and unfolding gives it back', () => {
    // Each padding moves the two-, three- and four-octet characters across the boundary.
    for (let padding = 0; padding < 8; padding += 1) {
      const summary = `${'x'.repeat(padding)}Appointment at Siobhán’s ${'£'.repeat(40)} 💈 Ó Súilleabháin`;
      const location = `${'y'.repeat(padding)}Flat 2, Ciarán Ó Súilleabháin House; ££ Seán’s Lane 💈💈 Áth Trasna Road, Newry, BT34 1AA`;
      const description = `${'z'.repeat(padding)}${'日本語のテキスト'.repeat(12)}\n${'🙂'.repeat(30)}`;
      const ics = bookingIcs(input({ summary, location, description }));
      const context = `padding ${padding}`;
      expectWellFormed(ics, context);
      expect(ics.split('\r\n').filter((line) => line.startsWith(' ')).length, context).toBeGreaterThan(3);
      expect(unescapeText(propertyValue(ics, 'SUMMARY') ?? ''), context).toBe(summary);
      expect(unescapeText(propertyValue(ics, 'LOCATION') ?? ''), context).toBe(location);
      expect(unescapeText(propertyValue(ics, 'DESCRIPTION') ?? ''), context).toBe(description);
    }
  });

  it('keeps any text whole through folding (property)', () => {
    const text = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 200 })
      .map((value) => value.replace(/\p{Cc}/gu, ''))
      .filter((value) => value.trim().length > 0);
    fc.assert(
      fc.property(text, text, (summary, location) => {
        const ics = bookingIcs(input({ summary, location, description: `${summary}\n${location}` }));
        expectWellFormed(ics);
        expect(unescapeText(propertyValue(ics, 'SUMMARY') ?? '')).toBe(summary);
        expect(unescapeText(propertyValue(ics, 'LOCATION') ?? '')).toBe(location);
        expect(unescapeText(propertyValue(ics, 'DESCRIPTION') ?? '')).toBe(`${summary}\n${location}`);
      }),
      { numRuns: 200 },
    );
  });

  it.each<[string, Partial<BookingIcsInput>]>([
    ['an unreadable time', { bookingDateTime: 'soon' }],
    ['an impossible date', { bookingDateTime: '2026-02-30 10:00' }],
    ['an empty booking id', { bookingId: ' ' }],
    ['an empty host', { host: '' }],
    ['a host with a space', { host: 'trim time' }],
    ['a URL as host', { host: 'https://trimtime.example' }],
    ['an empty summary', { summary: '  ' }],
    ['a negative SEQUENCE', { sequence: -1 }],
    ['a fractional SEQUENCE', { sequence: 1.5 }],
    ['a CANCEL with SEQUENCE 0', { method: 'CANCEL', sequence: 0 }],
    ['a zero duration', { durationMinutes: 0 }],
    ['an invalid DTSTAMP', { dtstamp: new Date('not a date') }],
    ['a URL that is not one', { url: 'not a url' }],
  ])('refuses %s with a RangeError', (_case, overrides) => {
    expect(() => bookingIcs(input(overrides))).toThrow(RangeError);
  });
});

describe('bookingIcsLocation', () => {
  it('puts a shop visit at the business name and address', () => {
    const location = bookingIcsLocation({
      isHomeVisit: false,
      customerAddress: null,
      businessName: 'Fade Factory',
      businessAddress: '12 High Street, Belfast, BT1 1AA',
    });
    expect(location).toBe('Fade Factory, 12 High Street, Belfast, BT1 1AA');
    expect(propertyValue(bookingIcs(input({ location })), 'LOCATION')).toBe(
      'Fade Factory\\, 12 High Street\\, Belfast\\, BT1 1AA',
    );
    expect(
      bookingIcsLocation({ isHomeVisit: false, businessName: ' Fade Factory ', businessAddress: '' }),
    ).toBe('Fade Factory');
    expect(bookingIcsLocation({ isHomeVisit: false })).toBe(ICS_LOCATION_SHOP);
  });

  it("puts a home visit at the customer's address, else 'Home Visit'", () => {
    const home = {
      isHomeVisit: true,
      businessName: 'Fade Factory',
      businessAddress: '12 High Street, Belfast, BT1 1AA',
    };
    expect(bookingIcsLocation({ ...home, customerAddress: '1 Main Street, Newry, BT34 1AA' })).toBe(
      '1 Main Street, Newry, BT34 1AA',
    );
    expect(bookingIcsLocation({ ...home, customerAddress: '  ' })).toBe(ICS_LOCATION_HOME_VISIT);
    expect(bookingIcsLocation({ ...home, customerAddress: null })).toBe('Home Visit');
  });
});

describe('foldIcsLines', () => {
  it('folds a line of exactly 75 octets not at all, and one of 76 once', () => {
    const line75 = `SUMMARY:${'á'.repeat(33)}a`; // 8 + 66 + 1 octets
    expect(foldIcsLines(`${line75}\r\n`)).toBe(`${line75}\r\n`);
    const folded = foldIcsLines(`SUMMARY:${'á'.repeat(34)}\r\n`); // 76 octets: the last á moves
    expect(folded).toBe(`SUMMARY:${'á'.repeat(33)}\r\n á\r\n`);
  });

  it("undoes the package's folds (CRLF and a tab) before folding again", () => {
    expect(foldIcsLines('SUMMARY:ab\r\n\tcd\r\n')).toBe('SUMMARY:abcd\r\n');
    expect(unfoldIcsLines('SUMMARY:ab\r\n cd\r\n\tef\r\n')).toBe('SUMMARY:abcdef\r\n');
  });
});
