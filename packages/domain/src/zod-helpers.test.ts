import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ConfirmSignupRequestSchema,
  ForgotPasswordRequestSchema,
  LoginFormSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResendCodeRequestSchema,
  ResetPasswordRequestSchema,
} from './auth';
import { RegisterWithInviteRequestSchema, SendInviteRequestSchema } from './invite';
import { MESSAGES } from './messages';
import { ProfileUpdateRequestSchema } from './profile';
import { errorsOf } from './test-utils';
import { hasInvalidCharacters, ruleString, safeText } from './zod-helpers';

const INVALID = MESSAGES.invalidCharacters;
/** Every C0 control character but tab, line feed and carriage return, and DEL. */
const ALWAYS_REFUSED = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter(
    (c) => !'\t\n\r'.includes(c),
  ),
  '\u007f',
];

describe('control characters', () => {
  it('are refused in single-line text, line breaks and tabs included', () => {
    for (const character of [...ALWAYS_REFUSED, '\t', '\n', '\r']) {
      expect(hasInvalidCharacters(`a${character}b`), JSON.stringify(character)).toBe(true);
    }
    expect(hasInvalidCharacters('Seán Ó Briain, 1 Main St. £5 — ok')).toBe(false);
  });

  it('are refused in multi-line text, except tab, line feed and carriage return', () => {
    for (const character of ALWAYS_REFUSED) {
      expect(hasInvalidCharacters(`a${character}b`, { multiline: true }), JSON.stringify(character)).toBe(
        true,
      );
    }
    expect(hasInvalidCharacters('1 Main St\r\nBelfast\tBT1 1AA', { multiline: true })).toBe(false);
  });

  it("safeText and ruleString answer 'Contains invalid characters' before any other rule", () => {
    expect(errorsOf(safeText(10), 'ab\u0000')).toEqual({ _: INVALID });
    expect(errorsOf(safeText(10), 'ab')).toEqual({});
    const named = ruleString(20, (value) => (value.length < 2 ? 'Too short' : null));
    expect(errorsOf(named, 'A\u0000')).toEqual({ _: INVALID });
    expect(errorsOf(named, 'Ann\nLee')).toEqual({ _: INVALID });
    const multiline = ruleString(40, () => null, MESSAGES.required, { multiline: true });
    expect(errorsOf(multiline, '1 Main St\nBelfast')).toEqual({});
    expect(errorsOf(multiline, '1 Main St\u0000')).toEqual({ _: INVALID });
  });

  /** Each schema with one valid body; every string field of it is tried with each bad character. */
  const BODIES: Array<[string, z.ZodType, Record<string, unknown>]> = [
    [
      'register',
      RegisterRequestSchema,
      {
        email: 'a@b.co',
        password: 'Secret1!',
        firstName: 'Ann',
        lastName: 'Lee',
        address: '1 Main St, Belfast, BT1 1AA',
        birthdate: '1990-01-01',
        phoneNumber: '+447123456789',
      },
    ],
    ['login', LoginRequestSchema, { email: 'a@b.co', password: 'Secret1!' }],
    ['login form', LoginFormSchema, { email: 'a@b.co', password: 'Secret1!' }],
    ['confirm-signup', ConfirmSignupRequestSchema, { username: 'a@b.co', code: '123456' }],
    ['resend-code', ResendCodeRequestSchema, { username: 'a@b.co' }],
    ['forgot-password', ForgotPasswordRequestSchema, { username: 'a@b.co' }],
    [
      'reset-password',
      ResetPasswordRequestSchema,
      { email: 'a@b.co', confirmationCode: '123456', newPassword: 'Secret1!' },
    ],
    ['refresh', RefreshRequestSchema, { refreshToken: 'token' }],
    ['logout', LogoutRequestSchema, { refreshToken: 'token' }],
    ['send-business-invite', SendInviteRequestSchema, { email: 'a@b.co' }],
    [
      'profile update',
      ProfileUpdateRequestSchema,
      {
        FirstName: 'Ann',
        LastName: 'Lee',
        Email: 'a@b.co',
        PhoneNumber: '+447123456789',
        Address: '1 Main St, Belfast, BT1 1AA',
      },
    ],
  ];

  it.each(BODIES)(
    '%s: every string field refuses NUL, escape and DEL with the message',
    (_, schema, valid) => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const [field, value] of Object.entries(valid)) {
        for (const character of ['\u0000', '\u001b', '\u007f']) {
          for (const bad of [`${value}${character}`, `${character}${value}`]) {
            expect(
              errorsOf(schema, { ...valid, [field]: bad })[field],
              `${field} ${JSON.stringify(bad)}`,
            ).toBe(INVALID);
          }
        }
      }
    },
  );

  it('lets the invite wizard addresses span lines, but not hold other control characters', () => {
    const valid = {
      inviteCode: 'abc',
      password: 'Secret1!',
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: '+447123456789',
      address: '1 Main Street\nBelfast\nBT1 1AA',
      birthdate: '1990-01-01',
      businessName: 'Shop',
      businessAddress: '1 Main Street\r\nBelfast\r\nBT1 1AA',
      minimumPrice: 25,
      availability: { Monday: ['09:00-17:00'] },
    };
    expect(errorsOf(RegisterWithInviteRequestSchema, valid)).toEqual({});
    expect(
      errorsOf(RegisterWithInviteRequestSchema, {
        ...valid,
        address: '1 Main Street\u0000\nBelfast\nBT1 1AA',
      }),
    ).toMatchObject({ address: INVALID });
    expect(errorsOf(RegisterWithInviteRequestSchema, { ...valid, firstName: 'Ann\n' })).toMatchObject({
      firstName: INVALID,
    });
  });
});
