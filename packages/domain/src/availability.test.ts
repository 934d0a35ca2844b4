import { describe, expect, it } from 'vitest';
import {
  AvailabilityFormatError,
  formatTimeRange,
  newDefaultSlot,
  normaliseAvailability,
  normaliseAvailabilityLenient,
  parseTime,
  parseTimeRange,
  timeSlotOptions,
  validateAvailability,
} from './availability';
import { AvailabilityInputSchema, AvailabilityRequestSchema } from './availability-schemas';
import { DEFAULT_SLOT } from './constants';
import { errorsOf, parseOk } from './test-utils';

describe('time ranges', () => {
  it("read 'HH:MM-HH:MM' strings and {start, end} objects", () => {
    expect(parseTimeRange('09:00-17:00')).toEqual({ start: '09:00', end: '17:00' });
    expect(parseTimeRange(' 9:30 - 12:00 ')).toEqual({ start: '09:30', end: '12:00' });
    expect(parseTimeRange({ start: '08:00', end: '22:00' })).toEqual({ start: '08:00', end: '22:00' });
  });

  it('reject anything else', () => {
    for (const input of ['9-5', '09:00', '09:00-17:00-18:00', '24:00-25:00', '09:60-10:00', '']) {
      expect(parseTimeRange(input)).toBeNull();
    }
    expect(parseTimeRange({ start: '09:00', end: 17 } as never)).toBeNull();
    expect(parseTime('7:05')).toBe('07:05');
    expect(formatTimeRange({ start: '09:00', end: '17:00' })).toBe('09:00-17:00');
  });
});

describe('normaliseAvailability', () => {
  it('returns {start, end} objects in HH:MM, days in week order, empty days left out', () => {
    expect(
      normaliseAvailability({
        Sunday: [],
        Wednesday: ['13:00-17:00', { start: '9:00', end: '12:00' }],
        Monday: ['09:00-17:00'],
        Friday: null,
      }),
    ).toEqual({
      Monday: [{ start: '09:00', end: '17:00' }],
      Wednesday: [
        { start: '09:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
    });
    expect(Object.keys(normaliseAvailability({ Sunday: ['10:00-12:00'], Monday: ['10:00-12:00'] }))).toEqual([
      'Monday',
      'Sunday',
    ]);
  });

  it('rejects unknown weekday keys and malformed ranges', () => {
    expect(() => normaliseAvailability({ Funday: ['09:00-17:00'] })).toThrow(AvailabilityFormatError);
    expect(() => normaliseAvailability({ monday: ['09:00-17:00'] })).toThrow('Unknown weekday: monday');
    expect(() => normaliseAvailability({ Monday: ['nine to five'] })).toThrow(
      'Invalid time slot for Monday: Times must be in the format HH:MM',
    );
  });

  it('has a lenient variant for stored data that skips what it cannot read', () => {
    expect(normaliseAvailabilityLenient({ Funday: ['09:00-17:00'], Monday: ['x', '10:00-11:00'] })).toEqual({
      Monday: [{ start: '10:00', end: '11:00' }],
    });
    expect(normaliseAvailabilityLenient(undefined)).toEqual({});
  });
});

describe('validateAvailability (admin Set Hours)', () => {
  it("needs at least one slot: 'No time slots' / 'Please set at least one time slot before saving'", () => {
    expect(validateAvailability({})).toEqual({
      title: 'No time slots',
      message: 'Please set at least one time slot before saving',
    });
    expect(validateAvailability({ Monday: [] })?.title).toBe('No time slots');
  });

  it("needs each start before its end: 'Invalid time slot' / 'Invalid time slot for {day}: …'", () => {
    expect(validateAvailability({ Tuesday: [{ start: '17:00', end: '09:00' }] })).toEqual({
      title: 'Invalid time slot',
      message: 'Invalid time slot for Tuesday: Start time must be before end time',
      day: 'Tuesday',
    });
    expect(validateAvailability({ Monday: [{ start: '09:00', end: '09:00' }] })?.message).toBe(
      'Invalid time slot for Monday: Start time must be before end time',
    );
  });

  it("rejects overlapping ranges on a day ('Time slots overlap on {day}'), allows touching ones", () => {
    expect(
      validateAvailability({
        Friday: [
          { start: '13:00', end: '17:00' },
          { start: '09:00', end: '13:30' },
        ],
      })?.message,
    ).toBe('Time slots overlap on Friday');
    expect(
      validateAvailability({
        Friday: [
          { start: '09:00', end: '13:00' },
          { start: '13:00', end: '17:00' },
        ],
      }),
    ).toBeNull();
  });
});

describe('PUT /user/availability body', () => {
  it('accepts either range form and stores {start, end}', () => {
    expect(
      parseOk(AvailabilityRequestSchema, {
        availability: { Monday: ['09:00-17:00'], Tuesday: [{ start: '10:00', end: '12:00' }], Sunday: [] },
      }),
    ).toEqual({
      availability: {
        Monday: [{ start: '09:00', end: '17:00' }],
        Tuesday: [{ start: '10:00', end: '12:00' }],
      },
    });
  });

  it("answers with the spec's messages", () => {
    expect(errorsOf(AvailabilityRequestSchema, { availability: {} }).availability).toBe(
      'Please set at least one time slot before saving',
    );
    expect(errorsOf(AvailabilityRequestSchema, { availability: { Monday: ['17:00-09:00'] } })).toEqual({
      'availability.Monday': 'Invalid time slot for Monday: Start time must be before end time',
    });
    expect(
      errorsOf(AvailabilityRequestSchema, { availability: { Monday: ['09:00-12:00', '11:00-13:00'] } })[
        'availability.Monday'
      ],
    ).toBe('Time slots overlap on Monday');
    expect(
      errorsOf(AvailabilityRequestSchema, { availability: { Caturday: ['09:00-12:00'] } }).availability,
    ).toBe('Unknown weekday: Caturday');
    expect(errorsOf(AvailabilityRequestSchema, {}).availability).toBe(
      'Please set at least one time slot before saving',
    );
  });

  it('caps the number and length of ranges', () => {
    const many = Array.from({ length: 25 }, () => '09:00-10:00');
    expect(errorsOf(AvailabilityInputSchema, { Monday: many })).not.toEqual({});
    expect(errorsOf(AvailabilityInputSchema, { Monday: ['0'.repeat(100)] })).not.toEqual({});
  });
});

describe('time options and the default slot', () => {
  it('offers 08:00 to 22:00 in 30-minute steps', () => {
    const options = timeSlotOptions();
    expect(options[0]).toBe('08:00');
    expect(options[1]).toBe('08:30');
    expect(options.at(-1)).toBe('22:00');
    expect(options).toHaveLength(29);
  });

  it('defaults a new slot to 09:00-17:00 (a fresh copy each time)', () => {
    expect(DEFAULT_SLOT).toEqual({ start: '09:00', end: '17:00' });
    const slot = newDefaultSlot();
    slot.start = '10:00';
    expect(newDefaultSlot()).toEqual({ start: '09:00', end: '17:00' });
  });
});
