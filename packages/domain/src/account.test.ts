import { describe, expect, it } from 'vitest';
import {
  HomeVisitRequestSchema,
  isDeletePhrase,
  MinimumPriceRequestSchema,
  NotificationSettingsRequestSchema,
} from './account';
import { errorsOf, parseOk } from './test-utils';

describe('delete account phrase', () => {
  it("must be exactly 'DELETE MY ACCOUNT'", () => {
    expect(isDeletePhrase('DELETE MY ACCOUNT')).toBe(true);
    for (const text of [
      'delete my account',
      'DELETE MY ACCOUNT ',
      ' DELETE MY ACCOUNT',
      'DELETE  MY ACCOUNT',
      '',
    ]) {
      expect(isDeletePhrase(text)).toBe(false);
    }
  });
});

describe('PUT /user/minimum-price body', () => {
  it('takes whole pounds from 1 to 1000', () => {
    expect(parseOk(MinimumPriceRequestSchema, { minimumPrice: 25 })).toEqual({ minimumPrice: 25 });
    expect(parseOk(MinimumPriceRequestSchema, { minimumPrice: '40' })).toEqual({ minimumPrice: 40 });
    expect(errorsOf(MinimumPriceRequestSchema, { minimumPrice: 0 }).minimumPrice).toBe(
      'Minimum price must be at least £1',
    );
    expect(errorsOf(MinimumPriceRequestSchema, { minimumPrice: 1001 }).minimumPrice).toBe(
      'Minimum price cannot exceed £1000',
    );
    expect(errorsOf(MinimumPriceRequestSchema, { minimumPrice: 9.99 }).minimumPrice).toBe(
      'Enter a whole number of pounds',
    );
    expect(errorsOf(MinimumPriceRequestSchema, {}).minimumPrice).toBe('Minimum price must be at least £1');
    expect(errorsOf(MinimumPriceRequestSchema, { minimumPrice: '9'.repeat(17) }).minimumPrice).toBeDefined();
  });
});

describe('PUT /user/home-visit body', () => {
  it('takes a boolean', () => {
    expect(parseOk(HomeVisitRequestSchema, { homeVisitsEnabled: true })).toEqual({ homeVisitsEnabled: true });
    expect(parseOk(HomeVisitRequestSchema, { homeVisitsEnabled: false })).toEqual({
      homeVisitsEnabled: false,
    });
    for (const homeVisitsEnabled of ['true', 1, null, undefined]) {
      expect(errorsOf(HomeVisitRequestSchema, { homeVisitsEnabled }).homeVisitsEnabled).toBe(
        'Must be true or false',
      );
    }
  });
});

describe('PUT /user/notification-settings body', () => {
  const settings = { bookingUpdates: false, reminders: true, messages: true, marketing: false };

  it('takes the four settings as booleans', () => {
    expect(parseOk(NotificationSettingsRequestSchema, settings)).toEqual(settings);
  });

  it('names each missing or non-boolean setting', () => {
    expect(errorsOf(NotificationSettingsRequestSchema, { ...settings, reminders: 'false' })).toEqual({
      reminders: 'Must be true or false',
    });
    const { marketing: _omitted, ...withoutMarketing } = settings;
    expect(errorsOf(NotificationSettingsRequestSchema, withoutMarketing)).toEqual({
      marketing: 'Must be true or false',
    });
  });

  it('refuses every unknown key under its own name', () => {
    expect(
      errorsOf(NotificationSettingsRequestSchema, { ...settings, sms: true, userType: 'Admin' }),
    ).toEqual({
      sms: 'Not a notification setting',
      userType: 'Not a notification setting',
    });
  });
});
