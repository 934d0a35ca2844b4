import { describe, expect, it } from 'vitest';
import { BOOKING_EXPORT_MESSAGES, BookingExportQuerySchema, bookingExportFilename } from './booking-export';

const issues = (query: unknown) => {
  const result = BookingExportQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('BookingExportQuerySchema', () => {
  it('takes two real dates in order, one day or up to a day short of 7 years apart', () => {
    expect(issues({ from: '2026-11-01', to: '2026-11-30' })).toEqual([]);
    expect(issues({ from: '2026-11-01', to: '2026-11-01' })).toEqual([]);
    expect(issues({ from: '2020-01-01', to: '2026-12-31' })).toEqual([]);
  });

  it.each([
    [{ from: '2026-11-30', to: '2026-11-01' }, [['to', BOOKING_EXPORT_MESSAGES.order]]],
    [{ from: '2020-01-01', to: '2027-01-01' }, [['to', BOOKING_EXPORT_MESSAGES.tooLong]]],
    [{ from: '2026-02-30', to: '2026-11-01' }, [['from', BOOKING_EXPORT_MESSAGES.fromDate]]],
    [{ from: '2026-11-01', to: '1/12/2026' }, [['to', BOOKING_EXPORT_MESSAGES.toDate]]],
    [{ to: '2026-11-01' }, [['from', BOOKING_EXPORT_MESSAGES.fromDate]]],
    [{ from: '2026-11-01T00:00:00Z', to: '2026-11-02' }, [['from', BOOKING_EXPORT_MESSAGES.fromDate]]],
  ])('refuses %j with a message naming the field', (query, expected) => {
    expect(issues(query)).toEqual(expected);
  });

  it('names the file by its range', () => {
    expect(bookingExportFilename({ from: '2026-11-01', to: '2026-11-30' })).toBe(
      'bookings-2026-11-01-to-2026-11-30.csv',
    );
  });
});
