import { describe, expect, it } from 'vitest';
import {
  bookingCalendarMonths,
  bookingCalendarSpan,
  bookingWizardSteps,
  monthAndYear,
} from './booking-wizard';

describe('booking wizard', () => {
  it('has a Location step only for a business that offers home visits', () => {
    expect(bookingWizardSteps(false).map((step) => step.label)).toEqual(['Date & Time', 'Price', 'Review']);
    expect(bookingWizardSteps(true).map((step) => step.label)).toEqual([
      'Date & Time',
      'Price',
      'Location',
      'Review',
    ]);
  });

  it('starts with a Service step only when there is a choice of service or barber (api-contract §9.3)', () => {
    expect(bookingWizardSteps(true, true).map((step) => step.key)).toEqual([
      'service',
      'dateTime',
      'price',
      'location',
      'review',
    ]);
  });

  it("names the calendar's months from today (London) to four weeks on, widened to any slot outside", () => {
    // 27 November 2026, 23:30 in London.
    const now = new Date('2026-11-27T23:30:00Z');
    expect(bookingCalendarSpan([], now)).toEqual({ first: '2026-11-27', last: '2026-12-25' });
    expect(bookingCalendarMonths([], now)).toBe('November 2026 – December 2026');
    expect(bookingCalendarMonths(['2026-12-02 10:00'.slice(0, 10)], new Date('2026-12-01T09:00:00Z'))).toBe(
      'December 2026',
    );
    expect(bookingCalendarMonths(['2026-12-31', '2027-01-02'], new Date('2026-12-01T09:00:00Z'))).toBe(
      'December 2026 – January 2027',
    );
    // Just after midnight in summer time, London is already on the next day.
    expect(bookingCalendarSpan([], new Date('2026-06-30T23:30:00Z')).first).toBe('2026-07-01');
    expect(monthAndYear('2027-01-09')).toBe('January 2027');
  });
});
