import { describe, expect, it } from 'vitest';
import { BusinessProfileRequestSchema, businessProfileFormErrors } from './business-profile';
import { MAX_BUSINESS_NAME_LENGTH, MAX_DESCRIPTION_LENGTH } from './constants';
import { inviteAddressError, RegisterWithInviteRequestSchema } from './invite';
import { errorsOf, parseOk } from './test-utils';

const valid = (overrides: Record<string, unknown> = {}) => ({
  BusinessName: 'Fade Street',
  BusinessAddress: '2 High Street, Belfast, BT1 2AB',
  BusinessDescription: 'Skin fades and beard trims.',
  showFullAddress: true,
  ...overrides,
});

describe('PUT /user/business-profile request', () => {
  it('accepts the four fields, trimmed', () => {
    expect(
      parseOk(
        BusinessProfileRequestSchema,
        valid({ BusinessName: '  Fade Street ', BusinessAddress: ' 2 High Street\nBelfast\nBT1 2AB ' }),
      ),
    ).toEqual({
      BusinessName: 'Fade Street',
      BusinessAddress: '2 High Street\nBelfast\nBT1 2AB',
      BusinessDescription: 'Skin fades and beard trims.',
      showFullAddress: true,
    });
  });

  it('a blank or missing description is stored as empty', () => {
    expect(
      parseOk(BusinessProfileRequestSchema, valid({ BusinessDescription: '   ' })).BusinessDescription,
    ).toBe('');
    expect(
      parseOk(BusinessProfileRequestSchema, valid({ BusinessDescription: undefined })).BusinessDescription,
    ).toBe('');
    expect(
      parseOk(BusinessProfileRequestSchema, valid({ BusinessDescription: null })).BusinessDescription,
    ).toBe('');
  });

  it("has the invite wizard's business name rule and message", () => {
    expect(errorsOf(BusinessProfileRequestSchema, valid({ BusinessName: '  ' })).BusinessName).toBe(
      'Business name is required',
    );
    expect(errorsOf(BusinessProfileRequestSchema, valid({ BusinessName: undefined })).BusinessName).toBe(
      'Business name is required',
    );
    const long = 'a'.repeat(MAX_BUSINESS_NAME_LENGTH + 1);
    expect(errorsOf(BusinessProfileRequestSchema, valid({ BusinessName: long })).BusinessName).toBe(
      errorsOf(RegisterWithInviteRequestSchema, { businessName: long }).businessName,
    );
  });

  it("has the invite wizard's address rules and messages, first error only", () => {
    const cases: Array<[string, string]> = [
      ['', 'Address is required'],
      ['BT1 2AB', 'Address must be at least 10 characters long'],
      [`${'x'.repeat(200)}, BT1 2AB`, 'Address must be less than 200 characters'],
      ['1 A St\n2 B St\nC\nD\nBT1 2AB', 'Address must not exceed 4 lines'],
      ['2 High Street, Belfast', 'Address must include a Northern Irish postcode (e.g., BT4 3HW)'],
      ['2 High Street, Belfast, SW1A 1AA', 'Address must include a Northern Irish postcode (e.g., BT4 3HW)'],
      [
        '2 High Street, Belfast, BT12AB',
        'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)',
      ],
    ];
    for (const [BusinessAddress, message] of cases) {
      expect(
        errorsOf(BusinessProfileRequestSchema, valid({ BusinessAddress })).BusinessAddress,
        BusinessAddress,
      ).toBe(message);
      expect(inviteAddressError(BusinessAddress)).toBe(message);
    }
  });

  it("has the wizard's description cap and refuses control characters", () => {
    expect(
      errorsOf(
        BusinessProfileRequestSchema,
        valid({ BusinessDescription: 'a'.repeat(MAX_DESCRIPTION_LENGTH + 1) }),
      ).BusinessDescription,
    ).toBe(`Must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
    expect(
      errorsOf(BusinessProfileRequestSchema, valid({ BusinessDescription: 'Fades\u0000' }))
        .BusinessDescription,
    ).toBe('Contains invalid characters');
    expect(
      parseOk(BusinessProfileRequestSchema, valid({ BusinessDescription: 'Fades\nBeards' }))
        .BusinessDescription,
    ).toBe('Fades\nBeards');
  });

  it('refuses profanity in each field with "{field} contains inappropriate content", real place names aside', () => {
    expect(errorsOf(BusinessProfileRequestSchema, valid({ BusinessName: 'Shit Cuts' })).BusinessName).toBe(
      'Business name contains inappropriate content',
    );
    expect(
      errorsOf(BusinessProfileRequestSchema, valid({ BusinessAddress: '2 Shit Road, Belfast, BT1 2AB' }))
        .BusinessAddress,
    ).toBe('Business address contains inappropriate content');
    expect(
      errorsOf(BusinessProfileRequestSchema, valid({ BusinessDescription: 'No shit haircuts' }))
        .BusinessDescription,
    ).toBe('Business description contains inappropriate content');
    expect(
      errorsOf(BusinessProfileRequestSchema, valid({ BusinessAddress: '4 Butt Lane, Belfast, BT1 2AB' })),
    ).toEqual({});
  });

  it('showFullAddress must be a boolean', () => {
    expect(errorsOf(BusinessProfileRequestSchema, valid({ showFullAddress: 'no' })).showFullAddress).toBe(
      'Must be true or false',
    );
    expect(
      errorsOf(BusinessProfileRequestSchema, valid({ showFullAddress: undefined })).showFullAddress,
    ).toBe('Must be true or false');
    expect(parseOk(BusinessProfileRequestSchema, valid({ showFullAddress: false })).showFullAddress).toBe(
      false,
    );
  });
});

describe('businessProfileFormErrors (the Edit form)', () => {
  it('gives each field its first message, and nothing when valid', () => {
    expect(businessProfileFormErrors(valid())).toEqual({});
    expect(
      businessProfileFormErrors(valid({ BusinessName: '', BusinessAddress: '2 High Street, Belfast' })),
    ).toEqual({
      BusinessName: 'Business name is required',
      BusinessAddress: 'Address must include a Northern Irish postcode (e.g., BT4 3HW)',
    });
  });
});
