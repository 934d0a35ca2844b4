import { DEFAULT_SLOT } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  addSlot,
  emptyWeeklyHours,
  removeSlot,
  setDayEnabled,
  toAvailability,
  updateSlot,
} from './weekly-hours';

describe('weekly hours of the invite wizard', () => {
  it('starts with every day switched off and no availability', () => {
    const hours = emptyWeeklyHours();
    expect(Object.values(hours).every((day) => !day.enabled && day.slots.length === 0)).toBe(true);
    expect(toAvailability(hours)).toEqual({});
  });

  it('gives a day switched on the default 09:00-17:00 and sends only enabled days', () => {
    let hours = setDayEnabled(emptyWeeklyHours(), 'Tuesday', true);
    expect(hours.Tuesday).toEqual({ enabled: true, slots: [DEFAULT_SLOT] });
    hours = addSlot(hours, 'Tuesday');
    hours = updateSlot(hours, 'Tuesday', 1, { start: '18:00', end: '21:30' });
    expect(toAvailability(hours)).toEqual({
      Tuesday: [
        { start: '09:00', end: '17:00' },
        { start: '18:00', end: '21:30' },
      ],
    });
  });

  it('keeps the ranges of a day switched off, restores them when switched back on, and omits empty days', () => {
    let hours = updateSlot(setDayEnabled(emptyWeeklyHours(), 'Friday', true), 'Friday', 0, {
      start: '10:00',
      end: '14:00',
    });
    hours = setDayEnabled(hours, 'Friday', false);
    expect(toAvailability(hours)).toEqual({});
    hours = setDayEnabled(hours, 'Friday', true);
    expect(hours.Friday.slots).toEqual([{ start: '10:00', end: '14:00' }]);
    expect(toAvailability(removeSlot(hours, 'Friday', 0))).toEqual({});
  });

  it('never shares a range object between days or with the default', () => {
    const hours = addSlot(setDayEnabled(emptyWeeklyHours(), 'Monday', true), 'Monday');
    expect(hours.Monday.slots[0]).not.toBe(hours.Monday.slots[1]);
    expect(hours.Monday.slots[0]).not.toBe(DEFAULT_SLOT);
  });
});
