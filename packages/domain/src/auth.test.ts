import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildSignUpPayload,
  ConfirmFormSchema,
  ConfirmSignupRequestSchema,
  ForgotFormSchema,
  ForgotPasswordRequestSchema,
  isStrongPassword,
  joinSignUpAddress,
  LoginFormSchema,
  LoginRequestSchema,
  NewPasswordSchema,
  newPasswordError,
  normaliseMobile,
  passwordChecklist,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResetFormSchema,
  ResetPasswordRequestSchema,
  type SignUpForm,
  SignUpFormSchema,
  signUpBirthdateError,
  signUpPhoneError,
  splitSignUpAddress,
  splitSignUpPhone,
  toFieldErrors,
} from './auth';
import { MESSAGES } from './messages';
import { errorsOf, parseOk } from './test-utils';

const TODAY = '2026-06-15';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const validSignUp = (overrides: Partial<SignUpForm> = {}): SignUpForm => ({
  email: 'Ciara@Example.com',
  password: 'Secret1!',
  confirmPassword: 'Secret1!',
  firstName: 'Ciara',
  lastName: 'Byrne',
  countryCode: '+44',
  phone: '07123 456789',
  dob: '1990-04-01',
  addressLine1: '12 Lisburn Road',
  postcode: 'bt9 6aa',
  town: 'Belfast',
  privacyConsent: true,
  marketingConsent: false,
  ...overrides,
});

describe('login form (spec §5 Login)', () => {
  it('accepts a basic email and an 8-character password', () => {
    expect(errorsOf(LoginFormSchema, { email: 'a@b.co', password: '12345678' })).toEqual({});
  });

  it("rejects an email without the basic pattern with 'Invalid email'", () => {
    for (const email of ['', 'plainaddress', 'a@b', 'a b@c.com', '@b.com']) {
      expect(errorsOf(LoginFormSchema, { email, password: '12345678' }).email).toBe('Invalid email');
    }
  });

  it("requires a password ('Required') of at least 8 characters ('Minimum 8 characters')", () => {
    expect(errorsOf(LoginFormSchema, { email: 'a@b.co', password: '' }).password).toBe('Required');
    expect(errorsOf(LoginFormSchema, { email: 'a@b.co', password: '1234567' }).password).toBe(
      'Minimum 8 characters',
    );
  });

  it('reads the email trimmed and in lower case', () => {
    expect(parseOk(LoginFormSchema, { email: ' A@B.CO ', password: '12345678' }).email).toBe('a@b.co');
  });
});

describe('sign-up form (spec §5 Sign-up)', () => {
  it('accepts a complete, valid form', () => {
    expect(errorsOf(SignUpFormSchema, validSignUp())).toEqual({});
  });

  it("names are required and letters only: 'Only letters allowed (no spaces or special characters)'", () => {
    expect(errorsOf(SignUpFormSchema, validSignUp({ firstName: '' })).firstName).toBe('Required');
    for (const name of [
      'Ann3',
      'Ann!',
      'Mary  Ann',
      "O''Neill",
      'Ann--Marie',
      "'Neill",
      'Ann-',
      'Mary_Ann',
    ]) {
      expect(errorsOf(SignUpFormSchema, validSignUp({ firstName: name })).firstName).toBe(
        'Only letters allowed (no spaces or special characters)',
      );
      expect(errorsOf(SignUpFormSchema, validSignUp({ lastName: name })).lastName).toBe(
        'Only letters allowed (no spaces or special characters)',
      );
    }
  });

  it('counts accented letters as letters (Irish names)', () => {
    expect(errorsOf(SignUpFormSchema, validSignUp({ firstName: 'Seán', lastName: 'Ó' }))).toEqual({});
  });

  it("accepts real people's names: apostrophes, hyphens and single inner spaces (api-contract §8.1)", () => {
    for (const name of ["O'Neill", 'O’Neill', 'Mary Ann', 'Ann-Marie', 'Murphy-Byrne', 'Ciarán', 'Jo-Anne']) {
      expect(errorsOf(SignUpFormSchema, validSignUp({ firstName: name, lastName: name }))).toEqual({});
    }
  });

  describe('phone', () => {
    it("+44 needs 10 digits starting with 7 ('Enter a valid UK mobile')", () => {
      expect(signUpPhoneError('+44', '7123456789')).toBeNull();
      expect(signUpPhoneError('+44', '07123 456789')).toBeNull();
      // api-contract §8.1: spaces, dashes and brackets are ignored.
      for (const number of ['7123 456789', '7123-456-789', '(07123) 456789', '07123 456 789']) {
        expect(signUpPhoneError('+44', number)).toBeNull();
      }
      for (const number of ['6123456789', '712345678', '71234567890', '7123abc789', '']) {
        expect(signUpPhoneError('+44', number)).toBe('Enter a valid UK mobile');
      }
      expect(errorsOf(SignUpFormSchema, validSignUp({ phone: '123' })).phone).toBe('Enter a valid UK mobile');
    });

    it("+353 needs 8, then 3/5/6/7/9, then 7 digits ('Enter a valid IE mobile')", () => {
      for (const second of ['3', '5', '6', '7', '9']) {
        expect(signUpPhoneError('+353', `8${second}1234567`)).toBeNull();
      }
      expect(signUpPhoneError('+353', '087 123 4567')).toBeNull();
      for (const number of ['841234567', '881234567', '83123456', '8312345678', '731234567']) {
        expect(signUpPhoneError('+353', number)).toBe('Enter a valid IE mobile');
      }
      expect(
        errorsOf(SignUpFormSchema, validSignUp({ countryCode: '+353', phone: '7123456789' })).phone,
      ).toBe('Enter a valid IE mobile');
    });

    it("any other country code: 'Select UK or IE country code'", () => {
      for (const code of ['+1', '', '+33', '44']) {
        expect(signUpPhoneError(code, '7123456789')).toBe('Select UK or IE country code');
      }
      expect(errorsOf(SignUpFormSchema, validSignUp({ countryCode: '+1' })).phone).toBe(
        'Select UK or IE country code',
      );
    });
  });

  describe('date of birth', () => {
    it('is required', () => {
      expect(signUpBirthdateError('', TODAY)).toBe('Required');
    });

    it("may not be in the future ('Future date?')", () => {
      expect(signUpBirthdateError('2026-06-16', TODAY)).toBe('Future date?');
      expect(errorsOf(SignUpFormSchema, validSignUp({ dob: '2030-01-01' })).dob).toBe('Future date?');
    });

    it("accepts someone whose 12th birthday is today, not a day younger ('Must be over 12 years old')", () => {
      expect(signUpBirthdateError('2014-06-15', TODAY)).toBeNull();
      expect(signUpBirthdateError('2014-06-16', TODAY)).toBe('Must be over 12 years old');
      expect(signUpBirthdateError('2026-06-15', TODAY)).toBe('Must be over 12 years old');
      expect(errorsOf(SignUpFormSchema, validSignUp({ dob: '2014-06-16' })).dob).toBe(
        'Must be over 12 years old',
      );
    });

    it('treats a 29 February birthday as reached on 1 March in other years', () => {
      expect(signUpBirthdateError('2012-02-29', '2024-02-28')).toBe('Must be over 12 years old');
      expect(signUpBirthdateError('2012-02-29', '2024-02-29')).toBeNull();
      expect(signUpBirthdateError('2013-02-28', '2025-02-28')).toBeNull();
    });

    it('rejects impossible dates and dates before 1900-01-01', () => {
      expect(signUpBirthdateError('2001-02-30', TODAY)).toBe('Please enter a valid date');
      expect(signUpBirthdateError('15/06/2000', TODAY)).toBe('Please enter a valid date');
      expect(signUpBirthdateError('1899-12-31', TODAY)).toBe('Please enter a valid date');
      expect(signUpBirthdateError('1900-01-01', TODAY)).toBeNull();
    });
  });

  it("requires address line 1 ('Address Line 1 is required') and town ('Town is required')", () => {
    expect(errorsOf(SignUpFormSchema, validSignUp({ addressLine1: '  ' })).addressLine1).toBe(
      'Address Line 1 is required',
    );
    expect(errorsOf(SignUpFormSchema, validSignUp({ town: '' })).town).toBe('Town is required');
  });

  it("requires a postcode ('Postcode is required') in a UK format ('Please enter a valid UK postcode')", () => {
    expect(errorsOf(SignUpFormSchema, validSignUp({ postcode: '' })).postcode).toBe('Postcode is required');
    for (const postcode of ['12345', 'BT', 'D02 X285', 'BT1 1A']) {
      expect(errorsOf(SignUpFormSchema, validSignUp({ postcode })).postcode).toBe(
        'Please enter a valid UK postcode',
      );
    }
    for (const postcode of ['SW1A 1AA', 'BT1 1AA', 'bt11aa', 'M1 1AE', 'EC1A 1BB']) {
      expect(errorsOf(SignUpFormSchema, validSignUp({ postcode }))).toEqual({});
    }
  });

  it("requires privacy consent ('You must accept the privacy policy and terms of service'); marketing is optional", () => {
    expect(
      errorsOf(SignUpFormSchema, validSignUp({ privacyConsent: false as unknown as true })).privacyConsent,
    ).toBe('You must accept the privacy policy and terms of service');
    const { marketingConsent: _omitted, ...withoutMarketing } = validSignUp();
    expect(errorsOf(SignUpFormSchema, withoutMarketing)).toEqual({});
  });

  it('requires upper, lower, digit and one of @$!%*?&, and only those characters', () => {
    const composition =
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';
    for (const password of ['secret1!x', 'SECRET1!X', 'Secretxx!', 'Secret123']) {
      expect(errorsOf(SignUpFormSchema, validSignUp({ password, confirmPassword: password })).password).toBe(
        composition,
      );
    }
    // A character outside them is named as the problem (issue 29, item 10).
    for (const password of ['Secret1#', 'Secret 1!', 'Sláinte1!']) {
      expect(errorsOf(SignUpFormSchema, validSignUp({ password, confirmPassword: password })).password).toBe(
        MESSAGES.passwordCharacters,
      );
    }
    for (const special of '@$!%*?&') {
      const password = `Secret1${special}`;
      expect(isStrongPassword(password)).toBe(true);
    }
    expect(
      errorsOf(SignUpFormSchema, validSignUp({ password: 'Sec1!', confirmPassword: 'Sec1!' })).password,
    ).toBe('Minimum 8 characters');
  });

  it("requires the passwords to match ('Passwords must match')", () => {
    expect(errorsOf(SignUpFormSchema, validSignUp({ confirmPassword: 'Secret1?' })).confirmPassword).toBe(
      'Passwords must match',
    );
  });

  it('reports every broken field at once', () => {
    const errors = errorsOf(SignUpFormSchema, validSignUp({ email: 'x', phone: '1', dob: '2030-01-01' }));
    expect(errors).toMatchObject({
      email: 'Invalid email',
      phone: 'Enter a valid UK mobile',
      dob: 'Future date?',
    });
  });
});

describe('live password checklist', () => {
  it('ticks each requirement separately', () => {
    const met = (password: string) =>
      Object.fromEntries(passwordChecklist(password).map((item) => [item.id, item.met]));
    expect(met('')).toEqual({
      length: false,
      uppercase: false,
      lowercase: false,
      number: false,
      special: false,
      allowed: false,
    });
    expect(met('Secret1!')).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      number: true,
      special: true,
      allowed: true,
    });
    expect(met('Secret1!#').allowed).toBe(false);
  });
});

describe('a new password names the rule it breaks (issue 29, item 10)', () => {
  it('says a character is not allowed when that is the problem, not the composition it meets', () => {
    expect(newPasswordError('Sláinte1!')).toBe(MESSAGES.passwordCharacters);
    expect(newPasswordError('Secret 1!')).toBe(MESSAGES.passwordCharacters);
    expect(newPasswordError('secret1!')).toBe(MESSAGES.passwordComposition);
    expect(newPasswordError('Secret1!')).toBeNull();
    expect(MESSAGES.passwordCharacters).toBe(
      'Password can only use letters A–Z (no accents), numbers and @$!%*?&',
    );
  });

  it('gives the same message from the request schema the server uses', () => {
    const result = NewPasswordSchema.safeParse('Sláinte1!');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.passwordCharacters]);
  });
});

describe('codes and reset (spec §5)', () => {
  it("a confirmation code is exactly 6 digits ('Please check your confirmation code')", () => {
    expect(errorsOf(ConfirmFormSchema, { confirmationCode: '123456' })).toEqual({});
    expect(errorsOf(ConfirmFormSchema, { confirmationCode: ' 123456 ' })).toEqual({});
    for (const code of ['', '12345', '1234567', 'abcdef', '12 456']) {
      expect(errorsOf(ConfirmFormSchema, { confirmationCode: code }).confirmationCode).toBe(
        'Please check your confirmation code',
      );
    }
  });

  it('the reset form needs a code of 6 or more characters and a valid new password', () => {
    expect(errorsOf(ResetFormSchema, { resetCode: '123456', newPassword: 'Secret1!' })).toEqual({});
    expect(
      errorsOf(ResetFormSchema, { resetCode: '12345', newPassword: 'Secret1!' }).resetCode,
    ).toBeDefined();
    expect(errorsOf(ResetFormSchema, { resetCode: '123456', newPassword: 'secret11' }).newPassword).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    );
  });

  it("forgot needs a valid email ('Invalid email')", () => {
    expect(errorsOf(ForgotFormSchema, { email: 'nope' }).email).toBe('Invalid email');
    expect(errorsOf(ForgotFormSchema, { email: 'a@b.co' })).toEqual({});
  });
});

describe('sign-up payload (spec §3)', () => {
  it('joins line, town and postcode with commas, adds the country code, fixes userType User', () => {
    expect(buildSignUpPayload(validSignUp())).toEqual({
      email: 'ciara@example.com',
      password: 'Secret1!',
      firstName: 'Ciara',
      lastName: 'Byrne',
      address: '12 Lisburn Road, Belfast, BT9 6AA',
      birthdate: '1990-04-01',
      phoneNumber: '+447123456789',
      userType: 'User',
      marketingConsent: false,
    });
    expect(buildSignUpPayload({ ...validSignUp(), marketingConsent: true }).marketingConsent).toBe(true);
    expect(joinSignUpAddress(' 1 Main St ', ' Derry ', 'bt48 6aa')).toBe('1 Main St, Derry, BT48 6AA');
  });

  it('splits a joined phone and address back (a line may contain commas)', () => {
    expect(splitSignUpPhone('+353871234567')).toEqual({ countryCode: '+353', number: '871234567' });
    expect(splitSignUpPhone('+17123456789')).toEqual({ countryCode: '', number: '' });
    expect(splitSignUpAddress('Flat 2, 10 Main St, Belfast, BT1 1AA')).toEqual({
      line1: 'Flat 2, 10 Main St',
      town: 'Belfast',
      postcode: 'BT1 1AA',
    });
    expect(normaliseMobile('07123 456-789')).toBe('7123456789');
    expect(normaliseMobile('(07123) 456 789')).toBe('7123456789');
  });

  it('is accepted by the register request schema', () => {
    expect(parseOk(RegisterRequestSchema, buildSignUpPayload(validSignUp()))).toMatchObject({
      userType: 'User',
    });
  });
});

describe('POST /auth/register body', () => {
  const body = () => buildSignUpPayload(validSignUp());

  it('rejects a userType other than User', () => {
    expect(errorsOf(RegisterRequestSchema, { ...body(), userType: 'Business' }).userType).toBeDefined();
    expect(errorsOf(RegisterRequestSchema, { ...body(), userType: 'Admin' }).userType).toBeDefined();
    const { userType: _omitted, ...withoutType } = body();
    expect(parseOk(RegisterRequestSchema, withoutType).userType).toBe('User');
  });

  it('takes an optional boolean marketingConsent, false when left out', () => {
    const { marketingConsent: _omitted, ...withoutConsent } = body();
    expect(parseOk(RegisterRequestSchema, withoutConsent).marketingConsent).toBe(false);
    expect(parseOk(RegisterRequestSchema, { ...body(), marketingConsent: true }).marketingConsent).toBe(true);
    expect(errorsOf(RegisterRequestSchema, { ...body(), marketingConsent: 'yes' }).marketingConsent).toBe(
      'Must be true or false',
    );
  });

  it("applies the sign-up form's rules and messages", () => {
    expect(errorsOf(RegisterRequestSchema, { ...body(), phoneNumber: '+44612345678' }).phoneNumber).toBe(
      'Enter a valid UK mobile',
    );
    expect(errorsOf(RegisterRequestSchema, { ...body(), phoneNumber: '+1555' }).phoneNumber).toBe(
      'Select UK or IE country code',
    );
    expect(errorsOf(RegisterRequestSchema, { ...body(), birthdate: '2020-01-01' }).birthdate).toBe(
      'Must be over 12 years old',
    );
    expect(errorsOf(RegisterRequestSchema, { ...body(), address: 'Belfast, BT1 1AA' }).address).toBe(
      'Town is required',
    );
    expect(errorsOf(RegisterRequestSchema, { ...body(), address: '1 Main St, Belfast, 12345' }).address).toBe(
      'Please enter a valid UK postcode',
    );
    expect(errorsOf(RegisterRequestSchema, { ...body(), firstName: 'A1' }).firstName).toBe(
      'Only letters allowed (no spaces or special characters)',
    );
  });

  it('stores the phone without spaces, dashes or brackets (api-contract §8.1)', () => {
    for (const phoneNumber of ['+44 7123 456789', '+44 (0)7123 456-789', '+4407123456789']) {
      expect(parseOk(RegisterRequestSchema, { ...body(), phoneNumber }).phoneNumber).toBe('+447123456789');
    }
    expect(parseOk(RegisterRequestSchema, { ...body(), phoneNumber: '+353 87 123 4567' }).phoneNumber).toBe(
      '+353871234567',
    );
  });

  it('accepts O’Neill and Mary Ann as names', () => {
    expect(
      parseOk(RegisterRequestSchema, { ...body(), firstName: 'Mary Ann', lastName: 'O’Neill' }),
    ).toMatchObject({ firstName: 'Mary Ann', lastName: 'O’Neill' });
  });

  it('caps every string and reports missing fields', () => {
    expect(errorsOf(RegisterRequestSchema, { ...body(), email: `${'a'.repeat(250)}@b.co` }).email).toBe(
      'Must be at most 254 characters',
    );
    expect(errorsOf(RegisterRequestSchema, {}).email).toBe('Required');
    expect(errorsOf(RegisterRequestSchema, { ...body(), password: 42 }).password).toBe('Required');
  });

  it('reports the phone, date-of-birth and address errors together with every other field error', () => {
    // zod skips an object's superRefine while any field fails: these rules must be field rules.
    expect(
      errorsOf(RegisterRequestSchema, {
        ...body(),
        email: 'nope',
        firstName: 'A1',
        phoneNumber: '+44612345678',
        birthdate: '2020-01-01',
        address: '1 Main St, Belfast',
      }),
    ).toEqual({
      email: 'Invalid email',
      firstName: 'Only letters allowed (no spaces or special characters)',
      phoneNumber: 'Enter a valid UK mobile',
      birthdate: 'Must be over 12 years old',
      address: 'Postcode is required',
    });
    expect(errorsOf(RegisterRequestSchema, { email: 'a@b.co' })).toMatchObject({
      password: 'Required',
      address: 'Required',
      birthdate: 'Required',
      phoneNumber: 'Required',
    });
  });

  it('names the missing or wrong part of the joined address', () => {
    const addressError = (address: string) => errorsOf(RegisterRequestSchema, { ...body(), address }).address;
    expect(addressError('')).toBe('Address Line 1 is required');
    expect(addressError(', Belfast, BT1 1AA')).toBe('Address Line 1 is required');
    expect(addressError('1 Main St, , BT1 1AA')).toBe('Town is required');
    expect(addressError('1 Main St, Belfast, ')).toBe('Postcode is required');
    expect(addressError('1 Main St, Belfast, 12345')).toBe('Please enter a valid UK postcode');
    expect(addressError(' 1 Main St, Belfast, BT1 1AA ')).toBeUndefined();
  });
});

describe('other auth request bodies', () => {
  it('login only checks shape (a wrong password is a 401, not a 400)', () => {
    expect(errorsOf(LoginRequestSchema, { email: 'A@B.co', password: 'x' })).toEqual({});
    expect(errorsOf(LoginRequestSchema, { email: '', password: '' })).toEqual({
      email: 'Invalid email',
      password: 'Required',
    });
  });

  it('confirm-signup needs the email as username and a 6-digit code', () => {
    expect(errorsOf(ConfirmSignupRequestSchema, { username: 'a@b.co', code: '123456' })).toEqual({});
    expect(errorsOf(ConfirmSignupRequestSchema, { username: 'a@b.co', code: '12345' }).code).toBe(
      'Please check your confirmation code',
    );
  });

  it('forgot-password and reset-password', () => {
    expect(errorsOf(ForgotPasswordRequestSchema, { username: 'bad' }).username).toBe('Invalid email');
    expect(
      errorsOf(ResetPasswordRequestSchema, {
        email: 'a@b.co',
        confirmationCode: '123456',
        newPassword: 'Secret1!',
      }),
    ).toEqual({});
  });

  it('refresh needs a token and caps its length', () => {
    expect(errorsOf(RefreshRequestSchema, { refreshToken: '' }).refreshToken).toBe('Required');
    expect(errorsOf(RefreshRequestSchema, { refreshToken: 'x'.repeat(3000) }).refreshToken).toBe(
      'Must be at most 2048 characters',
    );
  });

  it('toFieldErrors keeps the first message per field path', () => {
    const result = LoginFormSchema.safeParse({ email: 'x', password: '' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(toFieldErrors(result.error)).toEqual({ email: 'Invalid email', password: 'Required' });
  });
});
