import { describe, expect, it } from 'vitest';
import { makeBooking } from '@/testing/bookings';
import { bookingLocationText, formatBookingDateTime } from './booking-format';

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
});
