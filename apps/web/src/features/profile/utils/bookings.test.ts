import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/profile-fixtures';
import { groupBookings } from './bookings';

/** Before the bookings fixture's time (2026-12-05 10:00), so its booking is still to come. */
const NOW = new Date('2026-11-25T12:00:00Z');

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
    const groups = groupBookings(requests, requests.slice(0, 1), NOW);
    expect(
      Object.fromEntries(Object.entries(groups).map(([key, list]) => [key, list.map((b) => b.id)])),
    ).toEqual({
      approved: ['Approved'],
      past: [],
      requested: ['Requested'],
      countered: ['Countered'],
      cancelled: ['Cancelled', 'Declined'],
      denied: ['Denied'],
      confirmed: ['Confirmed'],
    });
  });

  it('lists what is coming soonest first, then past bookings latest first; ended lists latest first', () => {
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
      NOW,
    );
    expect(groups.approved.map((b) => b.id)).toEqual(['soon', 'late']);
    expect(groups.past.map((b) => b.id)).toEqual(['yesterday', 'long-ago']);
    expect(groups.denied.map((b) => b.id)).toEqual(['next-week', 'recent', 'old']);
  });

  it('moves an agreed visit to Past once its hour is over, Confirmed ones too, and not before', () => {
    // 12:30 on 25 Nov in Belfast (GMT): the 11:00 visit has ended, the 12:00 one is under way.
    const now = new Date('2026-11-25T12:30:00Z');
    const groups = groupBookings(
      [
        makeBooking({ id: 'ended', Status: 'Approved', BookingDateTime: '2026-11-25 11:00' }),
        makeBooking({ id: 'under-way', Status: 'Approved', BookingDateTime: '2026-11-25 12:00' }),
        makeBooking({ id: 'confirmed-ended', Status: 'Confirmed', BookingDateTime: '2026-11-20 09:00' }),
        makeBooking({ id: 'confirmed-soon', Status: 'Confirmed', BookingDateTime: '2026-11-30 09:00' }),
        // Ended requests stay where their status puts them.
        makeBooking({ id: 'old-request', Status: 'Requested', BookingDateTime: '2026-11-20 09:00' }),
      ],
      [],
      now,
    );
    expect(groups.past.map((b) => b.id)).toEqual(['ended', 'confirmed-ended']);
    expect(groups.approved.map((b) => b.id)).toEqual(['under-way']);
    expect(groups.confirmed.map((b) => b.id)).toEqual(['confirmed-soon']);
    expect(groups.requested.map((b) => b.id)).toEqual(['old-request']);
  });

  it('takes a booking that only the bookings list holds', () => {
    const approved = makeBooking({ Status: 'Approved' });
    expect(groupBookings([], [approved], NOW).approved).toEqual([approved]);
  });
});
