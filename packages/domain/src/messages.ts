/**
 * Every user-facing message of the product spec (validation rules §5, error catalogue §8, toasts),
 * letter for letter, in one place. Functions build the messages that carry a value.
 * Where the spec writes a toast as 'Title: message' or 'Title / message', the title and the
 * message are separate entries (notifications show them apart).
 * Entries marked "(ours)" are not in the spec: they give a clear message where the spec has none.
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
  /** (ours, issue 29 item 10) A new password with a character outside A–Z, 0–9 and @$!%*?&. */
  passwordCharacters: 'Password can only use letters A–Z (no accents), numbers and @$!%*?&',
  signUpUserTypeOnly: 'Sign-up can only create customer accounts',
  // Codes and reset (§5)
  checkConfirmationCode: 'Please check your confirmation code',
  confirmationCodeRequired: 'Confirmation code is required',
  /** (ours) The reset code must have 6 or more characters. */
  resetCodeTooShort: 'Please check your reset code',
  /** (ours) A date that is not a real YYYY-MM-DD day, or before 1900-01-01. */
  invalidDate: 'Please enter a valid date',
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
  /** api-contract §8.1: a decimal in any whole-pound field (minimum price, counter offer, customer price). */
  wholePounds: 'Enter a whole number of pounds',
  /** (ours) */
  inviteCodeRequired: 'Invite code is required',
  // Availability (admin)
  noTimeSlots: 'No time slots',
  setAtLeastOneSlot: 'Please set at least one time slot before saving',
  invalidTimeSlot: 'Invalid time slot',
  // Prices and other admin rules
  counterMax: 'Maximum counter offer is £300',
  /** (ours) */
  counterMin: 'Counter offer must be at least £1',
  /** (ours) */
  priceTooHigh: 'Price is too high',
  /** (ours) */
  bookingDateTimeFormat: 'Booking time must be a date and time (YYYY-MM-DD HH:MM)',
  /** (ours) */
  counterResponse: 'Response must be Accepted or Declined',
  /** (ours) */
  mustBeTrueOrFalse: 'Must be true or false',
  /** (ours) A key in PUT /user/notification-settings that is none of the four settings. */
  notANotificationSetting: 'Not a notification setting',
  /** (ours) An id that is not a uuid. */
  invalidId: 'Invalid id',
  /** (ours) Text with a control character (NUL, escape, DEL…); multi-line fields allow line breaks and tabs. */
  invalidCharacters: 'Contains invalid characters',
  /** (ours) Away dates */
  awayDateFormat: 'Dates must be in the format YYYY-MM-DD',
  awayStartAfterEnd: 'Start date must be on or before end date',
  awayInPast: 'Away dates cannot be in the past',
  awayTooFarAhead: 'Away dates can be set at most 1 year ahead',
  awayStatusActive: "Status must be 'active'",
  awayReasonMax: 'Reason must be 100 characters or fewer',
  /** (ours) Cancellation policy and a business's cancellation (api-contract §8.4) */
  cancellationNoticeRange: 'Notice must be a whole number of hours from 0 to 72',
  cancellationReasonRequired: 'Please give a reason for cancelling',
  cancellationReasonMax: 'Reason must be 200 characters or fewer',
  /** (ours) A change of hours or away dates over agreed bookings (issue 29) */
  agreedBookingsChoice: 'Choose to keep or cancel the agreed bookings',
  agreedBookingsChanged:
    'Your agreed bookings changed while you were choosing. Check the list again and choose what to do with each.',
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
  /** 403: a signed-in account whose type may not make this call (api-contract §1). */
  accountTypeNotAllowed: 'Your account type may not do this.',
  // Auth screen
  verificationRequiredTitle: 'Account Verification Required',
  stayOnPage: 'Stay on Page',
  leaveWithoutVerifying: 'Leave Without Verifying',
  // Invite flow (§8)
  invalidInvitation: 'Invalid Invitation',
  inviteExpired: 'This invitation has expired. Please contact an administrator for a new invitation.',
  inviteInvalidOrUsed: 'This invitation link is invalid or has already been used.',
  verifyingInvitation: 'Verifying invitation...',
  /** Toast 'Validation Error: Please complete all required fields before submitting.' */
  validationErrorTitle: 'Validation Error',
  completeRequiredFields: 'Please complete all required fields before submitting.',
  /** Toast title; the message is the server message or `failedToRegister`. */
  registrationFailed: 'Registration Failed',
  failedToRegister: 'Failed to register',
  /** Toast 'Registration Successful: Please check your email for a confirmation code.' */
  registrationSuccessful: 'Registration Successful',
  checkEmailForCode: 'Please check your email for a confirmation code.',
  failedToConfirmAccount: 'Failed to confirm account',
  accountConfirmed: 'Account Confirmed!',
  codeResent: 'Code Resent',
  checkEmailForNewCode: 'Please check your email for the new confirmation code.',
  resendFailed: 'Resend Failed',
  failedToResendCode: 'Failed to resend code',
  // Data and actions (§8)
  failedToLoadAvailability: 'Failed to load availability',
  failedToLoadBusinesses: 'Failed to load businesses',
  failedToLoadData: 'Failed to load data',
  failedToLoadProfile: 'Failed to load profile data. Please try again.',
  failedToLoadAddress: 'Failed to load your address information',
  failedToUpdateProfile: 'Failed to update profile',
  failedToUpdateAvailability: 'Failed to update availability',
  failedToUpdateMinimumPrice: 'Failed to update minimum price',
  failedToUpdateHomeVisit: 'Failed to update home visit setting',
  /** (ours) Toast title when a notification checkbox could not be saved; the box goes back. */
  failedToSaveNotificationSettings: 'Failed to save notification settings',
  failedToUpdateBooking: 'Failed to update booking',
  failedToUpdateHomeVisitRetry: 'Failed to update home visit setting. Please try again.',
  failedToSaveAvailability: 'Failed to save availability',
  failedToSaveAwayDates: 'Failed to save away dates',
  failedToSaveMinimumPrice: 'Failed to save minimum price',
  /** Toast 'Authentication required / You must be logged in to book' (then redirect to /login). */
  authenticationRequired: 'Authentication required',
  /** (ours, issue 29 item 3) On /login when a session that was in use ended (its refresh failed). */
  sessionEnded: 'Your session ended; sign in to carry on',
  mustBeLoggedInToBook: 'You must be logged in to book',
  /** Toast title; the message is the server message, or `bookingFailedFallback`. */
  bookingFailed: 'Booking failed',
  bookingFailedFallback: 'Booking failed.',
  failedToConfirmBooking: 'Failed to confirm booking. Please try again.',
  /** Toast 'Address required / Address is required for home visit bookings.' */
  addressRequiredTitle: 'Address required',
  homeVisitCancelled: 'Home visit cancelled',
  /** Toast title; the message is the server message or `failedToInvite`. */
  invitationFailed: 'Invitation Failed',
  failedToInvite: 'Failed to invite',
  failedToAddToCalendar: 'Failed to add to calendar. Please try again.',
  noBusinessesFound: 'No businesses found.',
  unknownBusiness: 'Unknown Business',
  activeBookingsDelete:
    'Cannot delete account: You have active bookings. Please cancel or complete them first.',
  deletionFailed: 'Deletion failed',
  // Success toasts (§8)
  accountDeleted: 'Account deleted',
  awayDatesAdded: 'Away dates added',
  invitationSent: 'Invitation Sent',
  minimumPriceUpdated: 'Minimum price updated successfully!',
} as const;

export const invalidTimeSlotFor = (day: string) =>
  `Invalid time slot for ${day}: Start time must be before end time`;
export const timeSlotsOverlapOn = (day: string) => `Time slots overlap on ${day}`;
export const priceAtLeast = (min: number) => `Price must be at least £${min}`;
export const containsInappropriateContent = (field: string) => `${field} contains inappropriate content`;
/** api-contract §8.4: a customer's cancellation inside the business's notice (409 TooLateToCancel). */
export const tooLateToCancel = (businessName: string, noticeHours: number) =>
  `This booking can no longer be cancelled online: ${businessName} asks for ${noticeHours} hours' notice`;
export const cannotChangeBooking = (from: string, to: string) =>
  `Cannot change booking from ${from} to ${to}`;
/** (ours) The cap on every free-text field. */
export const atMostCharacters = (max: number) => `Must be at most ${max} characters`;
/** (ours) A field that is missing from a request body. */
export const fieldRequired = (field: string) => `${field} is required`;
/** (ours) A weekday key that is not Monday to Sunday. */
export const unknownWeekday = (key: string) => `Unknown weekday: ${key}`;
/** (ours) A time range that is not 'HH:MM-HH:MM' or {start, end} in HH:MM. */
export const invalidTimeFormatFor = (day: string) =>
  `Invalid time slot for ${day}: Times must be in the format HH:MM`;
