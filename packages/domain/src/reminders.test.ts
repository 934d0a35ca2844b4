import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  DEFAULT_REMINDER_OFFSETS,
  parseReminderOffsets,
  type ReminderOffset,
  reminderMoment,
  reminderOffsetMinutes,
  remindersToSchedule,
} from './reminders';
import { londonWallClockExists, londonWallClockToUtc, utcToLondonWallClock } from './slots';

const offset = (label: string): ReminderOffset => {
  const [parsed] = parseReminderOffsets(label);
  if (!parsed) throw new Error(`no offset in ${label}`);
  return parsed;
};
const moment = (bookingDateTime: string, label: string) =>
  reminderMoment(bookingDateTime, offset(label)).toISOString();
const wallClock = (bookingDateTime: string, label: string) =>
  utcToLondonWallClock(reminderMoment(bookingDateTime, offset(label)));
const labels = (text: string) => parseReminderOffsets(text).map((parsed) => parsed.label);

describe('parseReminderOffsets', () => {
  it('reads minutes, hours and days, longest first', () => {
    expect(parseReminderOffsets('24h,2h')).toEqual([
      { label: '24h', amount: 24, unit: 'h' },
      { label: '2h', amount: 2, unit: 'h' },
    ]);
    expect(parseReminderOffsets('90m')).toEqual([{ label: '90m', amount: 90, unit: 'm' }]);
    expect(parseReminderOffsets('1d')).toEqual([{ label: '1d', amount: 1, unit: 'd' }]);
    expect(labels('30m,1d,2h')).toEqual(['1d', '2h', '30m']);
    expect(labels(DEFAULT_REMINDER_OFFSETS)).toEqual(['24h', '2h']);
  });

  it('tolerates spaces around items and before the unit, and writes labels canonically', () => {
    expect(labels(' 24h , 2h ')).toEqual(['24h', '2h']);
    expect(labels('1d,\t2 h')).toEqual(['1d', '2h']);
    expect(labels('02h')).toEqual(['2h']);
  });

  it('reads an empty value as no reminders', () => {
    expect(parseReminderOffsets('')).toEqual([]);
    expect(parseReminderOffsets('   ')).toEqual([]);
  });

  it('keeps one offset per length, the first written', () => {
    expect(labels('2h,2h')).toEqual(['2h']);
    expect(labels('120m,2h')).toEqual(['120m']);
    expect(labels('2h,24h,120m,1d')).toEqual(['24h', '2h']);
    expect(labels('1d,24h,1440m')).toEqual(['1d']);
  });

  it('takes up to 14 days', () => {
    expect(labels('14d')).toEqual(['14d']);
    expect(labels('336h')).toEqual(['336h']);
    expect(labels('20160m')).toEqual(['20160m']);
  });

  it.each([
    ['3x', '"3x" is not a reminder offset: use whole minutes, hours or days such as 90m, 2h or 1d'],
    ['24h,2', '"2" is not a reminder offset'],
    ['h', '"h" is not a reminder offset'],
    ['1.5h', '"1.5h" is not a reminder offset'],
    ['-2h', '"-2h" is not a reminder offset'],
    ['2H', '"2H" is not a reminder offset'],
    ['2 hours', '"2 hours" is not a reminder offset'],
    ['1w', '"1w" is not a reminder offset'],
    ['24h,0m', '"0m" is not a reminder offset: it must be more than 0'],
    ['15d', '"15d" is too long for a reminder offset: at most 14d'],
    ['337h', '"337h" is too long'],
    ['20161m', '"20161m" is too long'],
    ['99999999999999999999m', '"99999999999999999999m" is too long'],
    ['24h,,2h', '"24h,,2h" has an empty item between commas'],
    ['24h,', '"24h," has an empty item between commas'],
  ])('refuses %j, naming the bad item', (text, message) => {
    expect(() => parseReminderOffsets(text)).toThrow(message);
  });
});

describe('reminderMoment', () => {
  // 15 July is summer time: 12:00 in Northern Ireland is 11:00 UTC.
  it('counts minutes and hours back from the start instant', () => {
    expect(moment('2026-07-15 12:00', '2h')).toBe('2026-07-15T09:00:00.000Z');
    expect(moment('2026-07-15 12:00', '90m')).toBe('2026-07-15T09:30:00.000Z');
    expect(moment('2026-07-15 12:00', '24h')).toBe('2026-07-14T11:00:00.000Z');
    expect(moment('2026-07-15 12:00', '1d')).toBe('2026-07-14T11:00:00.000Z');
    expect(moment('2026-01-15 12:00', '1d')).toBe('2026-01-14T12:00:00.000Z');
  });

  it('reads a booking written with its end by its start', () => {
    expect(moment('2026-07-15 12:00-13:00', '2h')).toBe('2026-07-15T09:00:00.000Z');
  });

  it('refuses text that is not a booking time', () => {
    expect(() => reminderMoment('15/07/2026 12:00', offset('2h'))).toThrow(RangeError);
    expect(() => reminderMoment('2026-02-30 12:00', offset('1d'))).toThrow(RangeError);
  });

  // Clocks go forward on Sunday 29 March 2026 at 01:00 UTC (01:00 GMT → 02:00 BST).
  describe('when the clocks go forward (Sunday 29 March 2026)', () => {
    it('a booking on the Sunday: 24h is 24 real hours (09:00 on Saturday), 1d is 10:00 on Saturday (23 hours)', () => {
      expect(moment('2026-03-29 10:00', '24h')).toBe('2026-03-28T09:00:00.000Z');
      expect(wallClock('2026-03-29 10:00', '24h')).toBe('2026-03-28 09:00');
      expect(moment('2026-03-29 10:00', '1d')).toBe('2026-03-28T10:00:00.000Z');
      expect(wallClock('2026-03-29 10:00', '1d')).toBe('2026-03-28 10:00');
      expect(moment('2026-03-29 10:00', '2h')).toBe('2026-03-29T07:00:00.000Z');
      expect(wallClock('2026-03-29 10:00', '2h')).toBe('2026-03-29 08:00');
    });

    it('a booking early on the Sunday: 2h spans the change, so the clock shows 3 hours earlier', () => {
      expect(wallClock('2026-03-29 03:00', '2h')).toBe('2026-03-29 00:00');
      expect(moment('2026-03-29 03:00', '2h')).toBe('2026-03-29T00:00:00.000Z');
    });

    it('a booking on the Monday: 24h and 1d are both 10:00 on the Sunday', () => {
      expect(moment('2026-03-30 10:00', '24h')).toBe('2026-03-29T09:00:00.000Z');
      expect(moment('2026-03-30 10:00', '1d')).toBe('2026-03-29T09:00:00.000Z');
      expect(wallClock('2026-03-30 10:00', '1d')).toBe('2026-03-29 10:00');
      expect(moment('2026-03-30 10:00', '2h')).toBe('2026-03-30T07:00:00.000Z');
      expect(wallClock('2026-03-30 10:00', '2h')).toBe('2026-03-30 08:00');
    });

    it('a booking at 01:30 on the Monday: 24h is 00:30 on the Sunday; 1d falls in the skipped hour and moves on by it', () => {
      expect(wallClock('2026-03-30 01:30', '24h')).toBe('2026-03-29 00:30');
      expect(londonWallClockExists('2026-03-29 01:30')).toBe(false);
      expect(moment('2026-03-30 01:30', '1d')).toBe('2026-03-29T01:30:00.000Z');
      expect(wallClock('2026-03-30 01:30', '1d')).toBe('2026-03-29 02:30');
    });
  });

  // Clocks go back on Sunday 25 October 2026 at 01:00 UTC (02:00 BST → 01:00 GMT).
  describe('when the clocks go back (Sunday 25 October 2026)', () => {
    it('a booking on the Sunday: 24h is 24 real hours (11:00 on Saturday), 1d is 10:00 on Saturday (25 hours)', () => {
      expect(moment('2026-10-25 10:00', '24h')).toBe('2026-10-24T10:00:00.000Z');
      expect(wallClock('2026-10-25 10:00', '24h')).toBe('2026-10-24 11:00');
      expect(moment('2026-10-25 10:00', '1d')).toBe('2026-10-24T09:00:00.000Z');
      expect(wallClock('2026-10-25 10:00', '1d')).toBe('2026-10-24 10:00');
      expect(moment('2026-10-25 10:00', '2h')).toBe('2026-10-25T08:00:00.000Z');
      expect(wallClock('2026-10-25 10:00', '2h')).toBe('2026-10-25 08:00');
    });

    it('a booking early on the Sunday: 2h spans the change, so the clock shows 1 hour earlier', () => {
      expect(moment('2026-10-25 03:00', '2h')).toBe('2026-10-25T01:00:00.000Z');
      expect(wallClock('2026-10-25 03:00', '2h')).toBe('2026-10-25 01:00');
    });

    it('a booking on the Monday: 24h and 1d are both 10:00 on the Sunday', () => {
      expect(moment('2026-10-26 10:00', '24h')).toBe('2026-10-25T10:00:00.000Z');
      expect(moment('2026-10-26 10:00', '1d')).toBe('2026-10-25T10:00:00.000Z');
      expect(wallClock('2026-10-26 10:00', '1d')).toBe('2026-10-25 10:00');
      expect(moment('2026-10-26 10:00', '2h')).toBe('2026-10-26T08:00:00.000Z');
    });

    it('a booking at 01:30 on the Monday: 24h is the second 01:30 on the Sunday, 1d the first', () => {
      expect(moment('2026-10-26 01:30', '24h')).toBe('2026-10-25T01:30:00.000Z');
      expect(moment('2026-10-26 01:30', '1d')).toBe('2026-10-25T00:30:00.000Z');
      expect(wallClock('2026-10-26 01:30', '24h')).toBe('2026-10-25 01:30');
      expect(wallClock('2026-10-26 01:30', '1d')).toBe('2026-10-25 01:30');
    });
  });
});

describe('remindersToSchedule', () => {
  const defaults = parseReminderOffsets(DEFAULT_REMINDER_OFFSETS);
  // '2026-07-15 12:00' starts at 11:00 UTC: the 24h reminder is due 14 July 11:00 UTC, the 2h at 09:00.
  const booking = '2026-07-15 12:00';

  it('schedules every reminder still ahead, each keyed by its length', () => {
    expect(remindersToSchedule(booking, defaults, new Date('2026-07-10T12:00:00Z'))).toEqual([
      { key: '1440m', offset: defaults[0], sendAt: new Date('2026-07-14T11:00:00Z') },
      { key: '120m', offset: defaults[1], sendAt: new Date('2026-07-15T09:00:00Z') },
    ]);
  });

  it('skips a reminder whose moment has passed when the booking is agreed', () => {
    const late = remindersToSchedule(booking, defaults, new Date('2026-07-14T11:00:01Z'));
    expect(late.map((reminder) => reminder.key)).toEqual(['120m']);
    const atTheMoment = remindersToSchedule(booking, defaults, new Date('2026-07-15T09:00:00Z'));
    expect(atTheMoment).toEqual([]);
    expect(remindersToSchedule(booking, defaults, new Date('2026-07-15T10:30:00Z'))).toEqual([]);
  });

  it('schedules nothing without offsets', () => {
    expect(remindersToSchedule(booking, [], new Date('2026-07-01T00:00:00Z'))).toEqual([]);
  });

  it('keys 24h and 1d alike, so respelling REMINDER_OFFSETS does not remind twice', () => {
    const now = new Date('2026-07-01T00:00:00Z');
    const [byHours] = remindersToSchedule(booking, parseReminderOffsets('24h'), now);
    const [byDays] = remindersToSchedule(booking, parseReminderOffsets('1d'), now);
    expect(byHours?.key).toBe('1440m');
    expect(byDays?.key).toBe('1440m');
  });
});

describe('reminder properties', () => {
  const FIRST = Date.UTC(2026, 0, 1);
  const LAST = Date.UTC(2028, 0, 1);
  const MINUTE = 60_000;
  // Booking starts are whole minutes that exist on the London clock (slots never fall in the skipped hour).
  const bookingArb = fc
    .integer({ min: FIRST / MINUTE, max: LAST / MINUTE })
    .map((minute) => utcToLondonWallClock(new Date(minute * MINUTE)));
  const offsetOf = (unit: 'm' | 'h' | 'd', max: number) =>
    fc.integer({ min: 1, max }).map((amount) => ({ label: `${amount}${unit}`, amount, unit }));
  const offsetArb = fc.oneof(offsetOf('m', 20_160), offsetOf('h', 336), offsetOf('d', 14));
  const nowArb = fc.integer({ min: FIRST - 15 * 86_400_000, max: LAST }).map((ms) => new Date(ms));

  it('schedules each moment after now and before the start, and only skips those already passed', () => {
    fc.assert(
      fc.property(bookingArb, fc.array(offsetArb, { maxLength: 5 }), nowArb, (booking, offsets, now) => {
        const parsed = parseReminderOffsets(offsets.map((item) => item.label).join(','));
        const start = londonWallClockToUtc(booking).getTime();
        const scheduled = remindersToSchedule(booking, parsed, now);
        for (const reminder of scheduled) {
          expect(reminder.sendAt.getTime()).toBeGreaterThan(now.getTime());
          expect(reminder.sendAt.getTime()).toBeLessThan(start);
        }
        const skipped = parsed.filter((item) => !scheduled.some((reminder) => reminder.offset === item));
        for (const item of skipped) {
          expect(reminderMoment(booking, item).getTime()).toBeLessThanOrEqual(now.getTime());
        }
        expect(new Set(scheduled.map((reminder) => reminder.key)).size).toBe(scheduled.length);
      }),
    );
  });

  it('puts m and h reminders exactly their length before the start, d ones at the same clock time days before', () => {
    fc.assert(
      fc.property(bookingArb, offsetArb, (booking, item) => {
        const sendAt = reminderMoment(booking, item);
        const start = londonWallClockToUtc(booking);
        if (item.unit === 'd') {
          const [date, time] = booking.split(' ') as [string, string];
          const target = `${addDays(date, -item.amount)} ${time}`;
          if (londonWallClockExists(target)) expect(utcToLondonWallClock(sendAt)).toBe(target);
          // 23 to 25 hours a day, whatever the clocks do.
          const hours = (start.getTime() - sendAt.getTime()) / 3_600_000;
          expect(hours).toBeGreaterThanOrEqual(item.amount * 24 - 1);
          expect(hours).toBeLessThanOrEqual(item.amount * 24 + 1);
        } else {
          expect(start.getTime() - sendAt.getTime()).toBe(reminderOffsetMinutes(item) * MINUTE);
        }
      }),
    );
  });

  it('reads its own labels back', () => {
    fc.assert(
      fc.property(fc.array(offsetArb, { maxLength: 6 }), (offsets) => {
        const parsed = parseReminderOffsets(offsets.map((item) => item.label).join(', '));
        expect(parseReminderOffsets(parsed.map((item) => item.label).join(','))).toEqual(parsed);
        const lengths = parsed.map(reminderOffsetMinutes);
        expect(lengths).toEqual([...new Set(lengths)].sort((a, b) => b - a));
      }),
    );
  });
});
