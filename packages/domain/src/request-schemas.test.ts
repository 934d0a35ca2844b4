// Properties every request schema shares: the API builds its route schemas (and the OpenAPI
// document) from them, and no body, however malformed, may make them throw or get through uncapped.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HomeVisitRequestSchema, MinimumPriceRequestSchema } from './account';
import {
  ConfirmSignupRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResendCodeRequestSchema,
  ResetPasswordRequestSchema,
} from './auth';
import { AvailabilityRequestSchema } from './availability-schemas';
import { AwayDatesRequestSchema } from './away-dates-schemas';
import {
  CounterRequestSchema,
  CreateBookingRequestSchema,
  RespondToCounterRequestSchema,
  SetStatusRequestSchema,
} from './bookings';
import {
  RegisterWithInviteRequestSchema,
  SendInviteRequestSchema,
  VerifyInviteRequestSchema,
} from './invite';
import { ProfileUpdateRequestSchema } from './profile';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Each request schema with one valid body. */
const REQUESTS: Record<string, [z.ZodType, Record<string, unknown>]> = {
  register: [
    RegisterRequestSchema,
    {
      email: 'a@b.co',
      password: 'Secret1!',
      firstName: 'Ann',
      lastName: 'Lee',
      address: '1 Main St, Belfast, BT1 1AA',
      birthdate: '1990-01-01',
      phoneNumber: '+447123456789',
      userType: 'User',
    },
  ],
  login: [LoginRequestSchema, { email: 'a@b.co', password: 'Secret1!' }],
  confirmSignup: [ConfirmSignupRequestSchema, { username: 'a@b.co', code: '123456' }],
  resendCode: [ResendCodeRequestSchema, { username: 'a@b.co' }],
  forgotPassword: [ForgotPasswordRequestSchema, { username: 'a@b.co' }],
  resetPassword: [
    ResetPasswordRequestSchema,
    { email: 'a@b.co', confirmationCode: '123456', newPassword: 'Secret1!' },
  ],
  refresh: [RefreshRequestSchema, { refreshToken: 'token' }],
  logout: [LogoutRequestSchema, { refreshToken: 'token' }],
  sendInvite: [SendInviteRequestSchema, { email: 'a@b.co' }],
  verifyInvite: [VerifyInviteRequestSchema, { inviteCode: 'abc' }],
  registerWithInvite: [
    RegisterWithInviteRequestSchema,
    {
      inviteCode: 'abc',
      password: 'Secret1!',
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: '+447123456789',
      address: '1 Main Street, Belfast, BT1 1AA',
      birthdate: '1990-01-01',
      businessName: 'Shop',
      businessAddress: '1 Main Street, Belfast, BT1 1AA',
      minimumPrice: 25,
      homeVisitsEnabled: false,
      availability: { Monday: ['09:00-17:00'] },
      businessDescription: 'Cuts',
    },
  ],
  profileUpdate: [
    ProfileUpdateRequestSchema,
    {
      FirstName: 'Ann',
      LastName: 'Lee',
      Email: 'a@b.co',
      PhoneNumber: '+447123456789',
      Address: '1 Main St, Belfast, BT1 1AA',
    },
  ],
  availability: [AvailabilityRequestSchema, { availability: { Monday: ['09:00-17:00'] } }],
  minimumPrice: [MinimumPriceRequestSchema, { minimumPrice: 25 }],
  homeVisit: [HomeVisitRequestSchema, { homeVisitsEnabled: true }],
  awayDates: [
    AwayDatesRequestSchema,
    { awayDates: [{ startDate: '2026-07-01', endDate: '2026-07-02', reason: 'x' }] },
  ],
  book: [
    CreateBookingRequestSchema,
    {
      businessId: 'b',
      bookingDateTime: '2026-07-01 10:00',
      price: '45',
      isHomeVisit: true,
      customerAddress: 'Home',
    },
  ],
  setStatus: [SetStatusRequestSchema, { businessId: 'b', bookingId: 'k', status: 'Approved' }],
  counter: [CounterRequestSchema, { businessId: 'b', bookingId: 'k', newPrice: 30 }],
  respondToCounter: [
    RespondToCounterRequestSchema,
    { businessId: 'b', bookingId: 'k', response: 'Accepted' },
  ],
};

describe.each(Object.entries(REQUESTS))('%s request schema', (_name, [schema, valid]) => {
  it('accepts its valid body and ignores unknown fields', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, extra: 'ignored' }).success).toBe(true);
  });

  it('converts to JSON Schema for the route and the OpenAPI document', () => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it('refuses an over-long value in any string field', () => {
    for (const [field, value] of Object.entries(valid)) {
      if (typeof value !== 'string') continue;
      expect(schema.safeParse({ ...valid, [field]: 'x'.repeat(100_000) }).success, field).toBe(false);
    }
  });

  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        schema.safeParse(body);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...Object.keys(valid), 'other'), fc.anything()), (patch) => {
        const result = schema.safeParse({ ...valid, ...patch });
        if (!result.success)
          expect(result.error.issues.every((issue) => typeof issue.message === 'string')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
