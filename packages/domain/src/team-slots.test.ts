import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingTimeOf } from './booking-times';
import { mergeSortedSlots } from './slots';
import {
  freeMemberAt,
  isTeamBookableSlot,
  type MemberDiary,
  teamBookableSlots,
  teamFirstBookableSlot,
} from './team-slots';

const now = new Date('2026-03-02T07:00:00Z'); // Monday 07:00 in London (GMT)
const monday = { Monday: ['09:00-12:00'] };

describe('team slots', () => {
  it('is free when any one of the diaries is, each start once', () => {
    const members: MemberDiary[] = [
      { id: 'a', taken: ['2026-03-02 09:00', '2026-03-02 10:00'] },
      { id: 'b', taken: ['2026-03-02 10:00'] },
    ];
    expect(teamBookableSlots({ availability: monday, now, weeks: 0, members })).toEqual([
      '2026-03-02 09:00',
      '2026-03-02 11:00',
    ]);
  });

  it('gives each member their own hours and away days, the business’s when they have none', () => {
    const members: MemberDiary[] = [
      { id: 'owner', taken: [] },
      { id: 'late', availability: { Monday: ['13:00-15:00'] }, taken: [] },
      {
        id: 'away',
        availability: { Monday: ['16:00-17:00'] },
        awayDates: [{ startDate: '2026-03-02', endDate: '2026-03-02' }],
        taken: [],
      },
    ];
    const slots = teamBookableSlots({ availability: monday, now, weeks: 0, members });
    expect(slots).toEqual([
      '2026-03-02 09:00',
      '2026-03-02 10:00',
      '2026-03-02 11:00',
      '2026-03-02 13:00',
      '2026-03-02 14:00',
    ]);
    expect(teamFirstBookableSlot({ availability: monday, now, weeks: 0, members: members.slice(1) })).toBe(
      '2026-03-02 13:00',
    );
  });

  it('an agreed booking of no member fills every diary', () => {
    const members: MemberDiary[] = [
      { id: 'a', taken: [] },
      { id: 'b', taken: [] },
    ];
    const team = { availability: monday, now, weeks: 0, members, unassigned: ['2026-03-02 10:00'] };
    expect(teamBookableSlots(team)).toEqual(['2026-03-02 09:00', '2026-03-02 11:00']);
    expect(freeMemberAt('2026-03-02 10:30-10:45', team)).toBeUndefined();
  });

  it('picks the first member free for the whole length, off the step grid too', () => {
    const members: MemberDiary[] = [
      { id: 'a', taken: ['2026-03-02 10:00-10:30'] },
      { id: 'b', availability: { Monday: ['09:00-10:15'] }, taken: [] },
      { id: 'c', taken: [] },
    ];
    const team = { availability: monday, now, weeks: 0, members };
    expect(freeMemberAt('2026-03-02 09:45-10:15', team)?.id).toBe('b');
    expect(freeMemberAt('2026-03-02 09:45-10:30', team)?.id).toBe('c');
    expect(freeMemberAt('2026-03-02 09:15-09:45', team)?.id).toBe('a');
    expect(freeMemberAt('2026-03-02 11:30-12:30', team)).toBeUndefined();
    expect(isTeamBookableSlot('2026-03-02 10:00', { ...team, durationMinutes: 30, stepMinutes: 30 })).toBe(
      true,
    );
  });

  // The model: a start fits a member when it sits on their range's step grid, the whole length
  // ends inside that range, it is later than now, not away, and meets none of their bookings.
  it('agrees with a minute-by-minute model of random teams, hours and bookings', () => {
    const day = '2026-03-02';
    const clock = (minute: number) =>
      `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const range = fc
      .tuple(fc.integer({ min: 28, max: 80 }), fc.integer({ min: 2, max: 24 }))
      .map(([start, length]) => ({
        start: start * 15,
        end: Math.min(start * 15 + length * 15, 23 * 60 + 45),
      }));
    const booking = fc
      .tuple(fc.integer({ min: 28, max: 90 }), fc.integer({ min: 1, max: 16 }))
      .map(([start, quarters]) => ({ start: start * 15, minutes: quarters * 15 }));
    const member = fc.record({
      own: fc.option(range, { nil: null }),
      bookings: fc.array(booking, { maxLength: 5 }),
      away: fc.boolean(),
    });
    fc.assert(
      fc.property(
        range,
        fc.array(member, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(15, 30, 60),
        fc.integer({ min: 1, max: 12 }).map((quarters) => quarters * 15),
        (businessRange, members, step, duration) => {
          const hours = (r: { start: number; end: number }) => ({
            Monday: [`${clock(r.start)}-${clock(r.end)}`],
          });
          const diaries: MemberDiary[] = members.map((m, index) => ({
            id: String(index),
            availability: m.own ? hours(m.own) : null,
            awayDates: m.away ? [{ startDate: day, endDate: day }] : null,
            taken: m.bookings.map((b) =>
              bookingTimeOf(`${day} ${clock(b.start)}`, Math.min(b.minutes, 23 * 60 + 59 - b.start)),
            ),
          }));
          const team = {
            availability: hours(businessRange),
            now,
            weeks: 0,
            members: diaries,
            durationMinutes: duration,
            stepMinutes: step,
          };
          const expected = new Set<string>();
          members.forEach((m) => {
            if (m.away) return;
            const r = m.own ?? businessRange;
            for (let start = r.start; start + duration <= r.end; start += step) {
              if (start <= 7 * 60) continue;
              const meets = m.bookings.some((b) => b.start < start + duration && start < b.start + b.minutes);
              if (!meets) expected.add(`${day} ${clock(start)}`);
            }
          });
          const slots = teamBookableSlots(team).filter((slot) => slot.startsWith(day));
          expect(slots).toEqual([...expected].sort());
          // Every offered start has a member free for it, whom the server would assign.
          for (const slot of slots) {
            const free = freeMemberAt(bookingTimeOf(slot, duration), team);
            expect(free).toBeDefined();
            expect(isTeamBookableSlot(slot, team)).toBe(true);
          }
          expect(teamFirstBookableSlot(team)).toBe(slots[0] ?? null);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('mergeSortedSlots', () => {
  it('is the sorted union of sorted lists, each start once', () => {
    const start = fc.constantFrom('09:00', '09:15', '09:30', '10:00', '10:45', '11:00', '13:30');
    const day = fc.constantFrom('2026-03-02', '2026-03-03', '2026-03-09');
    const list = fc
      .array(fc.tuple(day, start), { maxLength: 12 })
      .map((pairs) => [...new Set(pairs.map(([d, t]) => `${d} ${t}`))].sort());
    fc.assert(
      fc.property(fc.array(list, { maxLength: 4 }), (lists) => {
        expect(mergeSortedSlots(lists)).toEqual([...new Set(lists.flat())].sort());
      }),
    );
  });
});
