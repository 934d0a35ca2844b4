import { describe, expect, it } from 'vitest';
import { agreedBookingsAffectedText, bookingsLeftOutBy } from './schedule-changes';

const hours = { Tuesday: [{ start: '09:00', end: '17:00' }], Thursday: [{ start: '09:00', end: '17:00' }] };
// 2026-12-22 and 2026-12-24 are a Tuesday and a Thursday.
const bookings = [
  { id: 'a', at: '2026-12-22 10:00' },
  { id: 'b', at: '2026-12-24 10:00' },
  { id: 'c', at: '2026-12-24 16:00' },
];
const ids = (list: { id: string }[]) => list.map((booking) => booking.id);
const at = (booking: { at: string }) => booking.at;

describe('bookingsLeftOutBy', () => {
  it('lists the agreed bookings on new away days', () => {
    const next = { availability: hours, awayDates: [{ startDate: '2026-12-24', endDate: '2026-12-26' }] };
    expect(ids(bookingsLeftOutBy(bookings, at, { availability: hours }, next))).toEqual(['b', 'c']);
  });

  it('lists the agreed bookings narrowed hours leave out, whole hours only', () => {
    const narrowed = { ...hours, Thursday: [{ start: '09:00', end: '16:30' }] };
    expect(ids(bookingsLeftOutBy(bookings, at, { availability: hours }, { availability: narrowed }))).toEqual(
      ['c'],
    );
    const dayGone = { Tuesday: hours.Tuesday };
    expect(ids(bookingsLeftOutBy(bookings, at, { availability: hours }, { availability: dayGone }))).toEqual([
      'b',
      'c',
    ]);
  });

  it('does not ask again about a booking kept through an earlier change', () => {
    const away = [{ startDate: '2026-12-24', endDate: '2026-12-24' }];
    const current = { availability: hours, awayDates: away };
    const next = {
      availability: hours,
      awayDates: [...away, { startDate: '2026-12-22', endDate: '2026-12-22' }],
    };
    expect(ids(bookingsLeftOutBy(bookings, at, current, next))).toEqual(['a']);
  });

  it('asks again when a new reason falls on a kept booking: kept outside narrowed hours, then an away day', () => {
    const narrowed = { ...hours, Thursday: [{ start: '09:00', end: '12:00' }] };
    const kept = { availability: narrowed };
    const away = { availability: narrowed, awayDates: [{ startDate: '2026-12-24', endDate: '2026-12-24' }] };
    expect(ids(bookingsLeftOutBy(bookings, at, kept, away))).toEqual(['b', 'c']);
    // Kept on the away day, then the hours leave it out too.
    const awayOnly = { availability: hours, awayDates: away.awayDates };
    expect(ids(bookingsLeftOutBy(bookings, at, awayOnly, away))).toEqual(['c']);
  });

  it('lists nothing when the change widens the hours or removes away days', () => {
    const wider = {
      Tuesday: [{ start: '08:00', end: '18:00' }],
      Thursday: [{ start: '08:00', end: '18:00' }],
    };
    expect(bookingsLeftOutBy(bookings, at, { availability: hours }, { availability: wider })).toEqual([]);
  });
});

describe('agreedBookingsAffectedText', () => {
  it('counts the bookings', () => {
    expect(agreedBookingsAffectedText(1, 'awayDates')).toBe('These away dates fall on 1 agreed booking');
    expect(agreedBookingsAffectedText(2, 'availability')).toBe('These hours leave out 2 agreed bookings');
  });
});
