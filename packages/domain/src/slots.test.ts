import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingTimesOverlap,
  bookingWindow,
  generateBookableSlots,
  groupSlotsByDate,
  isBookableSlot,
  isDateTime,
  londonWallClockExists,
  londonWallClockToUtc,
  parseBookingDateTime,
  utcToLondonWallClock,
  weekdayOf,
} from './slots';

const at = (iso: string) => new Date(iso);
const everyDay = (range: string) =>
  Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
      day,
      [range],
    ]),
  );
const on = (slots: string[], date: string) =>
  slots.filter((slot) => slot.startsWith(date)).map((s) => s.slice(11));

describe('London wall clock', () => {
  it('converts in winter (GMT) and summer (BST)', () => {
    expect(londonWallClockToUtc('2026-01-15 09:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(londonWallClockToUtc('2026-07-15 09:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(utcToLondonWallClock(at('2026-01-15T09:00:00Z'))).toBe('2026-01-15 09:00');
    expect(utcToLondonWallClock(at('2026-07-15T08:00:59Z'))).toBe('2026-07-15 09:00');
  });

  it('handles the spring change (2026-03-29: 01:00 GMT becomes 02:00 BST)', () => {
    expect(utcToLondonWallClock(at('2026-03-29T00:59:00Z'))).toBe('2026-03-29 00:59');
    expect(utcToLondonWallClock(at('2026-03-29T01:00:00Z'))).toBe('2026-03-29 02:00');
    expect(londonWallClockToUtc('2026-03-29 00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(londonWallClockToUtc('2026-03-29 03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(londonWallClockExists('2026-03-29 01:30')).toBe(false);
    expect(londonWallClockExists('2026-03-29 02:00')).toBe(true);
    // A skipped time is read with the offset before the change: 01:30 GMT, shown as 02:30 BST.
    expect(londonWallClockToUtc('2026-03-29 01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('handles the autumn change (2026-10-25: 02:00 BST becomes 01:00 GMT)', () => {
    expect(utcToLondonWallClock(at('2026-10-25T00:59:00Z'))).toBe('2026-10-25 01:59');
    expect(utcToLondonWallClock(at('2026-10-25T01:00:00Z'))).toBe('2026-10-25 01:00');
    // The repeated hour means its first (BST) occurrence.
    expect(londonWallClockToUtc('2026-10-25 01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(londonWallClockToUtc('2026-10-25 02:30').toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(londonWallClockToUtc('2026-10-24 09:00').toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(londonWallClockToUtc('2026-10-26 09:00').toISOString()).toBe('2026-10-26T09:00:00.000Z');
  });

  it('refuses text that is not a date and time', () => {
    expect(() => londonWallClockToUtc('2026-02-30 09:00')).toThrow(RangeError);
    expect(isDateTime('2026-03-02 9:00')).toBe(false);
    expect(isDateTime('2026-03-02 24:00')).toBe(false);
    expect(isDateTime('2026-03-02 23:59')).toBe(true);
  });
});

describe('weekdayOf', () => {
  it('names the weekday of a day', () => {
    expect(weekdayOf('2026-03-02')).toBe('Monday');
    expect(weekdayOf('2026-03-29')).toBe('Sunday');
    expect(weekdayOf('2026-10-25')).toBe('Sunday');
    expect(weekdayOf('2026-07-01')).toBe('Wednesday');
  });
});

describe('bookingWindow', () => {
  it('runs from today (London) through today + 28 days', () => {
    expect(bookingWindow(at('2026-03-02T07:00:00Z'))).toEqual({ first: '2026-03-02', last: '2026-03-30' });
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(bookingWindow(at('2026-06-30T23:30:00Z'))).toEqual({ first: '2026-07-01', last: '2026-07-29' });
    expect(bookingWindow(at('2026-03-02T07:00:00Z'), 1).last).toBe('2026-03-09');
  });
});

describe('generateBookableSlots', () => {
  const mondayMorning = at('2026-03-02T07:00:00Z'); // Monday 07:00 GMT

  it('offers hourly starts that end by the range end (09:00-17:00 gives 09:00 … 16:00)', () => {
    const slots = generateBookableSlots({ availability: { Monday: ['09:00-17:00'] }, now: mondayMorning });
    expect(on(slots, '2026-03-02')).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(slots).toHaveLength(5 * 8); // Mondays 2, 9, 16, 23 and 30 March
    expect(slots).toEqual([...slots].sort());
  });

  it('starts from the range start and drops a last hour that would overrun', () => {
    const slots = generateBookableSlots({
      availability: { Monday: [{ start: '09:30', end: '12:00' }, '13:00-13:30'] },
      now: mondayMorning,
      weeks: 0,
    });
    expect(slots).toEqual(['2026-03-02 09:30', '2026-03-02 10:30']);
  });

  it('covers today through today + 28 days, both included', () => {
    const slots = generateBookableSlots({ availability: everyDay('10:00-11:00'), now: mondayMorning });
    expect(slots).toHaveLength(29);
    expect(slots[0]).toBe('2026-03-02 10:00');
    expect(slots.at(-1)).toBe('2026-03-30 10:00');
  });

  it('leaves out starts that are not after now (a slot starting this minute has begun)', () => {
    const availability = { Monday: ['09:00-13:00'] };
    expect(
      on(generateBookableSlots({ availability, now: at('2026-03-02T10:15:00Z') }), '2026-03-02'),
    ).toEqual(['11:00', '12:00']);
    expect(
      on(generateBookableSlots({ availability, now: at('2026-03-02T10:00:00Z') }), '2026-03-02'),
    ).toEqual(['11:00', '12:00']);
    expect(
      on(generateBookableSlots({ availability, now: at('2026-03-02T09:59:59Z') }), '2026-03-02'),
    ).toEqual(['10:00', '11:00', '12:00']);
  });

  it('compares with the London clock on the day BST starts (2026-03-29)', () => {
    // 08:30 UTC is 09:30 BST: 09:00 has passed, 10:00 has not.
    const slots = generateBookableSlots({
      availability: { Sunday: ['09:00-12:00'] },
      now: at('2026-03-29T08:30:00Z'),
      weeks: 0,
    });
    expect(slots).toEqual(['2026-03-29 10:00', '2026-03-29 11:00']);
  });

  it('never offers a wall-clock time the clocks skip', () => {
    const slots = generateBookableSlots({
      availability: { Sunday: ['00:00-04:00'] },
      now: at('2026-03-28T12:00:00Z'),
      weeks: 0,
    });
    expect(slots).toEqual([]);
    const sundaySlots = generateBookableSlots({
      availability: { Sunday: ['00:00-04:00'] },
      now: at('2026-03-28T12:00:00Z'),
      weeks: 1,
    });
    expect(on(sundaySlots, '2026-03-29')).toEqual(['00:00', '02:00', '03:00']);
  });

  it('compares with the London clock around the day BST ends (2026-10-25)', () => {
    // Saturday 08:30 UTC is 09:30 BST.
    expect(
      generateBookableSlots({
        availability: { Saturday: ['09:00-12:00'] },
        now: at('2026-10-24T08:30:00Z'),
        weeks: 0,
      }),
    ).toEqual(['2026-10-24 10:00', '2026-10-24 11:00']);
    // Sunday 09:30 UTC is 09:30 GMT: 09:00 has passed, 10:00 has not.
    expect(
      generateBookableSlots({
        availability: { Sunday: ['09:00-12:00'] },
        now: at('2026-10-25T09:30:00Z'),
        weeks: 0,
      }),
    ).toEqual(['2026-10-25 10:00', '2026-10-25 11:00']);
    // Sunday 08:30 UTC is 08:30 GMT: all three remain.
    expect(
      generateBookableSlots({
        availability: { Sunday: ['09:00-12:00'] },
        now: at('2026-10-25T08:30:00Z'),
        weeks: 0,
      }),
    ).toEqual(['2026-10-25 09:00', '2026-10-25 10:00', '2026-10-25 11:00']);
  });

  it('uses the London date for "today" late in the evening', () => {
    // 23:30 UTC on Tuesday 30 June is 00:30 on Wednesday 1 July in London.
    const slots = generateBookableSlots({
      availability: { Tuesday: ['09:00-10:00'], Wednesday: ['09:00-10:00'] },
      now: at('2026-06-30T23:30:00Z'),
      weeks: 0,
    });
    expect(slots).toEqual(['2026-07-01 09:00']);
  });

  it('skips away dates, both ends included, and ignores inactive entries', () => {
    const slots = generateBookableSlots({
      availability: everyDay('10:00-11:00'),
      awayDates: [
        { startDate: '2026-03-03', endDate: '2026-03-05' },
        { startDate: '2026-03-10', endDate: '2026-03-10', status: 'deleted' },
      ],
      now: mondayMorning,
      weeks: 2,
    });
    expect(slots.map((slot) => slot.slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);
  });

  it('skips taken slots and any hour overlapping a taken booking', () => {
    const availability = { Monday: ['09:00-13:00'] };
    const today = (takenSlots: string[]) =>
      on(generateBookableSlots({ availability, takenSlots, now: mondayMorning, weeks: 0 }), '2026-03-02');
    expect(today(['2026-03-02 10:00'])).toEqual(['09:00', '11:00', '12:00']);
    expect(today(['2026-03-02 10:30'])).toEqual(['09:00', '12:00']);
    expect(today(['2026-03-02 09:00-11:00'])).toEqual(['11:00', '12:00']);
    expect(today(['2026-03-09 10:00', 'garbage'])).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });

  it('merges overlapping ranges without duplicates and reads raw or stored availability', () => {
    const slots = generateBookableSlots({
      availability: { Monday: ['09:00-11:00', { start: '10:00', end: '12:00' }], Funday: ['09:00-10:00'] },
      now: mondayMorning,
      weeks: 0,
    });
    expect(slots).toEqual(['2026-03-02 09:00', '2026-03-02 10:00', '2026-03-02 11:00']);
    expect(generateBookableSlots({ availability: null, now: mondayMorning })).toEqual([]);
  });
});

describe('isBookableSlot', () => {
  const rules = { availability: { Monday: ['09:00-12:00'] }, now: at('2026-03-02T07:00:00Z') };

  it('is true only for a generated slot', () => {
    expect(isBookableSlot('2026-03-02 09:00', rules)).toBe(true);
    expect(isBookableSlot('2026-03-30 11:00', rules)).toBe(true);
    expect(isBookableSlot('2026-03-02 11:30', rules)).toBe(false);
    expect(isBookableSlot('2026-03-02 12:00', rules)).toBe(false);
    expect(isBookableSlot('2026-04-06 09:00', rules)).toBe(false);
    expect(isBookableSlot('2026-03-03 09:00', rules)).toBe(false);
    expect(isBookableSlot('2026-03-02 9:00', rules)).toBe(false);
    expect(isBookableSlot('2026-03-02 09:00', { ...rules, takenSlots: ['2026-03-02 09:00'] })).toBe(false);
  });
});

describe('booking times', () => {
  it('parse with or without a range', () => {
    expect(parseBookingDateTime('2026-03-02 09:00')).toEqual({
      date: '2026-03-02',
      start: '09:00',
      end: null,
    });
    expect(parseBookingDateTime('2026-03-02 09:00-09:30')).toEqual({
      date: '2026-03-02',
      start: '09:00',
      end: '09:30',
    });
    expect(parseBookingDateTime('2026-03-02')).toBeNull();
  });

  it('overlap when their hours share any minute', () => {
    expect(bookingTimesOverlap('2026-03-02 09:00', '2026-03-02 09:30')).toBe(true);
    expect(bookingTimesOverlap('2026-03-02 09:00', '2026-03-02 10:00')).toBe(false);
    expect(bookingTimesOverlap('2026-03-02 09:00-11:00', '2026-03-02 10:00')).toBe(true);
    expect(bookingTimesOverlap('2026-03-02 23:30', '2026-03-03 00:00')).toBe(true);
  });

  it('group by day for the date picker', () => {
    expect(groupSlotsByDate(['2026-03-03 09:00', '2026-03-02 10:00', '2026-03-02 09:00'])).toEqual({
      '2026-03-02': ['09:00', '10:00'],
      '2026-03-03': ['09:00'],
    });
  });
});

/** Durations and steps (api-contract §9.3): a service's length, the business's slot step. */
describe('generateBookableSlots with a duration and a step', () => {
  const monday = at('2026-03-02T07:00:00Z');
  const rules = { availability: { Monday: ['09:00-12:00'] }, now: monday, weeks: 0 };

  it('steps by 30 minutes while a 90-minute booking still ends by the range end', () => {
    expect(
      on(generateBookableSlots({ ...rules, durationMinutes: 90, stepMinutes: 30 }), '2026-03-02'),
    ).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('keeps a 20-minute trim off a taken hour for its whole length, at 15-minute steps', () => {
    const slots = generateBookableSlots({
      ...rules,
      durationMinutes: 30,
      stepMinutes: 15,
      takenSlots: ['2026-03-02 10:00'],
    });
    expect(on(slots, '2026-03-02')).toEqual(['09:00', '09:15', '09:30', '11:00', '11:15', '11:30']);
  });

  it('sees a long booking that started well before a later short one', () => {
    const slots = generateBookableSlots({
      ...rules,
      stepMinutes: 30,
      takenSlots: ['2026-03-02 09:00-11:30', '2026-03-02 09:30'],
    });
    expect(on(slots, '2026-03-02')).toEqual([]);
  });

  it('agrees with a plain scan of every taken booking, whatever the bookings (generated)', () => {
    const minutes = fc.integer({ min: 0, max: 47 }).map((quarter) => 8 * 60 + quarter * 15);
    const time = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const booking = fc
      .tuple(minutes, fc.integer({ min: 1, max: 12 }))
      .map(
        ([start, quarters]) =>
          `2026-03-02 ${time(start)}-${time(Math.min(start + quarters * 15, 23 * 60 + 45))}`,
      );
    fc.assert(
      fc.property(
        fc.array(booking, { maxLength: 12 }),
        fc.constantFrom(15, 30, 45, 60, 90, 120),
        fc.constantFrom(15, 30, 60),
        (taken, durationMinutes, stepMinutes) => {
          const base = {
            availability: { Monday: ['08:00-20:00'] },
            now: monday,
            weeks: 0,
            durationMinutes,
            stepMinutes,
          };
          const free = generateBookableSlots({ ...base });
          const expected = free.filter(
            (slot) =>
              !taken.some((held) => {
                const [from, to] = held.slice(11).split('-') as [string, string];
                const start = Number(slot.slice(11, 13)) * 60 + Number(slot.slice(14, 16));
                const heldStart = Number(from.slice(0, 2)) * 60 + Number(from.slice(3));
                const heldEnd = Number(to.slice(0, 2)) * 60 + Number(to.slice(3));
                return heldStart < start + durationMinutes && start < heldEnd;
              }),
          );
          expect(generateBookableSlots({ ...base, takenSlots: taken })).toEqual(expected);
        },
      ),
    );
  });
});
