import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/profile-fixtures';
import {
  bookingLocationText,
  formatBookingDateTime,
  groupBookings,
  initialsOf,
  isPastBooking,
} from './bookings';

describe('booking display', () => {
  it('formats a wall-clock booking time for people', () => {
    expect(formatBookingDateTime('2026-12-05 10:00')).toBe('Sat 5 Dec 2026, 10:00');
    expect(formatBookingDateTime('2026-03-29 09:00')).toBe('Sun 29 Mar 2026, 09:00');
    expect(formatBookingDateTime('2026-12-05 10:00-11:00')).toBe('Sat 5 Dec 2026, 10:00–11:00');
    expect(formatBookingDateTime('not a time')).toBe('not a time');
  });

  it('says where the appointment is', () => {
    expect(bookingLocationText(makeBooking())).toBe('At the shop');
    expect(
      bookingLocationText(makeBooking({ IsHomeVisit: true, CustomerAddress: '1 Main St, BT1 1AA' })),
    ).toBe('Home visit: 1 Main St, BT1 1AA');
  });

  it('makes initials for the avatar', () => {
    expect(initialsOf('aoife', 'Byrne')).toBe('AB');
    expect(initialsOf('', null)).toBe('?');
  });
});

describe('grouping bookings', () => {
  it('puts each status in its tab, Declined with Cancelled and Confirmed on its own', () => {
    const statuses = [
      'Approved',
      'Requested',
      'Countered',
      'Cancelled',
      'Declined',
      'Denied',
      'Confirmed',
    ] as const;
    const requests = statuses.map((Status) => makeBooking({ id: Status, Status }));
    const groups = groupBookings(requests, requests.slice(0, 1));
    expect(
      Object.fromEntries(Object.entries(groups).map(([key, list]) => [key, list.map((b) => b.id)])),
    ).toEqual({
      approved: ['Approved'],
      requested: ['Requested'],
      countered: ['Countered'],
      cancelled: ['Cancelled', 'Declined'],
      denied: ['Denied'],
      confirmed: ['Confirmed'],
    });
  });

  it('lists what is coming soonest first, then past bookings latest first; ended lists latest first', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const groups = groupBookings(
      [
        makeBooking({ id: 'late', Status: 'Approved', BookingDateTime: '2026-12-10 10:00' }),
        makeBooking({ id: 'long-ago', Status: 'Approved', BookingDateTime: '2026-10-01 10:00' }),
        makeBooking({ id: 'soon', Status: 'Approved', BookingDateTime: '2026-12-01 10:00' }),
        makeBooking({ id: 'yesterday', Status: 'Approved', BookingDateTime: '2026-11-24 10:00' }),
        makeBooking({ id: 'old', Status: 'Denied', BookingDateTime: '2026-11-01 10:00' }),
        makeBooking({ id: 'next-week', Status: 'Denied', BookingDateTime: '2026-12-02 10:00' }),
        makeBooking({ id: 'recent', Status: 'Denied', BookingDateTime: '2026-11-20 10:00' }),
      ],
      [],
      now,
    );
    expect(groups.approved.map((b) => b.id)).toEqual(['soon', 'late', 'yesterday', 'long-ago']);
    expect(groups.denied.map((b) => b.id)).toEqual(['next-week', 'recent', 'old']);
  });

  it('tells a past booking by the Northern Ireland clock', () => {
    // 12:30 BST on 15 July is 11:30 UTC.
    const now = new Date('2026-07-15T11:30:00Z');
    expect(isPastBooking(makeBooking({ BookingDateTime: '2026-07-15 12:00' }), now)).toBe(true);
    expect(isPastBooking(makeBooking({ BookingDateTime: '2026-07-15 13:00' }), now)).toBe(false);
  });

  it('takes a booking that only the bookings list holds', () => {
    const approved = makeBooking({ Status: 'Approved' });
    expect(groupBookings([], [approved]).approved).toEqual([approved]);
  });
});
