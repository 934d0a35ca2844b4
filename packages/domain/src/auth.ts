import { z } from 'zod';
import {
  CODE_LENGTH,
  COUNTRY_CODES,
  MAX_ADDRESS_PART_LENGTH,
  MAX_CODE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_POSTCODE_LENGTH,
  MAX_TOKEN_LENGTH,
  MIN_AGE_SIGNUP,
  MIN_BIRTHDATE,
  PASSWORD_MIN_LENGTH,
} from './constants';
import { ageOn, isIsoDate, todayInLondon } from './dates';
import { MESSAGES } from './messages';
import { stripPhoneSeparators } from './phones';
import { ruleString, safeText } from './zod-helpers';

/** A basic email pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spec §5's special characters: a password needs one of them, and may use no others. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';
/** Spec §5: upper, lower, digit and one of @$!%*?&, 8 or more, only those characters. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;
/**
 * A person's name (api-contract §8.1, amending spec §5's letters only): letters of any alphabet
 * (with their accents) plus apostrophes (' ’), hyphens and single inner spaces, starting and
 * ending with a letter: O'Neill, Mary Ann, Ann-Marie, Murphy-Byrne, Ciarán.
 */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M}]*(?:['’ -]\p{L}[\p{L}\p{M}]*)*$/u;
/** UK postcode, any area (sign-up form). */
export const UK_POSTCODE_PATTERN = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;
export const UK_MOBILE_PATTERN = /^7\d{9}$/;
export const IE_MOBILE_PATTERN = /^8[35679]\d{7}$/;
export const CONFIRMATION_CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

export interface PasswordRequirement {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special' | 'allowed';
  label: string;
  met: boolean;
}

/** The live password checklist shown while typing (sign-up and invite wizard). */
export function passwordChecklist(password: string): PasswordRequirement[] {
  return [
    { id: 'length', label: 'At least 8 characters', met: password.length >= PASSWORD_MIN_LENGTH },
    { id: 'uppercase', label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { id: 'lowercase', label: 'One lowercase letter', met: /[a-z]/.test(password) },
    { id: 'number', label: 'One number', met: /\d/.test(password) },
    {
      id: 'special',
      label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
      met: /[@$!%*?&]/.test(password),
    },
    {
      id: 'allowed',
      label: `Only letters A–Z, numbers and ${PASSWORD_SPECIAL_CHARACTERS}`,
      met: password.length > 0 && /^[A-Za-z\d@$!%*?&]*$/.test(password),
    },
  ];
}

export const isStrongPassword = (password: string) => PASSWORD_PATTERN.test(password);

/** The spec's characters: letters A–Z, digits and @$!%*?&. */
const PASSWORD_CHARACTERS = /^[A-Za-z\d@$!%*?&]*$/;

/**
 * A new password's message (spec §5), naming the rule it breaks (issue 29, item 10): a character
 * outside the spec's ('Sláinte1!') gets its own message rather than the composition one, which it
 * meets.
 */
export function newPasswordError(password: string): string | null {
  if (!PASSWORD_CHARACTERS.test(password)) return MESSAGES.passwordCharacters;
  return PASSWORD_PATTERN.test(password) ? null : MESSAGES.passwordComposition;
}

/** Removes spaces, dashes, brackets and a leading zero a person may type in a mobile number. */
export function normaliseMobile(number: string): string {
  return stripPhoneSeparators(number).replace(/^0/, '');
}

/** The sign-up phone rule for one country code; returns the message or null. */
export function signUpPhoneError(countryCode: string, number: string): string | null {
  const digits = normaliseMobile(number);
  if (countryCode === '+44') return UK_MOBILE_PATTERN.test(digits) ? null : MESSAGES.validUkMobile;
  if (countryCode === '+353') return IE_MOBILE_PATTERN.test(digits) ? null : MESSAGES.validIeMobile;
  return MESSAGES.selectCountryCode;
}

/**
 * The sign-up date-of-birth rule; returns the message or null. Someone whose 12th birthday is
 * today may sign up (the date input's maximum is today minus 12 years).
 */
export function signUpBirthdateError(dob: string, today: string = todayInLondon()): string | null {
  if (!dob) return MESSAGES.required;
  if (!isIsoDate(dob)) return MESSAGES.invalidDate;
  if (dob > today) return MESSAGES.futureDate;
  if (dob < MIN_BIRTHDATE) return MESSAGES.invalidDate;
  if (ageOn(dob, today) < MIN_AGE_SIGNUP) return MESSAGES.over12;
  return null;
}

// ---- Field schemas ---------------------------------------------------------------------------

// Every text field refuses control characters ('Contains invalid characters'), see safeText.
const text = (max: number) => safeText(max);

export const EmailSchema = text(MAX_EMAIL_LENGTH)
  .trim()
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail)
  .transform((email) => email.toLowerCase());

export const LoginPasswordSchema = text(MAX_PASSWORD_LENGTH)
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.minimum8Characters);

export const NewPasswordSchema = text(MAX_PASSWORD_LENGTH)
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.minimum8Characters)
  .superRefine((password, ctx) => {
    const message = newPasswordError(password);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const SignUpNameSchema = text(MAX_NAME_LENGTH)
  .trim()
  .min(1, MESSAGES.required)
  .regex(PERSON_NAME_PATTERN, MESSAGES.onlyLetters);

export const ConfirmationCodeSchema = text(MAX_CODE_LENGTH)
  .trim()
  .regex(CONFIRMATION_CODE_PATTERN, MESSAGES.checkConfirmationCode);

// ---- Forms (client) --------------------------------------------------------------------------

export const LoginFormSchema = z.object({
  email: EmailSchema,
  password: LoginPasswordSchema,
});

export const SignUpFormSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: text(MAX_PASSWORD_LENGTH),
    firstName: SignUpNameSchema,
    lastName: SignUpNameSchema,
    countryCode: text(8),
    phone: text(MAX_PHONE_LENGTH),
    dob: text(10),
    addressLine1: text(MAX_ADDRESS_PART_LENGTH).trim().min(1, MESSAGES.addressLine1Required),
    postcode: text(MAX_POSTCODE_LENGTH)
      .trim()
      .min(1, MESSAGES.postcodeRequired)
      .regex(UK_POSTCODE_PATTERN, MESSAGES.validUkPostcode),
    town: text(MAX_ADDRESS_PART_LENGTH).trim().min(1, MESSAGES.townRequired),
    privacyConsent: z.literal(true, { error: MESSAGES.privacyConsentRequired }),
    marketingConsent: z.boolean().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== form.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsMustMatch });
    }
    const phoneError = signUpPhoneError(form.countryCode, form.phone);
    if (phoneError) ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneError });
    const dobError = signUpBirthdateError(form.dob);
    if (dobError) ctx.addIssue({ code: 'custom', path: ['dob'], message: dobError });
  });
export type SignUpForm = z.input<typeof SignUpFormSchema>;

export const ForgotFormSchema = z.object({ email: EmailSchema });

export const ResetFormSchema = z.object({
  resetCode: text(MAX_CODE_LENGTH).trim().min(CODE_LENGTH, MESSAGES.resetCodeTooShort),
  newPassword: NewPasswordSchema,
});

export const ConfirmFormSchema = z.object({ confirmationCode: ConfirmationCodeSchema });

/** Sign-up payload address: line 1, town and postcode joined with commas (spec §3). */
export function joinSignUpAddress(line1: string, town: string, postcode: string): string {
  return [line1, town, postcode.toUpperCase()].map((part) => part.trim()).join(', ');
}

/** Builds the POST /auth/register payload from a valid sign-up form. */
export function buildSignUpPayload(form: SignUpForm): RegisterRequest {
  return {
    email: form.email.trim().toLowerCase(),
    password: form.password,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    address: joinSignUpAddress(form.addressLine1, form.town, form.postcode),
    birthdate: form.dob,
    phoneNumber: `${form.countryCode}${normaliseMobile(form.phone)}`,
    userType: 'User',
    marketingConsent: form.marketingConsent ?? false,
  };
}

// ---- Requests (server, and the client's payload types) --------------------------------------

/** Splits a joined sign-up phone number into its country code and national number. */
export function splitSignUpPhone(phoneNumber: string): { countryCode: string; number: string } {
  const code = COUNTRY_CODES.find((candidate) => phoneNumber.startsWith(candidate));
  return code
    ? { countryCode: code, number: phoneNumber.slice(code.length) }
    : { countryCode: '', number: '' };
}

/**
 * Splits a joined sign-up address into line, town and postcode (the line may contain commas).
 * With fewer than three parts, a last part that looks like a postcode is taken as the postcode,
 * so 'Belfast, BT1 1AA' reads as a missing town rather than a missing postcode.
 */
export function splitSignUpAddress(address: string): { line1: string; town: string; postcode: string } {
  const parts = address.split(',').map((part) => part.trim());
  const last = parts.at(-1) ?? '';
  const hasPostcode = parts.length >= 3 || (parts.length === 2 && UK_POSTCODE_PATTERN.test(last));
  const postcode = hasPostcode ? (parts.pop() ?? '') : '';
  const town = parts.length >= 2 ? (parts.pop() ?? '') : '';
  return { line1: parts.join(', '), town, postcode };
}

/** The sign-up phone rule on the joined number ('+447…' or '+3538…'); the message or null. */
export function signUpJoinedPhoneError(phoneNumber: string): string | null {
  const phone = splitSignUpPhone(phoneNumber);
  return signUpPhoneError(phone.countryCode, phone.number);
}

/** A joined sign-up number as stored: '+44 7123 456789' → '+447123456789'. */
export function normaliseSignUpPhone(phoneNumber: string): string {
  const phone = splitSignUpPhone(phoneNumber.trim());
  return phone.countryCode ? `${phone.countryCode}${normaliseMobile(phone.number)}` : phoneNumber.trim();
}

/**
 * The sign-up address rule on the joined address ('line 1, town, postcode'): the message of the
 * first missing or wrong part (Address Line 1, Town, Postcode), or null.
 */
export function signUpJoinedAddressError(joined: string): string | null {
  const address = splitSignUpAddress(joined);
  if (!address.line1) return MESSAGES.addressLine1Required;
  if (!address.town) return MESSAGES.townRequired;
  if (!address.postcode) return MESSAGES.postcodeRequired;
  if (!UK_POSTCODE_PATTERN.test(address.postcode)) return MESSAGES.validUkPostcode;
  return null;
}

/**
 * POST /auth/register. NOTE: every rule is a field rule (none needs another field), so one
 * response reports every broken field at once: zod skips an object's superRefine while any field
 * fails, which would hide the phone, date-of-birth and address messages until a second attempt.
 */
export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: SignUpNameSchema,
  lastName: SignUpNameSchema,
  address: ruleString(3 * MAX_ADDRESS_PART_LENGTH, signUpJoinedAddressError),
  birthdate: ruleString(10, (dob) => signUpBirthdateError(dob)),
  phoneNumber: ruleString(MAX_PHONE_LENGTH, signUpJoinedPhoneError).transform(normaliseSignUpPhone),
  userType: z.literal('User', { error: MESSAGES.signUpUserTypeOnly }).optional().default('User'),
  /** The sign-up form's marketing box; the account's `marketing` notification setting starts here. */
  marketingConsent: z.boolean({ error: MESSAGES.mustBeTrueOrFalse }).optional().default(false),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** Login: the server only checks shape; a wrong password is a 401, not a validation error. */
export const LoginRequestSchema = z.object({
  email: text(MAX_EMAIL_LENGTH)
    .trim()
    .min(1, MESSAGES.invalidEmail)
    .transform((e) => e.toLowerCase()),
  password: text(MAX_PASSWORD_LENGTH).min(1, MESSAGES.required),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const ConfirmSignupRequestSchema = z.object({
  username: EmailSchema,
  code: ConfirmationCodeSchema,
});
export type ConfirmSignupRequest = z.input<typeof ConfirmSignupRequestSchema>;

export const UsernameRequestSchema = z.object({ username: EmailSchema });
export const ResendCodeRequestSchema = UsernameRequestSchema;
export const ForgotPasswordRequestSchema = UsernameRequestSchema;
export type UsernameRequest = z.input<typeof UsernameRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  email: EmailSchema,
  confirmationCode: text(MAX_CODE_LENGTH).trim().min(CODE_LENGTH, MESSAGES.resetCodeTooShort),
  newPassword: NewPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const RefreshRequestSchema = z.object({
  refreshToken: text(MAX_TOKEN_LENGTH).min(1, MESSAGES.required),
});
export type RefreshRequest = z.input<typeof RefreshRequestSchema>;
export const LogoutRequestSchema = RefreshRequestSchema;

export const USER_TYPES = ['User', 'Business', 'Admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** First message per field, keyed by the field's path (for forms and the API's `errors`). */
export function toFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The sign-up form while it is being filled in (the consent box may still be unticked). */
export type SignUpFormValues = Omit<SignUpForm, 'privacyConsent'> & { privacyConsent: boolean };

/**
 * Every sign-up field's first message at once, for live form validation (web). NOTE: zod skips an
 * object's superRefine while any field fails, so the cross-field rules (passwords match, phone for
 * the country code, date of birth) are also checked here independently of the other fields.
 */
export function signUpFormErrors(form: SignUpFormValues): Record<string, string> {
  const result = SignUpFormSchema.safeParse(form);
  const errors = result.success ? {} : toFieldErrors(result.error);
  if (form.confirmPassword !== form.password) errors.confirmPassword ??= MESSAGES.passwordsMustMatch;
  const phoneError = signUpPhoneError(form.countryCode, form.phone);
  if (phoneError) errors.phone ??= phoneError;
  const dobError = signUpBirthdateError(form.dob);
  if (dobError) errors.dob ??= dobError;
  return errors;
}
