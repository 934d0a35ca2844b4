import { describe, expect, it } from 'vitest';
import {
  bookingEndOf,
  bookingTimeOf,
  hasBookingEnded,
  hasBookingStarted,
  isTooLateToCancel,
  latestEndedBookingStart,
} from './booking-times';

// 12:00 BST on 15 July is 11:00 UTC.
const at = (utc: string) => new Date(`2026-07-15T${utc}Z`);

describe('booking times', () => {
  it('start at the booking minute by the Northern Ireland clock', () => {
    expect(hasBookingStarted('2026-07-15 12:00', at('10:59:59'))).toBe(false);
    expect(hasBookingStarted('2026-07-15 12:00', at('11:00:00'))).toBe(true);
    expect(hasBookingStarted('2026-07-15 12:00', at('11:30:00'))).toBe(true);
    expect(hasBookingStarted('2026-07-15 13:00', at('11:30:00'))).toBe(false);
  });

  it('end an hour after the start', () => {
    expect(hasBookingEnded('2026-07-15 12:00', at('11:59:59'))).toBe(false);
    expect(hasBookingEnded('2026-07-15 12:00', at('12:00:00'))).toBe(true);
    expect(hasBookingEnded('2026-07-15 12:00', at('11:30:00'))).toBe(false);
  });

  it('read the start of a booking written with its end', () => {
    expect(hasBookingStarted('2026-07-15 12:00-13:00', at('11:00:00'))).toBe(true);
    expect(hasBookingEnded('2026-07-15 12:00-13:00', at('11:30:00'))).toBe(false);
  });

  it('give queries the latest start of an ended booking', () => {
    expect(latestEndedBookingStart(at('11:30:45'))).toBe('2026-07-15 11:30');
    // 01:30 GMT on 25 October is an hour after 01:30 BST (00:30 UTC): the clocks went back.
    expect(latestEndedBookingStart(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25 01:30');
  });

  it('close online cancellation the notice hours before the start (NI clock)', () => {
    // 12:00 BST is 11:00 UTC; 24 hours' notice ends at 11:00 UTC the day before.
    expect(isTooLateToCancel('2026-07-16 12:00', 24, at('10:59:59'))).toBe(false);
    expect(isTooLateToCancel('2026-07-16 12:00', 24, at('11:00:00'))).toBe(true);
    expect(isTooLateToCancel('2026-07-15 12:00', 2, at('08:59:00'))).toBe(false);
    expect(isTooLateToCancel('2026-07-15 12:00', 2, at('09:00:00'))).toBe(true);
  });

  it('with no notice, allow cancelling until the start', () => {
    expect(isTooLateToCancel('2026-07-15 12:00', 0, at('10:59:59'))).toBe(false);
    expect(isTooLateToCancel('2026-07-15 12:00', 0, at('11:00:00'))).toBe(true);
  });

  it('count real hours across a clock change', () => {
    // Clocks go back at 02:00 BST on 25 October 2026: 10:00 GMT is 10:00 UTC, and 3 hours before
    // it is 07:00 UTC, i.e. 07:00 GMT.
    expect(isTooLateToCancel('2026-10-25 10:00', 3, new Date('2026-10-25T06:59:00Z'))).toBe(false);
    expect(isTooLateToCancel('2026-10-25 10:00', 3, new Date('2026-10-25T07:00:00Z'))).toBe(true);
    // 24 hours before 10:00 GMT on the 25th is 10:00 UTC = 11:00 BST on the 24th, not 10:00 BST.
    expect(isTooLateToCancel('2026-10-25 10:00', 24, new Date('2026-10-24T09:00:00Z'))).toBe(false);
    expect(isTooLateToCancel('2026-10-25 10:00', 24, new Date('2026-10-24T10:00:00Z'))).toBe(true);
  });
});

describe('bookingTimeOf and bookingEndOf (api-contract §9.3)', () => {
  it('keeps an hour as its start alone, writes any other length as a range', () => {
    expect(bookingTimeOf('2026-12-05 10:00', 60)).toBe('2026-12-05 10:00');
    expect(bookingTimeOf('2026-12-05 10:00', 90)).toBe('2026-12-05 10:00-11:30');
    expect(bookingTimeOf('2026-12-05 09:45', 15)).toBe('2026-12-05 09:45-10:00');
    expect(bookingEndOf('2026-12-05 10:00', 60)).toBe('2026-12-05 11:00');
    expect(bookingEndOf('2026-12-05 15:30', 90)).toBe('2026-12-05 17:00');
  });

  it('ends at 23:59 rather than pass midnight', () => {
    expect(bookingTimeOf('2026-12-05 23:00', 120)).toBe('2026-12-05 23:00-23:59');
    expect(bookingEndOf('2026-12-05 23:00', 120)).toBe('2026-12-05 23:59');
  });
});
