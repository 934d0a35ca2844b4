import { z } from 'zod';
import { EMAIL_PATTERN, PERSON_NAME_PATTERN, UK_POSTCODE_PATTERN } from './auth';
import {
  CANCELLATION_NOTICE_HOURS_MAX,
  CANCELLATION_NOTICE_HOURS_MIN,
  MAX_ADDRESS_PART_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_JOINED_ADDRESS_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_POSTCODE_LENGTH,
  PROFILE_NAME_MIN_LENGTH,
} from './constants';
import { MESSAGES } from './messages';
import { normalisePhone } from './phones';
import { inappropriateContentError } from './profanity';
import { parseWholePounds, ruleString } from './zod-helpers';

/** Spec §5 profile form: BT, 1-2 digits, optional space, a digit and two letters, any case. */
export const NI_POSTCODE_PATTERN = /^BT\d{1,2} ?\d[A-Z]{2}$/i;
/** Spec §5 profile form: a plus sign, a 1-3 digit country code, then 7-15 digits. */
export const PROFILE_PHONE_PATTERN = /^\+\d{1,3}\d{7,15}$/;
/** A UK number as dialled at home: 0 and 10 digits ('07123456789', '02890123456'). */

/** The field names used in '{field} contains inappropriate content'. */
export const ADDRESS_FIELD_LABELS = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City/Town',
} as const;

// ---- Field rules (first broken rule's message, or null) -----------------------------------------

const NAME_MESSAGES = {
  first: {
    required: MESSAGES.firstNameRequired,
    min: MESSAGES.firstNameMin,
    letters: MESSAGES.firstNameLetters,
  },
  last: { required: MESSAGES.lastNameRequired, min: MESSAGES.lastNameMin, letters: MESSAGES.lastNameLetters },
} as const;

/** Profile first or last name: required, then at least 2 characters, then a person's name (letters, ' ’ - and single spaces). */
export function profileNameError(value: string, which: 'first' | 'last'): string | null {
  const messages = NAME_MESSAGES[which];
  const name = value.trim();
  if (!name) return messages.required;
  if (name.length < PROFILE_NAME_MIN_LENGTH) return messages.min;
  if (!PERSON_NAME_PATTERN.test(name)) return messages.letters;
  return null;
}

export function profileEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : MESSAGES.validEmailAddress;
}

/** The profile phone as stored (api-contract §8.1, `normalisePhone`). */
export const normaliseProfilePhone = normalisePhone;

export function profilePhoneError(value: string): string | null {
  const phone = normaliseProfilePhone(value);
  if (!phone) return MESSAGES.phoneRequired;
  return PROFILE_PHONE_PATTERN.test(phone) ? null : MESSAGES.profilePhoneFormat;
}

export const isNiPostcode = (value: string) => NI_POSTCODE_PATTERN.test(value.trim());

export function niPostcodeError(value: string): string | null {
  const postcode = value.trim();
  if (!postcode) return MESSAGES.postcodeRequired;
  return isNiPostcode(postcode) ? null : MESSAGES.niPostcode;
}

/** Upper case with one space before the inward code: 'bt11aa' → 'BT1 1AA'. */
export function formatPostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function addressLine1Error(value: string): string | null {
  if (!value.trim()) return MESSAGES.profileAddressLine1Required;
  return inappropriateContentError(value, ADDRESS_FIELD_LABELS.line1);
}

export function addressLine2Error(value: string): string | null {
  return inappropriateContentError(value, ADDRESS_FIELD_LABELS.line2);
}

export function cityError(value: string): string | null {
  if (!value.trim()) return MESSAGES.cityTownRequired;
  return inappropriateContentError(value, ADDRESS_FIELD_LABELS.city);
}

// ---- Address joining ----------------------------------------------------------------------------

/** A customer address as the profile form edits it. */
export interface AddressParts {
  line1: string;
  /** Optional; '' when absent. */
  line2?: string;
  city: string;
  postcode: string;
}

/**
 * The stored form of a customer address (spec §3): line 1, optional line 2, city and postcode
 * joined with ', '. Empty parts are left out; the postcode is upper-cased with its single space.
 */
export function joinAddress(parts: AddressParts): string {
  const postcode = parts.postcode.trim() ? formatPostcode(parts.postcode) : '';
  return [parts.line1, parts.line2 ?? '', parts.city, postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Reads a stored address back into its parts. Splits on commas and new lines; the last part is
 * the postcode when it looks like any UK postcode, the one before it the city, the first line 1,
 * and anything between them line 2. Sign-up addresses ('line, town, postcode') and invite
 * addresses (free text over several lines) read back sensibly too.
 */
export function splitAddress(address: string): Required<AddressParts> {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1);
  const postcode = last !== undefined && UK_POSTCODE_PATTERN.test(last) ? (parts.pop() ?? '') : '';
  const city = parts.length >= 2 ? (parts.pop() ?? '') : '';
  const line1 = parts.shift() ?? '';
  return { line1, line2: parts.join(', '), city, postcode };
}

/** The first problem with a joined customer address, checked part by part as the form does. */
export function joinedAddressError(address: string): string | null {
  const parts = splitAddress(address);
  return (
    addressLine1Error(parts.line1) ??
    addressLine2Error(parts.line2) ??
    cityError(parts.city) ??
    niPostcodeError(parts.postcode)
  );
}

// ---- The profile form (web) ---------------------------------------------------------------------

const addressFields = {
  addressLine1: ruleString(MAX_ADDRESS_PART_LENGTH, addressLine1Error, MESSAGES.profileAddressLine1Required),
  addressLine2: ruleString(MAX_ADDRESS_PART_LENGTH, addressLine2Error).optional().default(''),
  city: ruleString(MAX_ADDRESS_PART_LENGTH, cityError, MESSAGES.cityTownRequired),
  postcode: ruleString(MAX_POSTCODE_LENGTH, niPostcodeError, MESSAGES.postcodeRequired),
};

const personFields = {
  firstName: ruleString(
    MAX_NAME_LENGTH,
    (value) => profileNameError(value, 'first'),
    MESSAGES.firstNameRequired,
  ),
  lastName: ruleString(
    MAX_NAME_LENGTH,
    (value) => profileNameError(value, 'last'),
    MESSAGES.lastNameRequired,
  ),
  email: ruleString(MAX_EMAIL_LENGTH, profileEmailError, MESSAGES.emailRequired),
  phone: ruleString(MAX_PHONE_LENGTH, profilePhoneError, MESSAGES.phoneRequired).transform(
    normaliseProfilePhone,
  ),
};

/** Business profile form (admin Profile tab): no address, which is sent for customers only. */
export const BusinessProfileFormSchema = z.object(personFields);
/** Customer profile form (spec §5 'Customer profile form'), checked on blur and on save. */
export const ProfileFormSchema = z.object({ ...personFields, ...addressFields });
export type ProfileForm = z.input<typeof ProfileFormSchema>;
export type BusinessProfileForm = z.input<typeof BusinessProfileFormSchema>;

/**
 * The form's errors, one message per field (empty when Save may be enabled). Pass
 * `includeAddress: false` for a business, whose form has no address.
 */
export function validateProfileForm(
  values: ProfileForm | BusinessProfileForm,
  { includeAddress = true }: { includeAddress?: boolean } = {},
): Partial<Record<keyof ProfileForm, string>> {
  const schema = includeAddress ? ProfileFormSchema : BusinessProfileFormSchema;
  const result = schema.safeParse(values);
  const errors: Partial<Record<keyof ProfileForm, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ProfileForm;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Both readings of a fetched profile (spec §3): the API's FirstName/... and the lower-camel
 * firstName/.../phone/address.
 */
export interface ProfileLike {
  FirstName?: string | null;
  LastName?: string | null;
  Email?: string | null;
  PhoneNumber?: string | null;
  Address?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
}

/** The profile form's starting values from a fetched profile. */
export function profileFormFromProfile(profile: ProfileLike): Required<ProfileForm> {
  const address = splitAddress(profile.Address ?? profile.address ?? '');
  return {
    firstName: profile.FirstName ?? profile.firstName ?? '',
    lastName: profile.LastName ?? profile.lastName ?? '',
    email: profile.Email ?? profile.email ?? '',
    phone: profile.PhoneNumber ?? profile.phone ?? '',
    addressLine1: address.line1,
    addressLine2: address.line2,
    city: address.city,
    postcode: address.postcode,
  };
}

/** The PUT /user/update payload from a valid form; Address only for customers. */
export function buildProfileUpdatePayload(
  form: ProfileForm | BusinessProfileForm,
  { includeAddress = true }: { includeAddress?: boolean } = {},
): ProfileUpdateRequest {
  const payload: ProfileUpdateRequest = {
    FirstName: form.firstName.trim(),
    LastName: form.lastName.trim(),
    Email: form.email.trim(),
    PhoneNumber: normaliseProfilePhone(form.phone),
  };
  if (includeAddress && 'addressLine1' in form) {
    payload.Address = joinAddress({
      line1: form.addressLine1,
      line2: form.addressLine2 ?? '',
      city: form.city,
      postcode: form.postcode,
    });
  }
  return payload;
}

// ---- PUT /user/update (api-contract §3) ---------------------------------------------------------

/** A joined customer address, stored normalised (', ' between parts, postcode 'BT1 1AA'). */
const JoinedAddressSchema = ruleString(
  MAX_JOINED_ADDRESS_LENGTH,
  joinedAddressError,
  MESSAGES.profileAddressLine1Required,
  { multiline: true }, // its parts may come one per line
).transform((address) => joinAddress(splitAddress(address)));

const profileUpdateFields = {
  FirstName: personFields.firstName,
  LastName: personFields.lastName,
  Email: personFields.email.transform((email) => email.toLowerCase()),
  PhoneNumber: personFields.phone,
};

/**
 * PUT /user/update. Same rules and messages as the profile form. Address is optional here (a
 * business sends none, and the server ignores one from a business); when present it is checked
 * part by part. Use `CustomerProfileUpdateRequestSchema` to require it.
 */
export const ProfileUpdateRequestSchema = z.object({
  ...profileUpdateFields,
  Address: JoinedAddressSchema.nullish(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>;

/** PUT /user/update from a customer: the address is required. */
export const CustomerProfileUpdateRequestSchema = z.object({
  ...profileUpdateFields,
  Address: JoinedAddressSchema,
});

/** Hours of notice as a form or a body may hold them: a number, numeric text, or empty. */
export type NoticeHoursInput = number | string | null | undefined;

/** A cancellation policy's notice: whole hours, 0 to 72 (api-contract §8.4); a decimal is refused, never rounded. */
export function cancellationNoticeError(value: NoticeHoursInput): string | null {
  const hours = parseWholePounds(value);
  if (hours === null || hours < CANCELLATION_NOTICE_HOURS_MIN || hours > CANCELLATION_NOTICE_HOURS_MAX) {
    return MESSAGES.cancellationNoticeRange;
  }
  return null;
}

/** PUT /user/cancellation-policy (Business and Admin): hours as a number or numeric text. */
export const CancellationPolicyRequestSchema = z.object({
  noticeHours: z
    .union([z.number(), z.string().max(16)], { error: MESSAGES.cancellationNoticeRange })
    .superRefine((value, ctx) => {
      const message = cancellationNoticeError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => parseWholePounds(value) as number),
});
export type CancellationPolicyRequest = z.input<typeof CancellationPolicyRequestSchema>;
