import { describe, expect, it } from 'vitest';
import { makeBooking } from '@/testing/bookings';
import { openingDay } from '../components/booking-calendar-modal';
import { appointmentsByDate, groupRequests, requestSection } from './requests';

describe('grouping requests', () => {
  it('puts each status in its section', () => {
    expect(requestSection('Requested')).toBe('pending');
    expect(requestSection('Countered')).toBe('countered');
    expect(requestSection('Approved')).toBe('approved');
    expect(requestSection('Confirmed')).toBe('approved');
    expect(requestSection('Denied')).toBe('denied');
    expect(requestSection('Declined')).toBe('denied');
    expect(requestSection('Cancelled')).toBe('denied');
  });

  it('lists what is coming soonest first, then past ones latest first; Denied latest first', () => {
    // 10:30 GMT on 1 December 2026.
    const now = new Date('2026-12-01T10:30:00Z');
    const groups = groupRequests(
      [
        makeBooking({ id: 'later', Status: 'Approved', BookingDateTime: '2026-12-10 10:00' }),
        makeBooking({ id: 'past', Status: 'Approved', BookingDateTime: '2026-11-20 10:00' }),
        makeBooking({ id: 'soon', Status: 'Confirmed', BookingDateTime: '2026-12-01 11:00' }),
        makeBooking({ id: 'earlier-today', Status: 'Approved', BookingDateTime: '2026-12-01 10:00' }),
        makeBooking({ id: 'old', Status: 'Denied', BookingDateTime: '2026-11-01 10:00' }),
        makeBooking({ id: 'new', Status: 'Cancelled', BookingDateTime: '2026-12-20 10:00' }),
      ],
      now,
    );
    expect(groups.approved.map((booking) => booking.id)).toEqual(['soon', 'later', 'earlier-today', 'past']);
    expect(groups.denied.map((booking) => booking.id)).toEqual(['new', 'old']);
    expect(groups.pending).toEqual([]);
  });
});

describe('booking calendar days', () => {
  const bookings = [
    makeBooking({ id: 'b', Status: 'Approved', BookingDateTime: '2026-12-05 14:00' }),
    makeBooking({ id: 'a', Status: 'Confirmed', BookingDateTime: '2026-12-05 09:00' }),
    makeBooking({ id: 'r', Status: 'Requested', BookingDateTime: '2026-12-03 09:00' }),
    makeBooking({ id: 'p', Status: 'Approved', BookingDateTime: '2026-11-02 09:00' }),
  ];

  it('holds only appointments (Approved, Confirmed), each day in time order', () => {
    const byDate = appointmentsByDate(bookings);
    expect([...byDate.keys()].sort()).toEqual(['2026-11-02', '2026-12-05']);
    expect(byDate.get('2026-12-05')!.map((booking) => booking.id)).toEqual(['a', 'b']);
  });

  it('opens on today when it has bookings, else on the next day that has (the first upcoming one)', () => {
    expect(openingDay('2026-12-05', '2026-12-05')).toBe('2026-12-05');
    expect(openingDay('2026-12-05', '2026-12-01')).toBe('2026-12-05');
    expect(openingDay(null, '2026-12-24')).toBe('2026-12-24');
  });
});
