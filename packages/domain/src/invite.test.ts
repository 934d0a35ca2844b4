import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildInviteRegistrationPayload,
  confirmPasswordError,
  emptyInviteWizardValues,
  firstInvalidInviteStep,
  InviteConfirmFormSchema,
  type InviteWizardValues,
  inviteAddressError,
  inviteBirthdateError,
  inviteNameError,
  invitePasswordError,
  invitePhoneError,
  inviteProblemMessage,
  normaliseInvitePhone,
  RegisterWithInviteRequestSchema,
  SendInviteRequestSchema,
  VerifyInviteRequestSchema,
  validateInviteStep,
  validateInviteWizard,
} from './invite';
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

const validValues = (overrides: Partial<InviteWizardValues> = {}): InviteWizardValues => ({
  ...emptyInviteWizardValues(),
  firstName: 'Conor',
  lastName: 'Quinn',
  password: 'Secret1!',
  confirmPassword: 'Secret1!',
  phoneNumber: '+44 7123 456789',
  address: '10 Castle Street\nBelfast\nBT1 1GH',
  birthdate: '1985-09-09',
  businessName: 'Quinn Cuts',
  businessAddress: '22 High Street, Holywood, BT18 9AD',
  businessDescription: '',
  availability: { Monday: [{ start: '09:00', end: '17:00' }], Tuesday: ['10:00-14:00'] },
  minimumPrice: '30',
  homeVisitsEnabled: true,
  ...overrides,
});

describe('invite wizard field rules (spec §5 Invite wizard)', () => {
  it("names: 'First name is required' / 'Last name is required', then letters only", () => {
    expect(inviteNameError('', 'first')).toBe('First name is required');
    expect(inviteNameError(' ', 'last')).toBe('Last name is required');
    expect(inviteNameError('Mc  Cann', 'last')).toBe(
      'Only letters allowed (no spaces or special characters)',
    );
    expect(inviteNameError('C', 'first')).toBeNull();
  });

  it('password: the sign-up composition rule and message', () => {
    const message =
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';
    expect(invitePasswordError('Secret1!')).toBeNull();
    for (const password of ['', 'Sec1!', 'secret1!', 'SECRET1!', 'Secretx!', 'Secret12']) {
      expect(invitePasswordError(password)).toBe(message);
    }
    expect(invitePasswordError('Secret1#')).toBe(MESSAGES.passwordCharacters);
  });

  it("confirmPassword: 'Please confirm your password' when empty, else 'Passwords do not match'", () => {
    expect(confirmPasswordError('Secret1!', '')).toBe('Please confirm your password');
    expect(confirmPasswordError('Secret1!', 'Secret1?')).toBe('Passwords do not match');
    expect(confirmPasswordError('Secret1!', 'Secret1!')).toBeNull();
  });

  it('phone: spaces removed, optional +, a non-zero digit, then 1 to 14 digits', () => {
    const message = 'Please enter a valid phone number (e.g., +44 7123 456789)';
    expect(invitePhoneError('')).toBe('Phone number is required');
    expect(invitePhoneError('   ')).toBe('Phone number is required');
    for (const phone of [
      '+44 7123 456789',
      '07123456789'.slice(1),
      '447123456789',
      '+12',
      '+123456789012345',
    ]) {
      expect(invitePhoneError(phone)).toBeNull();
    }
    for (const phone of [
      '07123 45678',
      '087 123 4567',
      '+0123',
      '+1',
      '+1234567890123456',
      '+44 7123 45678x',
    ]) {
      expect(invitePhoneError(phone)).toBe(message);
    }
  });

  it('phone: a UK number with its leading 0 is taken as sign-up and the profile take it (issue 29, item 9)', () => {
    for (const phone of ['07123 456780', '07123-456780', '(07123) 456780']) {
      expect(invitePhoneError(phone)).toBeNull();
      expect(normaliseInvitePhone(phone)).toBe('+447123456780');
    }
    expect(RegisterWithInviteRequestSchema.shape.phoneNumber.parse('07123 456780')).toBe('+447123456780');
  });

  it('password: a character outside A–Z, 0–9 and @$!%*?& is named as such (issue 29, item 10)', () => {
    expect(invitePasswordError('Sláinte1!')).toBe(MESSAGES.passwordCharacters);
    expect(invitePasswordError('Slainte1!')).toBeNull();
    expect(invitePasswordError('slainte1!')).toBe(MESSAGES.passwordComposition);
  });

  it('phone: dashes and brackets are ignored too, and stored without them (api-contract §8.1)', () => {
    for (const phone of ['+44-7123-456789', '+44 (0)7123 456789', '(+44) 7123 456789', '+44 7123 456789']) {
      expect(invitePhoneError(phone)).toBeNull();
      expect(normaliseInvitePhone(phone)).toBe('+447123456789');
    }
  });

  it('names: letters, apostrophes, hyphens and single inner spaces (api-contract §8.1)', () => {
    for (const name of ["O'Neill", 'O’Neill', 'Mary Ann', 'Ann-Marie', 'Murphy-Byrne', 'Ciarán']) {
      expect(inviteNameError(name, 'first')).toBeNull();
      expect(inviteNameError(name, 'last')).toBeNull();
    }
    for (const name of ['C0nor', 'Mary  Ann', "O'", '-Ann', 'Ann!']) {
      expect(inviteNameError(name, 'first')).toBe('Only letters allowed (no spaces or special characters)');
    }
  });

  describe('address and businessAddress (only the first error)', () => {
    it("'Address is required'", () => {
      expect(inviteAddressError('')).toBe('Address is required');
      expect(inviteAddressError(' \n ')).toBe('Address is required');
    });

    it("'Address must be at least 10 characters long'", () => {
      expect(inviteAddressError('BT1 1AA')).toBe('Address must be at least 10 characters long');
      expect(inviteAddressError('1,BT1 1AA')).toBe('Address must be at least 10 characters long');
      expect(inviteAddressError('1, BT1 1AA')).toBeNull();
    });

    it("'Address must be less than 200 characters' (199 is the most)", () => {
      const padded = (length: number) => `${'x'.repeat(length - 9)}, BT1 1AA`;
      expect(padded(199)).toHaveLength(199);
      expect(inviteAddressError(padded(199))).toBeNull();
      expect(inviteAddressError(padded(200))).toBe('Address must be less than 200 characters');
    });

    it("'Address must not exceed 4 lines' (blank lines do not count)", () => {
      expect(inviteAddressError('Unit 1\nMill Lane\nLisburn\nBT28 1AA')).toBeNull();
      expect(inviteAddressError('Unit 1\n\nMill Lane\n\nLisburn\nBT28 1AA')).toBeNull();
      expect(inviteAddressError('Unit 1\nThe Mill\nMill Lane\nLisburn\nBT28 1AA')).toBe(
        'Address must not exceed 4 lines',
      );
    });

    it('takes the postcode from the last comma- or line-separated segment', () => {
      expect(inviteAddressError('10 Castle Street, Belfast, BT4 3HW')).toBeNull();
      expect(inviteAddressError('10 Castle Street\nBelfast\nBT12 3HW')).toBeNull();
      expect(inviteAddressError('10 Castle Street, Belfast, bt4 3hw')).toBeNull();
      expect(inviteAddressError('10 Castle Street, Belfast, BT4 3HW, ')).toBeNull();
    });

    it("'Address must include a Northern Irish postcode (e.g., BT4 3HW)' when the last part is not a BT postcode", () => {
      const message = 'Address must include a Northern Irish postcode (e.g., BT4 3HW)';
      expect(inviteAddressError('10 Castle Street, Belfast')).toBe(message);
      expect(inviteAddressError('10 Downing Street, London, SW1A 2AA')).toBe(message);
      expect(inviteAddressError('10 Castle Street Belfast BT4 3HW')).toBe(message);
      expect(inviteAddressError('BT4 3HW, 10 Castle Street')).toBe(message);
    });

    it("'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)' when it starts like one", () => {
      const message = 'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)';
      for (const postcode of ['BT43HW', 'BT4  3HW', 'BT 4 3HW', 'BT123 3HW', 'BT4 3H', 'BT4 33W', 'BT']) {
        expect(inviteAddressError(`10 Castle Street, Belfast, ${postcode}`)).toBe(message);
      }
    });
  });

  it('birthdate: required, not in the future, 16 or older', () => {
    expect(inviteBirthdateError('', TODAY)).toBe('Date of birth is required');
    expect(inviteBirthdateError('2026-06-16', TODAY)).toBe('Date of birth cannot be in the future');
    expect(inviteBirthdateError('2010-06-15', TODAY)).toBeNull();
    expect(inviteBirthdateError('2010-06-16', TODAY)).toBe('Must be at least 16 years old');
    expect(inviteBirthdateError('2010-13-01', TODAY)).toBe('Please enter a valid date');
  });
});

describe('validateInviteStep', () => {
  it('step 1 checks the personal fields, password rules included', () => {
    expect(validateInviteStep(1, validValues(), TODAY)).toEqual({});
    expect(
      validateInviteStep(
        1,
        validValues({
          firstName: '',
          password: 'weak',
          confirmPassword: '',
          phoneNumber: '',
          address: '',
          birthdate: '',
        }),
        TODAY,
      ),
    ).toEqual({
      firstName: 'First name is required',
      password:
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      confirmPassword: 'Please confirm your password',
      phoneNumber: 'Phone number is required',
      address: 'Address is required',
      birthdate: 'Date of birth is required',
    });
  });

  it('step 2 checks the shop details (description optional)', () => {
    expect(validateInviteStep(2, validValues(), TODAY)).toEqual({});
    expect(
      validateInviteStep(2, validValues({ businessName: ' ', businessAddress: 'Belfast town' }), TODAY),
    ).toEqual({
      businessName: 'Business name is required',
      businessAddress: 'Address must include a Northern Irish postcode (e.g., BT4 3HW)',
    });
    expect(validateInviteStep(2, validValues({ businessDescription: 'x'.repeat(1001) }), TODAY)).toEqual({
      businessDescription: 'Must be at most 1000 characters',
    });
  });

  it("step 3 needs at least one day ('Please set at least one day of availability'), not the slot order", () => {
    expect(validateInviteStep(3, validValues({ availability: {} }), TODAY)).toEqual({
      availability: 'Please set at least one day of availability',
    });
    expect(
      validateInviteStep(3, validValues({ availability: { Monday: [] } }), TODAY).availability,
    ).toBeDefined();
    expect(validateInviteStep(3, validValues({ availability: { Monday: ['17:00-09:00'] } }), TODAY)).toEqual(
      {},
    );
  });

  it('step 4 needs a minimum price of £1 to £1000', () => {
    expect(validateInviteStep(4, validValues({ minimumPrice: 0 }), TODAY)).toEqual({
      minimumPrice: 'Minimum price must be at least £1',
    });
    expect(validateInviteStep(4, validValues({ minimumPrice: '1001' }), TODAY)).toEqual({
      minimumPrice: 'Minimum price cannot exceed £1000',
    });
    expect(validateInviteStep(4, validValues({ minimumPrice: '' }), TODAY).minimumPrice).toBe(
      'Minimum price must be at least £1',
    );
  });

  it('the whole wizard and the first step to go back to', () => {
    expect(validateInviteWizard(validValues(), TODAY)).toEqual({});
    expect(firstInvalidInviteStep(validValues(), TODAY)).toBeNull();
    expect(firstInvalidInviteStep(validValues({ minimumPrice: 0, businessName: '' }), TODAY)).toBe(2);
    expect(Object.keys(validateInviteWizard(emptyInviteWizardValues(), TODAY))).toEqual([
      'firstName',
      'lastName',
      'password',
      'confirmPassword',
      'phoneNumber',
      'address',
      'birthdate',
      'businessName',
      'businessAddress',
      'availability',
    ]);
  });

  it('starts with a £25 minimum price and no hours', () => {
    expect(emptyInviteWizardValues()).toMatchObject({
      minimumPrice: 25,
      availability: {},
      homeVisitsEnabled: false,
    });
  });
});

describe('business registration payload (spec §3)', () => {
  it('sends minimumPrice as an integer, ranges as {start, end}, no blank description', () => {
    const payload = buildInviteRegistrationPayload('code-123', validValues());
    expect(payload).toEqual({
      inviteCode: 'code-123',
      password: 'Secret1!',
      firstName: 'Conor',
      lastName: 'Quinn',
      phoneNumber: '+447123456789',
      address: '10 Castle Street\nBelfast\nBT1 1GH',
      birthdate: '1985-09-09',
      businessName: 'Quinn Cuts',
      businessAddress: '22 High Street, Holywood, BT18 9AD',
      minimumPrice: 30,
      homeVisitsEnabled: true,
      availability: {
        Monday: [{ start: '09:00', end: '17:00' }],
        Tuesday: [{ start: '10:00', end: '14:00' }],
      },
    });
    expect(payload).not.toHaveProperty('businessDescription');
    expect(
      buildInviteRegistrationPayload('c', validValues({ businessDescription: ' Fades and beard trims ' }))
        .businessDescription,
    ).toBe('Fades and beard trims');
  });
});

describe('POST /auth/register-with-invite body', () => {
  const body = () => buildInviteRegistrationPayload('code-123', validValues());

  it('accepts the built payload', () => {
    expect(parseOk(RegisterWithInviteRequestSchema, body())).toMatchObject({
      minimumPrice: 30,
      phoneNumber: '+447123456789',
    });
    expect(
      parseOk(RegisterWithInviteRequestSchema, { ...body(), businessDescription: '  ' }).businessDescription,
    ).toBe(undefined);
  });

  it('stores the phone without separators and refuses a decimal minimum price (api-contract §8.1)', () => {
    expect(
      parseOk(RegisterWithInviteRequestSchema, { ...body(), phoneNumber: '+44 (0)7123-456 789' }),
    ).toMatchObject({ phoneNumber: '+447123456789' });
    for (const minimumPrice of ['7.50', 7.5]) {
      expect(errorsOf(RegisterWithInviteRequestSchema, { ...body(), minimumPrice })).toEqual({
        minimumPrice: 'Enter a whole number of pounds',
      });
    }
  });

  it("applies the wizard's rules and messages", () => {
    expect(
      errorsOf(RegisterWithInviteRequestSchema, {
        ...body(),
        firstName: 'C0nor',
        password: 'password',
        phoneNumber: '0',
        address: 'Belfast, BT1',
        birthdate: '2012-01-01',
        businessName: '',
        businessAddress: 'x',
        minimumPrice: 1001,
      }),
    ).toEqual({
      firstName: 'Only letters allowed (no spaces or special characters)',
      password:
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      phoneNumber: 'Please enter a valid phone number (e.g., +44 7123 456789)',
      address: 'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)',
      birthdate: 'Must be at least 16 years old',
      businessName: 'Business name is required',
      businessAddress: 'Address must be at least 10 characters long',
      minimumPrice: 'Minimum price cannot exceed £1000',
    });
  });

  it('requires start < end for every slot, no overlaps, and at least one day', () => {
    expect(
      errorsOf(RegisterWithInviteRequestSchema, { ...body(), availability: { Monday: ['17:00-09:00'] } }),
    ).toEqual({
      'availability.Monday': 'Invalid time slot for Monday: Start time must be before end time',
    });
    expect(
      errorsOf(RegisterWithInviteRequestSchema, {
        ...body(),
        availability: { Monday: ['09:00-12:00', '11:00-13:00'] },
      }),
    ).toEqual({ 'availability.Monday': 'Time slots overlap on Monday' });
    expect(errorsOf(RegisterWithInviteRequestSchema, { ...body(), availability: { Monday: [] } })).toEqual({
      availability: 'Please set at least one day of availability',
    });
    expect(
      errorsOf(RegisterWithInviteRequestSchema, { ...body(), availability: { Noday: ['09:00-10:00'] } }),
    ).toEqual({
      availability: 'Unknown weekday: Noday',
    });
  });

  it('requires minimumPrice to be whole and homeVisitsEnabled a boolean', () => {
    expect(errorsOf(RegisterWithInviteRequestSchema, { ...body(), minimumPrice: 25.5 }).minimumPrice).toBe(
      'Enter a whole number of pounds',
    );
    expect(
      errorsOf(RegisterWithInviteRequestSchema, { ...body(), homeVisitsEnabled: 'yes' }).homeVisitsEnabled,
    ).toBe('Must be true or false');
  });

  it('reports missing fields with their required messages and caps strings', () => {
    expect(errorsOf(RegisterWithInviteRequestSchema, {})).toMatchObject({
      inviteCode: 'Invite code is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneNumber: 'Phone number is required',
      address: 'Address is required',
      birthdate: 'Date of birth is required',
      businessName: 'Business name is required',
      minimumPrice: 'Minimum price must be at least £1',
      availability: 'Please set at least one day of availability',
    });
    expect(
      errorsOf(RegisterWithInviteRequestSchema, { ...body(), inviteCode: 'x'.repeat(129) }).inviteCode,
    ).toBe('Must be at most 128 characters');
    expect(
      errorsOf(RegisterWithInviteRequestSchema, { ...body(), businessDescription: 'x'.repeat(1001) }),
    ).toEqual({
      businessDescription: 'Must be at most 1000 characters',
    });
    expect(errorsOf(RegisterWithInviteRequestSchema, { ...body(), address: 'x'.repeat(5000) }).address).toBe(
      'Must be at most 1000 characters',
    );
  });
  it('refuses control characters in the invite code and the description (line breaks allowed there)', () => {
    expect(errorsOf(RegisterWithInviteRequestSchema, { ...body(), inviteCode: 'abc\u0000' }).inviteCode).toBe(
      'Contains invalid characters',
    );
    expect(
      errorsOf(RegisterWithInviteRequestSchema, { ...body(), businessDescription: 'Fades\u001b[31m' })
        .businessDescription,
    ).toBe('Contains invalid characters');
    expect(
      parseOk(RegisterWithInviteRequestSchema, { ...body(), businessDescription: 'Fades\n\tBeards' })
        .businessDescription,
    ).toBe('Fades\n\tBeards');
  });
});

describe('invite check and sending', () => {
  it('verify-invite needs a code', () => {
    expect(errorsOf(VerifyInviteRequestSchema, { inviteCode: 'abc' })).toEqual({});
    expect(errorsOf(VerifyInviteRequestSchema, { inviteCode: ' ' }).inviteCode).toBe(
      'Invite code is required',
    );
  });

  it("shows the spec's text for an invalid or expired invite", () => {
    expect(inviteProblemMessage({ valid: true, expired: false })).toBeNull();
    expect(inviteProblemMessage({ valid: false, expired: true })).toBe(
      'This invitation has expired. Please contact an administrator for a new invitation.',
    );
    expect(inviteProblemMessage({ valid: false, expired: false })).toBe(
      'This invitation link is invalid or has already been used.',
    );
  });

  it("send-business-invite: 'Please enter an email address' when empty", () => {
    expect(errorsOf(SendInviteRequestSchema, { email: '' }).email).toBe('Please enter an email address');
    expect(errorsOf(SendInviteRequestSchema, {}).email).toBe('Please enter an email address');
    expect(errorsOf(SendInviteRequestSchema, { email: 'nope' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(parseOk(SendInviteRequestSchema, { email: ' New@Shop.com ' }).email).toBe('new@shop.com');
  });

  it("the invite confirm screen: 'Confirmation code is required', then 6 digits", () => {
    expect(errorsOf(InviteConfirmFormSchema, { code: '' }).code).toBe('Confirmation code is required');
    expect(errorsOf(InviteConfirmFormSchema, { code: '12345' }).code).toBe(
      'Please check your confirmation code',
    );
    expect(errorsOf(InviteConfirmFormSchema, { code: '123456' })).toEqual({});
  });
});
