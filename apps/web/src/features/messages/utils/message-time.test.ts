import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './message-time';

// Friday 20 November 2026, 12:00 in Northern Ireland (GMT, UTC+0).
const NOW = new Date('2026-11-20T12:00:00Z');

describe('formatMessageTime (Northern Ireland wall clock)', () => {
  it('shows only the time for a line written today', () => {
    expect(formatMessageTime('2026-11-20T09:05:00.000Z', NOW)).toBe('09:05');
  });

  it('adds the day for another day, in summer time (BST) an hour ahead of UTC', () => {
    expect(formatMessageTime('2026-07-01T08:00:00.000Z', NOW)).toBe('Wed 1 Jul 2026, 09:00');
    // 23:30 UTC on 30 June is already 1 July in Northern Ireland.
    expect(formatMessageTime('2026-06-30T23:30:00.000Z', NOW)).toBe('Wed 1 Jul 2026, 00:30');
    expect(formatMessageTime('2025-12-31T23:30:00.000Z', NOW)).toBe('Wed 31 Dec 2025, 23:30');
  });

  it("uses Northern Ireland's day, not UTC's, for today", () => {
    // 23:30 UTC on 19 July is 00:30 on 20 July in Northern Ireland, which is 'today' then.
    expect(formatMessageTime('2026-07-19T23:30:00.000Z', new Date('2026-07-20T10:00:00Z'))).toBe('00:30');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatMessageTime('not a time', NOW)).toBe('');
  });
});
