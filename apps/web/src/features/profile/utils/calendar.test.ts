import { bookingIcsLocation } from '@app/domain/calendar';
import { describe, expect, it, vi } from 'vitest';
import { makeBooking } from '../testing/profile-fixtures';
import {
  addBookingToCalendar,
  buildIcsFile,
  type CalendarEnvironment,
  calendarEventForBooking,
  calendarLocation,
  detectCalendarPlatform,
  googleCalendarUrl,
} from './calendar';

const USER_AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ asks for desktop sites: its user agent is a Mac's.
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

const HOST = 'trimtime.test';

/** The value of one iCalendar property line, e.g. 'DTSTART'. */
const icsLine = (ics: string, property: string) =>
  ics
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${property}:`))
    ?.slice(property.length + 1);

describe('calendar platform', () => {
  it.each([
    ['an iPhone', USER_AGENTS.iPhone, 0, 'ios'],
    ['an older iPad', USER_AGENTS.iPadOld, 5, 'ios'],
    ['an iPad asking for the desktop site', USER_AGENTS.macSafari, 5, 'ios'],
    ['a Mac', USER_AGENTS.macSafari, 0, 'desktop'],
    ['an Android phone', USER_AGENTS.android, 5, 'android'],
    ['a Windows PC', USER_AGENTS.windowsChrome, 0, 'desktop'],
    ['an unknown browser', '', 0, 'desktop'],
  ])('reads %s from the user agent', (_name, userAgent, touchPoints, platform) => {
    expect(detectCalendarPlatform(userAgent, touchPoints)).toBe(platform);
  });
});

describe('calendar event of a booking', () => {
  it("is where the emails' booking.ics puts it: the shop's name and address, or the home visit's address", () => {
    const shop = {
      BusinessName: 'Fade Factory',
      barberName: 'Ciaran Kelly',
      BusinessAddress: '12 Bridge Street, Lisburn, BT28 1XY',
    };
    expect(calendarLocation({ ...shop, CustomerAddress: null, IsHomeVisit: false })).toBe(
      'Fade Factory, 12 Bridge Street, Lisburn, BT28 1XY',
    );
    expect(calendarLocation({ ...shop, CustomerAddress: null, IsHomeVisit: false })).toBe(
      bookingIcsLocation({
        isHomeVisit: false,
        businessName: 'Fade Factory',
        businessAddress: shop.BusinessAddress,
      }),
    );
    expect(
      calendarLocation({ ...shop, CustomerAddress: '1 Main Street, Belfast, BT1 1AA', IsHomeVisit: true }),
    ).toBe('1 Main Street, Belfast, BT1 1AA');
    // Spec §9's words are kept for what is not known: a home visit without an address, a shop
    // without a name or address (a booking of an account that is gone).
    expect(calendarLocation({ ...shop, CustomerAddress: null, IsHomeVisit: true })).toBe('Home Visit');
    expect(calendarLocation({ ...shop, CustomerAddress: '  ', IsHomeVisit: true })).toBe('Home Visit');
    expect(
      calendarLocation({ ...shop, BusinessAddress: '', CustomerAddress: null, IsHomeVisit: false }),
    ).toBe('Fade Factory');
    expect(
      calendarLocation({
        BusinessName: '',
        barberName: '',
        BusinessAddress: '',
        CustomerAddress: null,
        IsHomeVisit: false,
      }),
    ).toBe('Barber Shop');
  });

  it('writes an .ics event of one hour in UTC, from Northern Ireland winter time', () => {
    const booking = makeBooking({ id: 'b-1', Status: 'Approved', BookingDateTime: '2026-12-05 10:00' });
    const ics = buildIcsFile(calendarEventForBooking(booking), HOST);

    expect(icsLine(ics, 'DTSTART')).toBe('20261205T100000Z');
    expect(icsLine(ics, 'DTEND')).toBe('20261205T110000Z');
    expect(icsLine(ics, 'SUMMARY')).toBe('Appointment at Fade Factory');
    expect(icsLine(ics, 'LOCATION')).toBe('Fade Factory\\, 12 Bridge Street\\, Lisburn\\, BT28 1XY');
    expect(icsLine(ics, 'UID')).toBe(`booking-b-1@${HOST}`);
    expect(icsLine(ics, 'METHOD')).toBe('PUBLISH');
    expect(icsLine(ics, 'SEQUENCE')).toBe('0');
    expect(ics).toContain('BEGIN:VEVENT');
  });

  it('converts British Summer Time to UTC (10:00 BST is 09:00 UTC)', () => {
    const ics = buildIcsFile(
      calendarEventForBooking(makeBooking({ Status: 'Approved', BookingDateTime: '2026-07-15 10:00' })),
      HOST,
    );
    expect(icsLine(ics, 'DTSTART')).toBe('20260715T090000Z');
    expect(icsLine(ics, 'DTEND')).toBe('20260715T100000Z');
  });

  it('puts a home visit at the customer address, escaped as iCalendar text', () => {
    const booking = makeBooking({
      Status: 'Confirmed',
      IsHomeVisit: true,
      CustomerAddress: '1 Main Street, Belfast, BT1 1AA',
      FinalPrice: 60,
    });
    const ics = buildIcsFile(calendarEventForBooking(booking), HOST);
    expect(icsLine(ics, 'LOCATION')).toBe('1 Main Street\\, Belfast\\, BT1 1AA');
    expect(ics).toContain('Price: £60');
  });

  it('folds lines at 75 octets (RFC 5545 §3.1), never inside a £, an accented letter or an emoji', () => {
    const octets = (line: string) => new TextEncoder().encode(line).length;
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    // Each padding moves the two-octet characters across the 75-octet boundary.
    for (let padding = 0; padding < 4; padding += 1) {
      const address = `${'x'.repeat(padding)}Flat 2 Ciarán Ó Súilleabháin House ££ Seán’s Lane 💈 Áth Trasna Road, Newry, BT34 1AA`;
      const booking = makeBooking({ IsHomeVisit: true, CustomerAddress: address, FinalPrice: 60 });
      const ics = buildIcsFile(
        { ...calendarEventForBooking(booking), title: `Appointment at Siobhán’s ${'£'.repeat(40)}` },
        HOST,
      );
      const lines = ics.split('\r\n');
      expect(
        lines.some((line) => line.startsWith(' ')),
        `padding ${padding}`,
      ).toBe(true);
      for (const line of lines) {
        expect(octets(line), `padding ${padding}: ${line}`).toBeLessThanOrEqual(75);
        expect(line).not.toMatch(loneSurrogate);
        expect(line.startsWith('\t')).toBe(false);
      }
      const unfolded = ics.replace(/\r\n /g, '');
      expect(icsLine(unfolded, 'LOCATION')).toBe(address.replaceAll(',', '\\,'));
      expect(icsLine(unfolded, 'SUMMARY')).toBe(`Appointment at Siobhán’s ${'£'.repeat(40)}`);
    }
  });

  it('keeps the end of a booking written with a range', () => {
    const event = calendarEventForBooking(makeBooking({ BookingDateTime: '2026-12-05 10:00-10:30' }));
    expect(event.end.toISOString()).toBe('2026-12-05T10:30:00.000Z');
  });

  it('builds a Google Calendar link with title, UTC dates, location and details', () => {
    const url = new URL(
      googleCalendarUrl(
        calendarEventForBooking(
          makeBooking({ Status: 'Approved', BookingDateTime: '2026-12-05 10:00', IsHomeVisit: true }),
        ),
      ),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Appointment at Fade Factory');
    expect(url.searchParams.get('dates')).toBe('20261205T100000Z/20261205T110000Z');
    expect(url.searchParams.get('location')).toBe('Home Visit');
    expect(url.searchParams.get('details')).toContain('Barber: Ciaran Kelly');
  });
});

describe('adding a booking to the calendar', () => {
  const environment = (userAgent: string, opens = true) => ({
    userAgent,
    host: HOST,
    maxTouchPoints: 0,
    openLink: vi.fn<CalendarEnvironment['openLink']>(() => opens),
    downloadFile: vi.fn<CalendarEnvironment['downloadFile']>(),
  });
  const booking = makeBooking({ Status: 'Approved', BookingDateTime: '2026-12-05 10:00' });

  it.each([USER_AGENTS.iPhone, USER_AGENTS.windowsChrome])('downloads an .ics file on %s', (userAgent) => {
    const env = environment(userAgent);
    expect(addBookingToCalendar(booking, env)).toBe('downloaded');
    expect(env.openLink).not.toHaveBeenCalled();
    const [fileName, contents] = env.downloadFile.mock.calls[0]!;
    expect(fileName).toBe('appointment-2026-12-05.ics');
    expect(contents).toContain('DTSTART:20261205T100000Z');
    expect(contents).toContain(`UID:booking-${booking.id}@${HOST}`);
  });

  it('opens the Google Calendar link on Android, and fails when the browser blocks it', () => {
    const env = environment(USER_AGENTS.android);
    expect(addBookingToCalendar(booking, env)).toBe('opened');
    expect(env.openLink.mock.calls[0]![0]).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
    expect(env.downloadFile).not.toHaveBeenCalled();

    expect(() => addBookingToCalendar(booking, environment(USER_AGENTS.android, false))).toThrow();
  });

  it('fails on a booking whose time cannot be read', () => {
    expect(() =>
      addBookingToCalendar(makeBooking({ BookingDateTime: 'soon' }), environment(USER_AGENTS.iPhone)),
    ).toThrow(RangeError);
  });
});
