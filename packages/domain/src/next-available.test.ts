import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from './constants';
import { addDays, todayInLondon } from './dates';
import { bookableSlotsOn, firstBookableSlot, generateBookableSlots, type SlotRules } from './slots';

// nextAvailable and the availableOn filter (api-contract §8.5) must agree with the slot engine
// that available-times and POST /booking/book use: the first of its slots, and its slots of a day.

const hour = fc.integer({ min: 0, max: 23 });
const minute = fc.constantFrom('00', '30');
const time = fc.tuple(hour, minute).map(([h, m]) => `${String(h).padStart(2, '0')}:${m}`);
const range = fc.tuple(time, time).map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`));
const availability = fc.dictionary(fc.constantFrom(...WEEKDAYS), fc.array(range, { maxLength: 3 }), {
  maxKeys: 7,
});
/** Instants over two years, DST changes included. */
const now = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2027-12-31T23:59:59Z'),
  noInvalidDate: true,
});

const rulesArb = now.chain((nowDate) => {
  const today = todayInLondon(nowDate);
  const day = fc.integer({ min: -3, max: 32 }).map((offset) => addDays(today, offset));
  const away = fc
    .tuple(day, fc.integer({ min: 0, max: 6 }), fc.constantFrom('active', 'cancelled'))
    .map(([startDate, length, status]) => ({ startDate, endDate: addDays(startDate, length), status }));
  const taken = fc
    .tuple(day, hour, fc.boolean(), fc.integer({ min: 1, max: 3 }))
    .map(([date, h, ranged, length]) => {
      const start = `${String(h).padStart(2, '0')}:00`;
      if (!ranged || h + length > 23) return `${date} ${start}`;
      return `${date} ${start}-${String(h + length).padStart(2, '0')}:00`;
    });
  return fc.record({
    availability,
    awayDates: fc.array(away, { maxLength: 4 }),
    takenSlots: fc.array(taken, { maxLength: 40 }),
    now: fc.constant(nowDate),
    probe: day,
  });
});

describe('nextAvailable agrees with the slot engine (fast-check)', () => {
  it('firstBookableSlot is the first of generateBookableSlots', () => {
    fc.assert(
      fc.property(rulesArb, ({ probe: _probe, ...rules }: SlotRules & { probe: string }) => {
        expect(firstBookableSlot(rules)).toBe(generateBookableSlots(rules)[0] ?? null);
      }),
      { numRuns: 400 },
    );
  });

  it('bookableSlotsOn(day) is generateBookableSlots on that day', () => {
    fc.assert(
      fc.property(rulesArb, ({ probe, ...rules }: SlotRules & { probe: string }) => {
        const expected = generateBookableSlots(rules).filter((slot) => slot.startsWith(`${probe} `));
        expect(bookableSlotsOn(probe, rules)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('knows no day outside the window and no malformed day', () => {
    const rules = { availability: { Monday: ['09:00-17:00'] }, now: new Date('2026-11-26T12:00:00Z') };
    expect(bookableSlotsOn('2026-11-25', rules)).toEqual([]);
    expect(bookableSlotsOn('2027-02-01', rules)).toEqual([]);
    expect(bookableSlotsOn('2026-11-31', rules)).toEqual([]);
    expect(bookableSlotsOn('2026-11-30', rules)).toHaveLength(8);
    expect(firstBookableSlot(rules)).toBe('2026-11-30 09:00');
    expect(firstBookableSlot({ availability: {}, now: new Date() })).toBeNull();
  });
});
