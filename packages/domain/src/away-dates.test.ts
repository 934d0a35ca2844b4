import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AwayDate,
  awayDateBounds,
  awayDateError,
  isDateAway,
  mergeAwayDates,
  newAwayDateEntries,
} from './away-dates';
import { AwayDatesRequestSchema } from './away-dates-schemas';
import { errorsOf, parseOk } from './test-utils';

const TODAY = '2026-06-15';
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('isDateAway', () => {
  const away = [{ startDate: '2026-07-01', endDate: '2026-07-03' }];

  it('includes both ends of each period', () => {
    expect(isDateAway('2026-06-30', away)).toBe(false);
    expect(isDateAway('2026-07-01', away)).toBe(true);
    expect(isDateAway('2026-07-02', away)).toBe(true);
    expect(isDateAway('2026-07-03', away)).toBe(true);
    expect(isDateAway('2026-07-04', away)).toBe(false);
    expect(isDateAway('2026-07-01', [])).toBe(false);
    expect(isDateAway('2026-07-01', undefined)).toBe(false);
  });

  it('ignores entries that are not active', () => {
    expect(isDateAway('2026-07-02', [{ ...away[0]!, status: 'removed' }])).toBe(false);
    expect(isDateAway('2026-07-02', [{ ...away[0]!, status: 'active' }])).toBe(true);
  });
});

describe('away date rules', () => {
  it('lets the calendar pick from today up to one year ahead', () => {
    expect(awayDateBounds(TODAY)).toEqual({ min: '2026-06-15', max: '2027-06-15' });
    expect(awayDateBounds('2028-02-29').max).toBe('2029-02-28');
  });

  it('checks dates, order, reason length, the past (new entries only) and one year ahead', () => {
    const check = (entry: { startDate: string; endDate: string; reason?: string }, isNew = true) =>
      awayDateError(entry, { today: TODAY, isNew })?.message ?? null;
    expect(check({ startDate: TODAY, endDate: TODAY })).toBeNull();
    expect(check({ startDate: '2026-06-20', endDate: '2027-06-15', reason: 'Holiday' })).toBeNull();
    expect(check({ startDate: '2026-6-20', endDate: '2026-06-21' })).toBe(
      'Dates must be in the format YYYY-MM-DD',
    );
    expect(check({ startDate: '2026-06-20', endDate: '2026-06-31' })).toBe(
      'Dates must be in the format YYYY-MM-DD',
    );
    expect(check({ startDate: '2026-06-21', endDate: '2026-06-20' })).toBe(
      'Start date must be on or before end date',
    );
    expect(check({ startDate: '2026-06-20', endDate: '2026-06-21', reason: 'x'.repeat(101) })).toBe(
      'Reason must be 100 characters or fewer',
    );
    expect(check({ startDate: '2026-06-14', endDate: '2026-06-20' })).toBe(
      'Away dates cannot be in the past',
    );
    expect(check({ startDate: '2026-06-14', endDate: '2026-06-20' }, false)).toBeNull();
    expect(check({ startDate: '2026-06-20', endDate: '2027-06-16' })).toBe(
      'Away dates can be set at most 1 year ahead',
    );
  });
});

describe('PUT /user/away-dates body', () => {
  it('accepts the whole list, reason optional', () => {
    const parsed = parseOk(AwayDatesRequestSchema, {
      awayDates: [
        { startDate: '2026-06-20', endDate: '2026-06-22', reason: '  Holiday  ' },
        {
          id: ID,
          startDate: '2026-01-10',
          endDate: '2026-01-12',
          reason: '',
          createdAt: 1,
          status: 'active',
        },
      ],
    });
    expect(parsed.awayDates[0]?.reason).toBe('Holiday');
    expect(parsed.awayDates[1]?.reason).toBeUndefined();
    expect(parseOk(AwayDatesRequestSchema, { awayDates: [] }).awayDates).toEqual([]);
  });

  it('reports each broken entry at its place', () => {
    expect(
      errorsOf(AwayDatesRequestSchema, {
        awayDates: [
          { startDate: '2026-06-20', endDate: '2026-06-19' },
          { startDate: '2026-06-01', endDate: '2026-06-20' },
          { startDate: '2026-06-20', endDate: '2028-01-01' },
          { startDate: '2026-06-20', endDate: '2026/06/21' },
        ],
      }),
    ).toEqual({
      'awayDates.0.endDate': 'Start date must be on or before end date',
      'awayDates.1.startDate': 'Away dates cannot be in the past',
      'awayDates.2.endDate': 'Away dates can be set at most 1 year ahead',
      'awayDates.3.endDate': 'Dates must be in the format YYYY-MM-DD',
    });
  });

  it('reports malformed fields first', () => {
    expect(
      errorsOf(AwayDatesRequestSchema, {
        awayDates: [
          { startDate: '2026-06-20', endDate: '2026-06-21', reason: 'x'.repeat(101) },
          { id: 'not-a-uuid', startDate: '2026-06-20', endDate: '2026-06-21' },
          { startDate: '2026-06-20', endDate: '2026-06-21', status: 'gone' },
          { startDate: 20260620, endDate: '2026-06-21' },
        ],
      }),
    ).toEqual({
      'awayDates.0.reason': 'Reason must be 100 characters or fewer',
      'awayDates.1.id': 'Invalid id',
      'awayDates.2.status': "Status must be 'active'",
      'awayDates.3.startDate': 'Dates must be in the format YYYY-MM-DD',
    });
    expect(errorsOf(AwayDatesRequestSchema, {}).awayDates).toBe('Dates must be in the format YYYY-MM-DD');
  });

  it('caps the list length', () => {
    const many = Array.from({ length: 201 }, () => ({ startDate: '2026-06-20', endDate: '2026-06-21' }));
    expect(errorsOf(AwayDatesRequestSchema, { awayDates: many })).toHaveProperty('awayDates');
  });
});

describe('mergeAwayDates', () => {
  const existing: AwayDate[] = [
    { id: ID, startDate: '2026-06-01', endDate: '2026-06-02', createdAt: 100, status: 'active' },
  ];

  it('keeps id and createdAt of known entries and gives new ones a fresh id, createdAt and status', () => {
    const merged = mergeAwayDates(
      existing,
      [
        { id: ID, startDate: '2026-06-01', endDate: '2026-06-03', createdAt: 999 },
        { startDate: '2026-07-01', endDate: '2026-07-01', reason: 'Course' },
        { id: '11111111-1111-4111-8111-111111111111', startDate: '2026-08-01', endDate: '2026-08-01' },
      ],
      {
        now: 5000,
        newId: (() => {
          let n = 0;
          return () => `new-${++n}`;
        })(),
      },
    );
    expect(merged).toEqual([
      { id: ID, startDate: '2026-06-01', endDate: '2026-06-03', createdAt: 100, status: 'active' },
      {
        id: 'new-1',
        startDate: '2026-07-01',
        endDate: '2026-07-01',
        reason: 'Course',
        createdAt: 5000,
        status: 'active',
      },
      { id: 'new-2', startDate: '2026-08-01', endDate: '2026-08-01', createdAt: 5000, status: 'active' },
    ]);
  });

  it('finds the entries the server does not have yet', () => {
    const incoming = [{ id: ID }, {}, { id: 'other' }];
    expect(newAwayDateEntries(existing, incoming)).toEqual([{}, { id: 'other' }]);
  });
});
