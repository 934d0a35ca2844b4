import { describe, expect, it } from 'vitest';
import { bookingServiceText, formatDuration, menuText } from './services';

describe('services in words', () => {
  it('says how long a service takes', () => {
    expect(formatDuration(15)).toBe('15 min');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(90)).toBe('1 hr 30 min');
    expect(formatDuration(240)).toBe('4 hours');
  });

  it('names a booking’s service, length and barber; nothing for the default hour', () => {
    expect(bookingServiceText({ ServiceName: 'Skin fade', DurationMinutes: 30, MemberName: 'Niamh' })).toBe(
      'Skin fade · 30 min · with Niamh',
    );
    expect(bookingServiceText({ ServiceName: 'Colour', DurationMinutes: 90, MemberName: null })).toBe(
      'Colour · 1 hr 30 min',
    );
    expect(
      bookingServiceText({ ServiceName: 'Appointment', DurationMinutes: 60, MemberName: 'Bob' }),
    ).toBeNull();
    expect(bookingServiceText({ ServiceName: null, DurationMinutes: 60, MemberName: null })).toBeNull();
  });
});

describe('menuText', () => {
  it('names a menu in order, and nothing for a default Appointment alone', () => {
    expect(menuText(['Skin fade', 'Beard trim'])).toBe('Skin fade · Beard trim');
    expect(menuText(['Colour'])).toBe('Colour');
    expect(menuText(['Appointment'])).toBeNull();
    expect(menuText([])).toBeNull();
  });
});
