import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/profile-fixtures';
import { groupBookings } from './bookings';

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

  it('takes a booking that only the bookings list holds', () => {
    const approved = makeBooking({ Status: 'Approved' });
    expect(groupBookings([], [approved]).approved).toEqual([approved]);
  });
});
