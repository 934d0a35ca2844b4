import { z } from 'zod';
import { INVITE_POSTCODE_PATTERN, lastAddressSegment } from './address-parts';
import { CONFIRMATION_CODE_PATTERN, EMAIL_PATTERN, newPasswordError, PERSON_NAME_PATTERN } from './auth';
import {
  type AvailabilityInput,
  availabilitySlotProblem,
  hasAnySlot,
  normaliseAvailabilityLenient,
} from './availability';
import { availabilityInputSchema } from './availability-schemas';
import { assertNever } from './booking-status';
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_MAX_LINES,
  ADDRESS_MIN_LENGTH,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_CODE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_INVITE_CODE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PHONE_LENGTH,
  MIN_AGE_INVITE,
  MIN_BIRTHDATE,
  MINIMUM_PRICE_DEFAULT,
} from './constants';
import type { VerifyInviteResponse } from './contract/auth';
import { ageOn, isIsoDate, todayInLondon } from './dates';
import { atMostCharacters, MESSAGES } from './messages';
import { normalisePhone } from './phones';
import { MinimumPriceSchema } from './price-schemas';
import { minimumPriceError, type PriceInput, parseWholePounds } from './prices';
import { hasInvalidCharacters, ruleString, safeText } from './zod-helpers';

/** Spec §5 invite phone, after removing spaces (and dashes and brackets, api-contract §8.1): optional +, a non-zero digit, then 1-14 digits. */
export const INVITE_PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
/** Text that starts like a BT postcode ('BT' then a digit, a space, or nothing). */
export { INVITE_POSTCODE_PATTERN, lastAddressSegment };

const LOOKS_LIKE_BT_POSTCODE = /^BT(\d|\s|$)/i;

// ---- Field rules (first broken rule's message, or null) -----------------------------------------

export function inviteNameError(value: string, which: 'first' | 'last'): string | null {
  const name = value.trim();
  if (!name) return which === 'first' ? MESSAGES.firstNameRequired : MESSAGES.lastNameRequired;
  return PERSON_NAME_PATTERN.test(name) ? null : MESSAGES.onlyLetters;
}

/**
 * The sign-up composition rule with its one message. NOTE: an empty password gets the same
 * message, since the spec gives the invite password no separate 'required' text.
 */
export const invitePasswordError = newPasswordError;

export function confirmPasswordError(password: string, confirmPassword: string): string | null {
  if (!confirmPassword) return MESSAGES.confirmYourPassword;
  return confirmPassword === password ? null : MESSAGES.passwordsDoNotMatch;
}

/**
 * The phone number as stored (api-contract §8.1, every phone field): without separators, a UK
 * number with its leading 0 in international form, as sign-up and the profile take it.
 */
export const normaliseInvitePhone = normalisePhone;

export function invitePhoneError(value: string): string | null {
  const phone = normaliseInvitePhone(value);
  if (!phone) return MESSAGES.phoneRequired;
  return INVITE_PHONE_PATTERN.test(phone) ? null : MESSAGES.invitePhoneFormat;
}

/**
 * The invite wizard's address and businessAddress rule; only the first error is returned, in the
 * spec's order. Lengths count the trimmed text; 'under 200' means 199 characters at most.
 * NOTE on the two postcode messages: when the last segment starts like a BT postcode ('BT' then
 * a digit or a space, e.g. 'BT43HW' or 'BT4  3HW') the person tried to give one, so they get the
 * format message; any other last segment ('Belfast', 'SW1A 1AA') gets 'must include'. Letters
 * may be in either case ('bt4 3hw' passes), as in the profile form's postcode rule.
 */
export function inviteAddressError(value: string): string | null {
  const address = value.trim();
  if (!address) return MESSAGES.addressRequired;
  if (address.length < ADDRESS_MIN_LENGTH) return MESSAGES.addressMinLength;
  if (address.length >= ADDRESS_MAX_LENGTH) return MESSAGES.addressMaxLength;
  const lines = address.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length > ADDRESS_MAX_LINES) return MESSAGES.addressMaxLines;
  const postcode = lastAddressSegment(address);
  if (INVITE_POSTCODE_PATTERN.test(postcode)) return null;
  return LOOKS_LIKE_BT_POSTCODE.test(postcode)
    ? MESSAGES.addressPostcodeFormat
    : MESSAGES.addressNeedsPostcode;
}

/** Date of birth in the invite wizard: required, a real date, not in the future, 16 or older. */
export function inviteBirthdateError(value: string, today: string = todayInLondon()): string | null {
  const birthdate = value.trim();
  if (!birthdate) return MESSAGES.birthdateRequired;
  if (!isIsoDate(birthdate) || birthdate < MIN_BIRTHDATE) return MESSAGES.invalidDate;
  if (birthdate > today) return MESSAGES.birthdateFuture;
  return ageOn(birthdate, today) < MIN_AGE_INVITE ? MESSAGES.atLeast16 : null;
}

export function businessNameError(value: string): string | null {
  return value.trim() ? null : MESSAGES.businessNameRequired;
}

/**
 * At least one day with a range. As the spec says, the wizard does not check a range's order
 * (the server does, see `RegisterWithInviteRequestSchema`).
 */
export function inviteAvailabilityError(availability: AvailabilityInput | null | undefined): string | null {
  return hasAnySlot(normaliseAvailabilityLenient(availability)) ? null : MESSAGES.availabilityRequired;
}

// ---- The wizard (web) ---------------------------------------------------------------------------

export interface InviteWizardValues {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  phoneNumber: string;
  address: string;
  birthdate: string;
  businessName: string;
  businessAddress: string;
  businessDescription: string;
  /** Enabled days only, ranges as {start, end} or 'HH:MM-HH:MM'. */
  availability: AvailabilityInput;
  /** A number, or the number input's text. */
  minimumPrice: PriceInput;
  homeVisitsEnabled: boolean;
}
export type InviteField = keyof InviteWizardValues;

export const INVITE_STEPS = [1, 2, 3, 4] as const;
export type InviteStep = (typeof INVITE_STEPS)[number];

/** The fields each step shows: 1 Personal Information, 2 Shop Details, 3 Business Hours, 4 Pricing & Services. */
export const INVITE_STEP_FIELDS: Readonly<Record<InviteStep, readonly InviteField[]>> = {
  1: ['firstName', 'lastName', 'password', 'confirmPassword', 'phoneNumber', 'address', 'birthdate'],
  2: ['businessName', 'businessAddress', 'businessDescription'],
  3: ['availability'],
  4: ['minimumPrice', 'homeVisitsEnabled'],
};

export function emptyInviteWizardValues(): InviteWizardValues {
  return {
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
    phoneNumber: '',
    address: '',
    birthdate: '',
    businessName: '',
    businessAddress: '',
    businessDescription: '',
    availability: {},
    minimumPrice: MINIMUM_PRICE_DEFAULT,
    homeVisitsEnabled: false,
  };
}

const capped = (value: string, max: number) => (value.length > max ? atMostCharacters(max) : null);

/** The first problem of one wizard field, or null. */
export function inviteFieldError(
  field: InviteField,
  values: InviteWizardValues,
  today: string = todayInLondon(),
): string | null {
  switch (field) {
    case 'firstName':
      return capped(values.firstName, MAX_NAME_LENGTH) ?? inviteNameError(values.firstName, 'first');
    case 'lastName':
      return capped(values.lastName, MAX_NAME_LENGTH) ?? inviteNameError(values.lastName, 'last');
    case 'password':
      return capped(values.password, MAX_PASSWORD_LENGTH) ?? invitePasswordError(values.password);
    case 'confirmPassword':
      return confirmPasswordError(values.password, values.confirmPassword);
    case 'phoneNumber':
      return capped(values.phoneNumber, MAX_PHONE_LENGTH) ?? invitePhoneError(values.phoneNumber);
    case 'address':
      return inviteAddressError(values.address);
    case 'birthdate':
      return inviteBirthdateError(values.birthdate, today);
    case 'businessName':
      return capped(values.businessName, MAX_BUSINESS_NAME_LENGTH) ?? businessNameError(values.businessName);
    case 'businessAddress':
      return inviteAddressError(values.businessAddress);
    case 'businessDescription':
      return capped(values.businessDescription.trim(), MAX_DESCRIPTION_LENGTH);
    case 'availability':
      return inviteAvailabilityError(values.availability);
    case 'minimumPrice':
      return minimumPriceError(values.minimumPrice);
    case 'homeVisitsEnabled':
      return null;
    default:
      return assertNever(field);
  }
}

/** The errors of one step's fields (empty when Continue may advance). */
export function validateInviteStep(
  step: InviteStep,
  values: InviteWizardValues,
  today: string = todayInLondon(),
): Partial<Record<InviteField, string>> {
  const errors: Partial<Record<InviteField, string>> = {};
  for (const field of INVITE_STEP_FIELDS[step]) {
    const message = inviteFieldError(field, values, today);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The errors of every step (empty when 'Complete Registration' may submit). */
export function validateInviteWizard(
  values: InviteWizardValues,
  today: string = todayInLondon(),
): Partial<Record<InviteField, string>> {
  return Object.assign({}, ...INVITE_STEPS.map((step) => validateInviteStep(step, values, today)));
}

/** The first step with an error, or null when the whole wizard is valid. */
export function firstInvalidInviteStep(
  values: InviteWizardValues,
  today: string = todayInLondon(),
): InviteStep | null {
  return INVITE_STEPS.find((step) => Object.keys(validateInviteStep(step, values, today)).length > 0) ?? null;
}

/**
 * The POST /auth/register-with-invite payload from valid wizard values (spec §3): minimumPrice an
 * integer, availability as {start, end} ranges, businessDescription only when non-blank.
 */
export function buildInviteRegistrationPayload(
  inviteCode: string,
  values: InviteWizardValues,
): RegisterWithInviteRequest {
  const payload: RegisterWithInviteRequest = {
    inviteCode,
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: normaliseInvitePhone(values.phoneNumber),
    address: values.address.trim(),
    birthdate: values.birthdate.trim(),
    businessName: values.businessName.trim(),
    businessAddress: values.businessAddress.trim(),
    minimumPrice: parseWholePounds(values.minimumPrice) ?? 0,
    homeVisitsEnabled: values.homeVisitsEnabled,
    availability: normaliseAvailabilityLenient(values.availability),
  };
  const description = values.businessDescription.trim();
  if (description) payload.businessDescription = description;
  return payload;
}

// ---- Request bodies (api-contract §2) -----------------------------------------------------------

export const InviteCodeSchema = safeText(MAX_INVITE_CODE_LENGTH, MESSAGES.inviteCodeRequired)
  .trim()
  .min(1, MESSAGES.inviteCodeRequired);

/** Long enough that an over-long address gets the spec's 'less than 200' message, not the cap's. */
const ADDRESS_CAP = 5 * ADDRESS_MAX_LENGTH;

// Multi-line (a textarea): line breaks and tabs are allowed, other control characters are not.
/** The wizard's address and businessAddress (also PUT /user/business-profile's BusinessAddress). */
export const InviteAddressSchema = ruleString(ADDRESS_CAP, inviteAddressError, MESSAGES.addressRequired, {
  multiline: true,
});

/** The wizard's optional businessDescription (also PUT /user/business-profile's): blank reads as absent. */
export const BusinessDescriptionSchema = z
  .string()
  .max(MAX_DESCRIPTION_LENGTH, atMostCharacters(MAX_DESCRIPTION_LENGTH))
  // A textarea: line breaks and tabs are fine, other control characters are not.
  .refine(
    (description) => !hasInvalidCharacters(description, { multiline: true }),
    MESSAGES.invalidCharacters,
  )
  .trim()
  .nullish()
  .transform((description) => description || undefined);

/**
 * POST /auth/register-with-invite: the wizard's rules and messages, plus what the wizard leaves to
 * the server: every range's start before its end, and no overlapping ranges on a day.
 */
export const RegisterWithInviteRequestSchema = z.object({
  inviteCode: InviteCodeSchema,
  password: z
    .string({ error: MESSAGES.passwordComposition })
    .max(MAX_PASSWORD_LENGTH, atMostCharacters(MAX_PASSWORD_LENGTH))
    .superRefine((password, ctx) => {
      const message = invitePasswordError(password);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  firstName: ruleString(MAX_NAME_LENGTH, (v) => inviteNameError(v, 'first'), MESSAGES.firstNameRequired),
  lastName: ruleString(MAX_NAME_LENGTH, (v) => inviteNameError(v, 'last'), MESSAGES.lastNameRequired),
  phoneNumber: ruleString(MAX_PHONE_LENGTH, invitePhoneError, MESSAGES.phoneRequired).transform(
    normaliseInvitePhone,
  ),
  address: InviteAddressSchema,
  birthdate: ruleString(32, (v) => inviteBirthdateError(v), MESSAGES.birthdateRequired),
  businessName: ruleString(MAX_BUSINESS_NAME_LENGTH, businessNameError, MESSAGES.businessNameRequired),
  businessAddress: InviteAddressSchema,
  minimumPrice: MinimumPriceSchema,
  homeVisitsEnabled: z.boolean({ error: MESSAGES.mustBeTrueOrFalse }).optional().default(false),
  availability: availabilityInputSchema(MESSAGES.availabilityRequired).superRefine((availability, ctx) => {
    if (!hasAnySlot(availability)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.availabilityRequired });
      return;
    }
    const problem = availabilitySlotProblem(availability);
    if (problem)
      ctx.addIssue({ code: 'custom', message: problem.message, path: problem.day ? [problem.day] : [] });
  }),
  businessDescription: BusinessDescriptionSchema,
});
export type RegisterWithInviteRequest = z.input<typeof RegisterWithInviteRequestSchema>;

/** POST /auth/verify-invite */
export const VerifyInviteRequestSchema = z.object({ inviteCode: InviteCodeSchema });
export type VerifyInviteRequest = z.input<typeof VerifyInviteRequestSchema>;

/** What the invite page shows for a checked invite: null when valid, else the spec's text. */
export function inviteProblemMessage(
  response: Pick<VerifyInviteResponse, 'valid' | 'expired'>,
): string | null {
  if (response.valid) return null;
  return response.expired ? MESSAGES.inviteExpired : MESSAGES.inviteInvalidOrUsed;
}

/** POST /auth/send-business-invite (and the admin's Invite Business form). */
export const SendInviteRequestSchema = z.object({
  email: ruleString(
    MAX_EMAIL_LENGTH,
    (email) =>
      !email ? MESSAGES.inviteEmailRequired : EMAIL_PATTERN.test(email) ? null : MESSAGES.validEmailAddress,
    MESSAGES.inviteEmailRequired,
  ).transform((email) => email.toLowerCase()),
});
export type SendInviteRequest = z.input<typeof SendInviteRequestSchema>;

/** The invite flow's confirm screen: 'Confirmation code is required', then 6 digits. */
export const InviteConfirmFormSchema = z.object({
  code: ruleString(
    MAX_CODE_LENGTH,
    (code) =>
      !code
        ? MESSAGES.confirmationCodeRequired
        : CONFIRMATION_CODE_PATTERN.test(code)
          ? null
          : MESSAGES.checkConfirmationCode,
    MESSAGES.confirmationCodeRequired,
  ),
});
