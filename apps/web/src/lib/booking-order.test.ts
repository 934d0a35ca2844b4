import { describe, expect, it } from 'vitest';
import { makeBooking } from '@/testing/bookings';
import { sortUpcomingThenPast } from './booking-order';

describe('booking order', () => {
  it('tells a past booking by the Northern Ireland clock', () => {
    // 12:30 BST on 15 July is 11:30 UTC.
    const now = new Date('2026-07-15T11:30:00Z');
    const list = [
      makeBooking({ id: 'noon', BookingDateTime: '2026-07-15 12:00' }),
      makeBooking({ id: 'one', BookingDateTime: '2026-07-15 13:00' }),
    ];
    sortUpcomingThenPast(list, now);
    // 13:00 is still to come; 12:00 has started, so it follows.
    expect(list.map((booking) => booking.id)).toEqual(['one', 'noon']);
  });
});
