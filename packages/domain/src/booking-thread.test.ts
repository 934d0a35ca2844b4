import { describe, expect, it } from 'vitest';
import {
  isThreadOpen,
  MESSAGE_MAX_LENGTH,
  messageBodyError,
  systemLineText,
  threadClosesAt,
} from './booking-thread';

describe('a booking thread (api-contract §8.8)', () => {
  it('closes 14 days after the hour (NI wall clock, here BST)', () => {
    const booking = { startsAt: '2026-07-01 10:00', status: 'Approved' as const, finalAt: null };
    expect(threadClosesAt(booking).toISOString()).toBe('2026-07-15T09:00:00.000Z');
    expect(isThreadOpen(booking, new Date('2026-07-15T08:59:59.999Z'))).toBe(true);
    expect(isThreadOpen(booking, new Date('2026-07-15T09:00:00.000Z'))).toBe(false);
  });

  it('closes 14 days after a final status when that comes first', () => {
    const cancelled = {
      startsAt: '2026-12-20 10:00',
      status: 'Cancelled' as const,
      finalAt: '2026-11-01T12:00:00.000Z',
    };
    expect(threadClosesAt(cancelled).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    // A final status recorded after the hour (never later than the hour's own limit).
    const late = {
      startsAt: '2026-01-05 10:00',
      status: 'Denied' as const,
      finalAt: '2026-01-10T00:00:00.000Z',
    };
    expect(threadClosesAt(late).toISOString()).toBe('2026-01-19T10:00:00.000Z');
  });

  it('says what each status change did, with its price', () => {
    expect(systemLineText({ status: 'Requested', actor: 'customer', price: 30 })).toBe(
      'Booking requested: £30',
    );
    expect(systemLineText({ status: 'Countered', actor: 'business', price: 35 })).toBe('Counter offer: £35');
    expect(systemLineText({ status: 'Confirmed', actor: 'customer', price: 35 })).toBe(
      'Counter offer accepted: £35',
    );
    expect(
      systemLineText({ status: 'Cancelled', actor: 'business', price: null, reason: 'Burst pipe' }),
    ).toBe('Cancelled by the business: Burst pipe');
    expect(systemLineText({ status: 'Cancelled', actor: 'customer', price: null })).toBe(
      'Cancelled by the customer',
    );
    expect(
      systemLineText({ status: 'Cancelled', actor: 'system', price: null, reason: 'Payment not received' }),
    ).toBe('Cancelled: Payment not received');
  });

  it('takes 1 to 1000 characters after trimming', () => {
    expect(messageBodyError('  hi  ')).toBeNull();
    expect(messageBodyError('   ')).toBe('Write a message first');
    expect(messageBodyError('x'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(messageBodyError('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(
      'A message can be at most 1000 characters',
    );
  });
});
