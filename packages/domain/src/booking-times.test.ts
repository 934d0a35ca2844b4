import { describe, expect, it } from 'vitest';
import { hasBookingEnded, hasBookingStarted, latestEndedBookingStart } from './booking-times';

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
});
