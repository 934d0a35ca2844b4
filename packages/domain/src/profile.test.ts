import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { containsProfanity, inappropriateContentError, REAL_PLACE_NAMES } from './profanity';
import {
  BusinessProfileFormSchema,
  buildProfileUpdatePayload,
  CancellationPolicyRequestSchema,
  CustomerProfileUpdateRequestSchema,
  cancellationNoticeError,
  formatPostcode,
  isNiPostcode,
  joinAddress,
  joinedAddressError,
  normaliseProfilePhone,
  type ProfileForm,
  ProfileFormSchema,
  ProfileUpdateRequestSchema,
  profileFormFromProfile,
  profileNameError,
  profilePhoneError,
  splitAddress,
  validateProfileForm,
} from './profile';
import { errorsOf, parseOk } from './test-utils';

const validForm = (overrides: Partial<ProfileForm> = {}): ProfileForm => ({
  firstName: 'Niamh',
  lastName: 'Kelly',
  email: 'niamh@example.com',
  phone: '+447123456789',
  addressLine1: '5 Scunthorpe Road',
  addressLine2: 'Sussex Street',
  city: 'Belfast',
  postcode: 'BT1 1AA',
  ...overrides,
});

describe('profile names (first name, then last name)', () => {
  it('checks required, then at least 2 characters, then letters only', () => {
    expect(profileNameError('', 'first')).toBe('First name is required');
    expect(profileNameError('   ', 'first')).toBe('First name is required');
    expect(profileNameError('J', 'first')).toBe('First name must be at least 2 characters');
    expect(profileNameError('1', 'first')).toBe('First name must be at least 2 characters');
    expect(profileNameError('J0', 'first')).toBe('First name must contain only letters');
    expect(profileNameError('Mary  Ann', 'first')).toBe('First name must contain only letters');
    expect(profileNameError('Jo', 'first')).toBeNull();
    expect(profileNameError('', 'last')).toBe('Last name is required');
    expect(profileNameError('K', 'last')).toBe('Last name must be at least 2 characters');
    expect(profileNameError('K--K', 'last')).toBe('Last name must contain only letters');
  });

  it("accepts real people's names: letters of any alphabet, ' ’ - and single inner spaces (api-contract §8.1)", () => {
    for (const name of [
      "O'Neill",
      'O’Neill',
      'Mary Ann',
      'Ann-Marie',
      'Murphy-Byrne',
      'Ciarán',
      'Zoë',
      'Ólafur',
    ]) {
      expect(profileNameError(name, 'first')).toBeNull();
      expect(profileNameError(name, 'last')).toBeNull();
    }
    for (const name of [
      "O'",
      "'Neill",
      '-Ann',
      'Ann-',
      'Mary  Ann',
      'Mary\tAnn',
      "O'-Neill",
      'Ann3',
      'Ann.',
      'Ann_Marie',
    ]) {
      expect(profileNameError(name, 'first')).toBe('First name must contain only letters');
    }
  });

  it('gives the same messages through the form schema', () => {
    expect(errorsOf(ProfileFormSchema, validForm({ firstName: 'J', lastName: '' }))).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name is required',
    });
  });
});

describe('profile email and phone', () => {
  it("email: 'Email is required', then 'Please enter a valid email address'", () => {
    expect(errorsOf(ProfileFormSchema, validForm({ email: '' })).email).toBe('Email is required');
    expect(errorsOf(ProfileFormSchema, validForm({ email: 'niamh@' })).email).toBe(
      'Please enter a valid email address',
    );
  });

  it('phone: a plus, a 1-3 digit country code, then 7-15 digits', () => {
    const format = 'Phone must be in format +countrycode followed by 7-15 digits (e.g., +447123456789)';
    expect(profilePhoneError('')).toBe('Phone number is required');
    for (const phone of ['+447123456789', '+3538712345', '+11234567', '+123123456789012345']) {
      expect(profilePhoneError(phone)).toBeNull();
    }
    for (const phone of ['447123456789', '+1234567', '+1234567890123456789', '+44abc', '087 123 4567']) {
      expect(profilePhoneError(phone)).toBe(format);
    }
  });

  it('phone: spaces, dashes and brackets are ignored; a UK number with its leading 0 is stored as +44 (api-contract §8.1)', () => {
    for (const [typed, stored] of [
      ['+44 7123 456789', '+447123456789'],
      ['07123 456789', '+447123456789'],
      ['07123-456-789', '+447123456789'],
      ['+44 (0)7123 456789', '+447123456789'],
      ['(028) 9012 3456', '+442890123456'],
      ['+353 87 123 4567', '+353871234567'],
    ]) {
      expect(profilePhoneError(typed as string)).toBeNull();
      expect(normaliseProfilePhone(typed as string)).toBe(stored);
      expect(
        parseOk(ProfileUpdateRequestSchema, { ...buildProfileUpdatePayload(validForm()), PhoneNumber: typed })
          .PhoneNumber,
      ).toBe(stored);
    }
    expect(buildProfileUpdatePayload(validForm({ phone: '07123 456789' })).PhoneNumber).toBe('+447123456789');
  });
});

describe('Northern Irish postcode (profile)', () => {
  it('is BT, 1-2 digits, optional space, a digit and two letters, any case', () => {
    for (const postcode of ['BT1 1AA', 'BT11AA', 'bt4 3hw', 'BT48 6DQ', 'Bt486dq']) {
      expect(isNiPostcode(postcode)).toBe(true);
    }
    for (const postcode of ['SW1A 1AA', 'BT123 1AA', 'BT1 1A', 'BT 1AA', 'BT1 AAA', 'D02 X285']) {
      expect(isNiPostcode(postcode)).toBe(false);
    }
  });

  it("gives 'Postcode is required' and 'Must be a valid Northern Irish postcode (e.g., BT1 1AA)'", () => {
    expect(errorsOf(ProfileFormSchema, validForm({ postcode: '' })).postcode).toBe('Postcode is required');
    expect(errorsOf(ProfileFormSchema, validForm({ postcode: 'SW1A 1AA' })).postcode).toBe(
      'Must be a valid Northern Irish postcode (e.g., BT1 1AA)',
    );
  });

  it('is formatted upper case with one space', () => {
    expect(formatPostcode('bt11aa')).toBe('BT1 1AA');
    expect(formatPostcode(' bt48  6dq ')).toBe('BT48 6DQ');
  });
});

describe('address lines and city', () => {
  it("line 1 and city are required ('Address line 1 is required', 'City/Town is required'); line 2 is optional", () => {
    expect(errorsOf(ProfileFormSchema, validForm({ addressLine1: ' ' })).addressLine1).toBe(
      'Address line 1 is required',
    );
    expect(errorsOf(ProfileFormSchema, validForm({ city: '' })).city).toBe('City/Town is required');
    expect(errorsOf(ProfileFormSchema, validForm({ addressLine2: '' }))).toEqual({});
    const { addressLine2: _omitted, ...withoutLine2 } = validForm();
    expect(parseOk(ProfileFormSchema, withoutLine2).addressLine2).toBe('');
  });

  it("rejects profanity with '{field} contains inappropriate content'", () => {
    expect(errorsOf(ProfileFormSchema, validForm({ addressLine1: '1 Shit Street' })).addressLine1).toBe(
      'Address line 1 contains inappropriate content',
    );
    expect(errorsOf(ProfileFormSchema, validForm({ addressLine2: 'FUCK lane' })).addressLine2).toBe(
      'Address line 2 contains inappropriate content',
    );
    expect(errorsOf(ProfileFormSchema, validForm({ city: 'Bastard' })).city).toBe(
      'City/Town contains inappropriate content',
    );
  });

  it('matches whole words only, in any case: real place names pass', () => {
    for (const text of [
      'Scunthorpe Road',
      'Sussex Street',
      'Middlesex',
      'Essex Way',
      'Penistone Road',
      'Cockburn Street',
      'Arsenal Avenue',
      'Shitterton',
      'Bóthar na Trá',
    ]) {
      expect(containsProfanity(text)).toBe(false);
    }
    for (const text of ['shit', 'SHIT', 'Shit Road', 'the fuck street', 'wank lane', 'arse-end']) {
      expect(containsProfanity(text)).toBe(true);
    }
    expect(inappropriateContentError('Scunthorpe Road', 'Address line 1')).toBeNull();
    expect(containsProfanity('')).toBe(false);
  });

  it('allows real place and street names that the word list flags (api-contract §8.1)', () => {
    for (const name of REAL_PLACE_NAMES) expect(containsProfanity(name)).toBe(false);
    for (const text of [
      '12 Butt Lane',
      'butt lane',
      '3 COCK LANE, Smithfield',
      'Cock  Lane',
      'Devil’s Dyke',
      'Muff',
      'Flat 2, 7 Dyke Road',
      'Scunthorpe',
    ]) {
      expect(containsProfanity(text)).toBe(false);
    }
    expect(
      errorsOf(
        ProfileFormSchema,
        validForm({ addressLine1: '4 Butt Lane', addressLine2: 'Cock Lane', city: 'Muff' }),
      ),
    ).toEqual({});
    expect(joinedAddressError('1 Cock Lane, Butt Lane, Scunthorpe, BT1 1AA')).toBeNull();
  });

  it('still refuses profanity next to, inside or instead of a real name', () => {
    for (const text of ['Butt', 'Cock', 'Cock Lane Shit', 'Shit Lane, Butt Lane', 'Buttlane cock', 'Dyke']) {
      expect(containsProfanity(text)).toBe(true);
    }
    expect(errorsOf(ProfileFormSchema, validForm({ addressLine1: '1 Shit Lane' })).addressLine1).toBe(
      'Address line 1 contains inappropriate content',
    );
  });
});

describe('validateProfileForm', () => {
  it('is empty when Save may be enabled, one message per field otherwise', () => {
    expect(validateProfileForm(validForm())).toEqual({});
    expect(validateProfileForm(validForm({ phone: '', postcode: 'x' }))).toEqual({
      phone: 'Phone number is required',
      postcode: 'Must be a valid Northern Irish postcode (e.g., BT1 1AA)',
    });
  });

  it('leaves the address out for a business', () => {
    const business = {
      firstName: 'Sean',
      lastName: 'Barber',
      email: 'sean@example.com',
      phone: '+447123456789',
    };
    expect(validateProfileForm(business, { includeAddress: false })).toEqual({});
    expect(errorsOf(BusinessProfileFormSchema, { ...business, firstName: '' }).firstName).toBe(
      'First name is required',
    );
  });

  it('caps each field', () => {
    expect(validateProfileForm(validForm({ addressLine1: 'a'.repeat(101) })).addressLine1).toBe(
      'Must be at most 100 characters',
    );
  });
});

describe('joinAddress / splitAddress', () => {
  it('stores line 1, optional line 2, city and postcode comma-joined', () => {
    expect(joinAddress({ line1: '5 Main St', line2: 'Apt 2', city: 'Belfast', postcode: 'bt11aa' })).toBe(
      '5 Main St, Apt 2, Belfast, BT1 1AA',
    );
    expect(joinAddress({ line1: ' 5 Main St ', line2: '  ', city: 'Belfast', postcode: 'BT1 1AA' })).toBe(
      '5 Main St, Belfast, BT1 1AA',
    );
    expect(joinAddress({ line1: '5 Main St', city: 'Belfast', postcode: 'BT1 1AA' })).toBe(
      '5 Main St, Belfast, BT1 1AA',
    );
  });

  it('reads back what it joined', () => {
    const parts = { line1: '5 Main St', line2: 'Apt 2', city: 'Belfast', postcode: 'BT1 1AA' };
    expect(splitAddress(joinAddress(parts))).toEqual(parts);
    expect(splitAddress('5 Main St, Belfast, BT1 1AA')).toEqual({
      line1: '5 Main St',
      line2: '',
      city: 'Belfast',
      postcode: 'BT1 1AA',
    });
  });

  it('reads sign-up and invite addresses and partial ones sensibly', () => {
    expect(splitAddress('12 Lisburn Road, Belfast, SW1A 1AA')).toEqual({
      line1: '12 Lisburn Road',
      line2: '',
      city: 'Belfast',
      postcode: 'SW1A 1AA',
    });
    expect(splitAddress('Unit 4\nHigh Street\nNewry\nBT34 1AA')).toEqual({
      line1: 'Unit 4',
      line2: 'High Street',
      city: 'Newry',
      postcode: 'BT34 1AA',
    });
    expect(splitAddress('Flat 1, 2 Main St, Lower Road, Derry, BT48 6AA').line2).toBe(
      '2 Main St, Lower Road',
    );
    expect(splitAddress('5 Main St, Belfast')).toEqual({
      line1: '5 Main St',
      line2: '',
      city: 'Belfast',
      postcode: '',
    });
    expect(splitAddress('')).toEqual({ line1: '', line2: '', city: '', postcode: '' });
  });
});

describe('profile form from a fetched profile', () => {
  it('reads both the API names and the lower-camel reading', () => {
    const expected = {
      firstName: 'Niamh',
      lastName: 'Kelly',
      email: 'n@example.com',
      phone: '+447123456789',
      addressLine1: '5 Main St',
      addressLine2: '',
      city: 'Belfast',
      postcode: 'BT1 1AA',
    };
    expect(
      profileFormFromProfile({
        FirstName: 'Niamh',
        LastName: 'Kelly',
        Email: 'n@example.com',
        PhoneNumber: '+447123456789',
        Address: '5 Main St, Belfast, BT1 1AA',
      }),
    ).toEqual(expected);
    expect(
      profileFormFromProfile({
        firstName: 'Niamh',
        lastName: 'Kelly',
        email: 'n@example.com',
        phone: '+447123456789',
        address: '5 Main St, Belfast, BT1 1AA',
      }),
    ).toEqual(expected);
  });
});

describe('PUT /user/update body', () => {
  const body = () => buildProfileUpdatePayload(validForm());

  it('is built from the form, Address for customers only', () => {
    expect(body()).toEqual({
      FirstName: 'Niamh',
      LastName: 'Kelly',
      Email: 'niamh@example.com',
      PhoneNumber: '+447123456789',
      Address: '5 Scunthorpe Road, Sussex Street, Belfast, BT1 1AA',
    });
    expect(buildProfileUpdatePayload(validForm(), { includeAddress: false })).not.toHaveProperty('Address');
    // A business's form has no address fields at all.
    const { firstName, lastName, email, phone } = validForm();
    expect(
      buildProfileUpdatePayload({ firstName, lastName, email, phone }, { includeAddress: false }),
    ).toEqual({
      FirstName: 'Niamh',
      LastName: 'Kelly',
      Email: 'niamh@example.com',
      PhoneNumber: '+447123456789',
    });
  });

  it('accepts the built payload, with or without an address', () => {
    expect(parseOk(ProfileUpdateRequestSchema, body())).toMatchObject({ FirstName: 'Niamh' });
    const { Address: _omitted, ...business } = body();
    expect(errorsOf(ProfileUpdateRequestSchema, business)).toEqual({});
    expect(errorsOf(ProfileUpdateRequestSchema, { ...business, Address: null })).toEqual({});
    expect(errorsOf(CustomerProfileUpdateRequestSchema, business).Address).toBe('Address line 1 is required');
  });

  it("uses the profile form's messages", () => {
    expect(
      errorsOf(ProfileUpdateRequestSchema, { ...body(), FirstName: 'A', LastName: 'B2c', Email: '' }),
    ).toEqual({
      FirstName: 'First name must be at least 2 characters',
      LastName: 'Last name must contain only letters',
      Email: 'Email is required',
    });
    expect(errorsOf(ProfileUpdateRequestSchema, { ...body(), PhoneNumber: '0712' }).PhoneNumber).toBe(
      'Phone must be in format +countrycode followed by 7-15 digits (e.g., +447123456789)',
    );
    expect(errorsOf(ProfileUpdateRequestSchema, {}).FirstName).toBe('First name is required');
  });

  it('checks the joined address part by part', () => {
    const addressError = (Address: string) =>
      errorsOf(ProfileUpdateRequestSchema, { ...body(), Address }).Address;
    expect(addressError('5 Main St, Belfast')).toBe('Postcode is required');
    expect(addressError('5 Main St, Belfast, SW1A 1AA')).toBe(
      'Must be a valid Northern Irish postcode (e.g., BT1 1AA)',
    );
    expect(addressError('5 Main St, BT1 1AA')).toBe('City/Town is required');
    expect(addressError('BT1 1AA')).toBe('Address line 1 is required');
    expect(addressError('5 Shit St, Belfast, BT1 1AA')).toBe('Address line 1 contains inappropriate content');
    expect(addressError('5 Main St, wank lane, Belfast, BT1 1AA')).toBe(
      'Address line 2 contains inappropriate content',
    );
    expect(addressError('5 Main St, Shit, BT1 1AA')).toBe('City/Town contains inappropriate content');
    expect(addressError('x'.repeat(407))).toBe('Must be at most 406 characters');
  });

  it('stores the address normalised and the email in lower case', () => {
    const parsed = parseOk(ProfileUpdateRequestSchema, {
      ...body(),
      Email: 'Niamh@Example.COM',
      Address: '5 Main St\nBelfast\nbt11aa',
    });
    expect(parsed.Email).toBe('niamh@example.com');
    expect(parsed.Address).toBe('5 Main St, Belfast, BT1 1AA');
  });
});

describe('cancellation policy (PUT /user/cancellation-policy)', () => {
  it('takes whole hours from 0 to 72, as a number or numeric text', () => {
    expect(parseOk(CancellationPolicyRequestSchema, { noticeHours: 0 })).toEqual({ noticeHours: 0 });
    expect(parseOk(CancellationPolicyRequestSchema, { noticeHours: '24' })).toEqual({ noticeHours: 24 });
    expect(parseOk(CancellationPolicyRequestSchema, { noticeHours: 72 })).toEqual({ noticeHours: 72 });
  });

  it.each([-1, 73, 2.5, '2.5', '', 'abc', null, true])('refuses %j', (noticeHours) => {
    expect(errorsOf(CancellationPolicyRequestSchema, { noticeHours }).noticeHours).toBe(
      MESSAGES.cancellationNoticeRange,
    );
  });

  it('refuses a missing value', () => {
    expect(errorsOf(CancellationPolicyRequestSchema, {}).noticeHours).toBe(MESSAGES.cancellationNoticeRange);
    expect(cancellationNoticeError(undefined)).toBe(MESSAGES.cancellationNoticeRange);
  });
});
