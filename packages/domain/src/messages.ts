/**
 * Every user-facing string of the product spec, letter for letter, in one place.
 * Functions build the messages that carry a value.
 */
export const MESSAGES = {
  // Login (§5)
  invalidEmail: 'Invalid email',
  required: 'Required',
  minimum8Characters: 'Minimum 8 characters',
  // Sign-up (§5)
  onlyLetters: 'Only letters allowed (no spaces or special characters)',
  validUkMobile: 'Enter a valid UK mobile',
  validIeMobile: 'Enter a valid IE mobile',
  selectCountryCode: 'Select UK or IE country code',
  futureDate: 'Future date?',
  over12: 'Must be over 12 years old',
  addressLine1Required: 'Address Line 1 is required',
  postcodeRequired: 'Postcode is required',
  validUkPostcode: 'Please enter a valid UK postcode',
  townRequired: 'Town is required',
  privacyConsentRequired: 'You must accept the privacy policy and terms of service',
  passwordComposition:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  passwordsMustMatch: 'Passwords must match',
  signUpUserTypeOnly: 'Sign-up can only create customer accounts',
  // Codes and reset (§5)
  checkConfirmationCode: 'Please check your confirmation code',
  confirmationCodeRequired: 'Confirmation code is required',
  resetCodeTooShort: 'Please check your reset code',
  // Customer profile form (§5)
  firstNameRequired: 'First name is required',
  firstNameMin: 'First name must be at least 2 characters',
  firstNameLetters: 'First name must contain only letters',
  lastNameRequired: 'Last name is required',
  lastNameMin: 'Last name must be at least 2 characters',
  lastNameLetters: 'Last name must contain only letters',
  emailRequired: 'Email is required',
  validEmailAddress: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  profilePhoneFormat: 'Phone must be in format +countrycode followed by 7-15 digits (e.g., +447123456789)',
  profileAddressLine1Required: 'Address line 1 is required',
  cityTownRequired: 'City/Town is required',
  niPostcode: 'Must be a valid Northern Irish postcode (e.g., BT1 1AA)',
  // Invite wizard (§5)
  passwordsDoNotMatch: 'Passwords do not match',
  confirmYourPassword: 'Please confirm your password',
  invitePhoneFormat: 'Please enter a valid phone number (e.g., +44 7123 456789)',
  addressRequired: 'Address is required',
  addressMinLength: 'Address must be at least 10 characters long',
  addressMaxLength: 'Address must be less than 200 characters',
  addressMaxLines: 'Address must not exceed 4 lines',
  addressNeedsPostcode: 'Address must include a Northern Irish postcode (e.g., BT4 3HW)',
  addressPostcodeFormat: 'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)',
  birthdateRequired: 'Date of birth is required',
  birthdateFuture: 'Date of birth cannot be in the future',
  atLeast16: 'Must be at least 16 years old',
  businessNameRequired: 'Business name is required',
  availabilityRequired: 'Please set at least one day of availability',
  minimumPriceMin: 'Minimum price must be at least £1',
  minimumPriceMax: 'Minimum price cannot exceed £1000',
  // Availability (admin)
  noTimeSlots: 'No time slots',
  setAtLeastOneSlot: 'Please set at least one time slot before saving',
  invalidTimeSlot: 'Invalid time slot',
  // Prices and other admin rules
  counterMax: 'Maximum counter offer is £300',
  awayReasonMax: 'Reason must be 100 characters or fewer',
  inviteEmailRequired: 'Please enter an email address',
  homeVisitAddressRequired: 'Address is required for home visit bookings.',
  // Auth errors (§8)
  userNotConfirmed: 'UserNotConfirmed',
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  confirmationFailed: 'Confirmation failed',
  sendCodeFailed: 'Send code failed',
  resetFailed: 'Reset failed',
  incorrectCredentials: 'Incorrect username or password.',
  // Auth screen
  verificationRequiredTitle: 'Account Verification Required',
  stayOnPage: 'Stay on Page',
  leaveWithoutVerifying: 'Leave Without Verifying',
  // Invite flow (§8)
  invalidInvitation: 'Invalid Invitation',
  inviteExpired: 'This invitation has expired. Please contact an administrator for a new invitation.',
  inviteInvalidOrUsed: 'This invitation link is invalid or has already been used.',
  verifyingInvitation: 'Verifying invitation...',
  // Data and actions (§8)
  failedToLoadBusinesses: 'Failed to load businesses',
  noBusinessesFound: 'No businesses found.',
  unknownBusiness: 'Unknown Business',
  activeBookingsDelete:
    'Cannot delete account: You have active bookings. Please cancel or complete them first.',
  deletionFailed: 'Deletion failed',
  accountDeleted: 'Account deleted',
} as const;

export const invalidTimeSlotFor = (day: string) =>
  `Invalid time slot for ${day}: Start time must be before end time`;
export const timeSlotsOverlapOn = (day: string) => `Time slots overlap on ${day}`;
export const priceAtLeast = (min: number) => `Price must be at least £${min}`;
export const containsInappropriateContent = (field: string) => `${field} contains inappropriate content`;
export const cannotChangeBooking = (from: string, to: string) =>
  `Cannot change booking from ${from} to ${to}`;
