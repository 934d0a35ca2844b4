import { describe, expect, it } from 'vitest';
import { ALL_BOOKINGS_MESSAGES, AllBookingsQuerySchema, invalidStatusMessage } from './bookings';

// GET /booking/getallbookings's query (api-contract §8.5); the cursor's check is the API's.
const messageOf = (query: Record<string, string>) => {
  const result = AllBookingsQuerySchema.safeParse(query);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('AllBookingsQuerySchema', () => {
  it('defaults to the first 1000, newest first, every status', () => {
    expect(AllBookingsQuerySchema.parse({})).toEqual({ limit: 1000 });
  });

  it('reads from, to, a status list (each once, in the statuses’ order), limit and cursor', () => {
    expect(
      AllBookingsQuerySchema.parse({
        from: '2026-12-01',
        to: '2026-12-01',
        status: 'Countered, Requested,Countered,',
        limit: '25',
        cursor: 'abc_-9',
      }),
    ).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      status: ['Requested', 'Countered'],
      limit: 25,
      cursor: 'abc_-9',
    });
  });

  it('refuses each bad value with its message', () => {
    expect(messageOf({ limit: '0' })).toBe(ALL_BOOKINGS_MESSAGES.limit);
    expect(messageOf({ limit: '1001' })).toBe(ALL_BOOKINGS_MESSAGES.limit);
    expect(messageOf({ from: '2026-02-29' })).toBe(ALL_BOOKINGS_MESSAGES.fromDate);
    expect(messageOf({ to: '01/12/2026' })).toBe(ALL_BOOKINGS_MESSAGES.toDate);
    expect(messageOf({ from: '2026-12-02', to: '2026-12-01' })).toBe(ALL_BOOKINGS_MESSAGES.order);
    expect(messageOf({ status: 'Approved,Paid' })).toBe(invalidStatusMessage('Paid'));
    expect(messageOf({ status: '' })).toBe(ALL_BOOKINGS_MESSAGES.statusEmpty);
    expect(messageOf({ cursor: 'not a cursor' })).toBe(ALL_BOOKINGS_MESSAGES.cursor);
    expect(messageOf({ cursor: 'A'.repeat(401) })).toBe(ALL_BOOKINGS_MESSAGES.cursor);
  });
});
