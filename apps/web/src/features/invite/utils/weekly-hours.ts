import { type Availability, newDefaultSlot, type TimeRange, WEEKDAYS, type Weekday } from '@app/domain';

/**
 * The Business Hours step's state: every weekday with its enable toggle and its ranges. A day
 * switched off keeps its ranges (switching it back on restores them) but is left out of the
 * availability sent to the server.
 */
export interface DayHours {
  enabled: boolean;
  slots: TimeRange[];
}
export type WeeklyHours = Record<Weekday, DayHours>;

export function emptyWeeklyHours(): WeeklyHours {
  const closed = (): DayHours => ({ enabled: false, slots: [] });
  return {
    Monday: closed(),
    Tuesday: closed(),
    Wednesday: closed(),
    Thursday: closed(),
    Friday: closed(),
    Saturday: closed(),
    Sunday: closed(),
  };
}

const withDay = (hours: WeeklyHours, day: Weekday, next: DayHours): WeeklyHours => ({
  ...hours,
  [day]: next,
});

/** Switches a day on or off; a day switched on with no ranges gets the default 09:00-17:00. */
export function setDayEnabled(hours: WeeklyHours, day: Weekday, enabled: boolean): WeeklyHours {
  const current = hours[day];
  const slots = enabled && current.slots.length === 0 ? [newDefaultSlot()] : current.slots;
  return withDay(hours, day, { enabled, slots });
}

/** '+ Add Hours': appends the default range, 09:00-17:00. */
export const addSlot = (hours: WeeklyHours, day: Weekday): WeeklyHours =>
  withDay(hours, day, { ...hours[day], slots: [...hours[day].slots, newDefaultSlot()] });

export const updateSlot = (hours: WeeklyHours, day: Weekday, index: number, slot: TimeRange): WeeklyHours =>
  withDay(hours, day, {
    ...hours[day],
    slots: hours[day].slots.map((current, i) => (i === index ? { ...slot } : current)),
  });

export const removeSlot = (hours: WeeklyHours, day: Weekday, index: number): WeeklyHours =>
  withDay(hours, day, { ...hours[day], slots: hours[day].slots.filter((_, i) => i !== index) });

/** The enabled days that have ranges, as the registration payload's availability (spec §3). */
export function toAvailability(hours: WeeklyHours): Availability {
  const availability: Availability = {};
  for (const day of WEEKDAYS) {
    const { enabled, slots } = hours[day];
    if (enabled && slots.length > 0) availability[day] = slots.map((slot) => ({ ...slot }));
  }
  return availability;
}

/** '09:00 – 17:00' for reading; 'from 09:00 to 17:00' is what screen readers hear in button names. */
export const formatRange = (slot: TimeRange) => `${slot.start} – ${slot.end}`;
export const spokenRange = (slot: TimeRange) => `${slot.start} to ${slot.end}`;
